a = var.other
b = local.x
