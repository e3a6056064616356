ports = [80, "443"]
settings = { name = "web" }
