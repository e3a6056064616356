variable "name" {
  type = string
  validation {
    condition     = length(var.name) >= 3 && length(var.name) <= 10
    error_message = "The name must be 3 to 10 characters."
  }
}
