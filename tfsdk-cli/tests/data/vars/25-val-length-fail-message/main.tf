variable "name" {
  type = string
  validation {
    condition     = length(var.name) >= 3
    error_message = "The name must be at least 3 characters, got \"${var.name}\" (${length(var.name)})."
  }
}
