variable "x" {
  type    = number
  default = 1
  validation {
    condition     = var.x > 5
    error_message = "x is ${var.x * 2} when doubled."
  }
}
