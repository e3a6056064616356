variable "size" {
  type = number
  validation {
    condition     = var.size % 2 == 0
    error_message = "Even sizes only."
  }
}
