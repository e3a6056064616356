variable "n" {
  type    = string
  default = "abc"
  validation {
    condition     = var.n == "abc" ? null : true
    error_message = "n null."
  }
}
variable "s" {
  type    = string
  default = "abc"
  validation {
    condition     = var.s == "abc" ? "maybe" : "true"
    error_message = "s str."
  }
}
