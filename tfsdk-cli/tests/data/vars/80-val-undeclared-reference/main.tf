variable "x" {
  type    = number
  default = 1
  validation {
    condition     = var.x > var.lower_bound
    error_message = "x is below ${var.lower_bund}."
  }
}
