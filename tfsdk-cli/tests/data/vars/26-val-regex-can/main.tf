variable "bucket" {
  type = string
  validation {
    condition     = can(regex("^[a-z0-9-]{3,63}$", var.bucket))
    error_message = "Bucket names use lowercase letters, digits and dashes."
  }
}
variable "ok" {
  type    = string
  default = "my-bucket-1"
  validation {
    condition     = can(regex("^[a-z0-9-]{3,63}$", var.ok))
    error_message = "never"
  }
}
