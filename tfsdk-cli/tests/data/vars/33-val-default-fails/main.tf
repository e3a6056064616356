variable "replicas" {
  type    = number
  default = 0
  validation {
    condition     = var.replicas > 0
    error_message = "At least one replica."
  }
}
