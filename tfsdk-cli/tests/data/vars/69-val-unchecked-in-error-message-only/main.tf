variable "z" {
  type    = string
  default = "ok"
  validation {
    condition     = var.z != "ok"
    error_message = format("z is %s", var.z)
  }
}
