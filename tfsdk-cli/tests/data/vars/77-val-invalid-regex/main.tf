variable "a" {
  type    = string
  default = "["
  validation {
    condition     = regex(var.a, "x") == "x"
    error_message = "m"
  }
}
variable "b" {
  type    = string
  default = "(x"
  validation {
    condition     = regex(var.b, "x") == "x"
    error_message = "m"
  }
}
variable "c" {
  type    = string
  default = "x)"
  validation {
    condition     = regex(var.c, "x") == "x"
    error_message = "m"
  }
}
variable "d" {
  type    = string
  default = "a**"
  validation {
    condition     = regex(var.d, "x") == "x"
    error_message = "m"
  }
}
variable "e" {
  type    = string
  default = "\\q"
  validation {
    condition     = regex(var.e, "x") == "x"
    error_message = "m"
  }
}
variable "f" {
  type    = string
  default = "x{2,1}"
  validation {
    condition     = regex(var.f, "x") == "x"
    error_message = "m"
  }
}
