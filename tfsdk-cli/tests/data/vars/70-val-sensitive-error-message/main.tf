variable "token" {
  type      = string
  sensitive = true
  validation {
    condition     = length(var.token) >= 8
    error_message = "The token ${var.token} is too short."
  }
}
variable "plain" {
  type      = string
  sensitive = true
  default   = "x"
  validation {
    condition     = length(var.plain) >= 8
    error_message = "Too short."
  }
}
