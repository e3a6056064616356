variable "code" {
  type = string
  validation {
    condition     = regex("^[A-Z]{3}$", var.code) == var.code
    error_message = "Three capitals."
  }
}
