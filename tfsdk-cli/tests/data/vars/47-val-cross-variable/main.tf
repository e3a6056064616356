variable "min" {
  type    = number
  default = 5
}
variable "max" {
  type = number
  validation {
    condition     = var.max > var.min
    error_message = "max (${var.max}) must exceed min (${var.min})."
  }
}
