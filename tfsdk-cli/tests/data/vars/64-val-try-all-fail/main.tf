variable "x" {
  type    = string
  default = "abc"
  validation {
    condition     = try(tonumber(var.x) > 1, regex("^z", var.x) == "z")
    error_message = "never shown"
  }
}
