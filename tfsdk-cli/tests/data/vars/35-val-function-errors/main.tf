variable "l" {
  type    = map(string)
  default = { a = "b" }
  validation {
    condition     = lookup(var.l, "zz") == ""
    error_message = "l bad."
  }
}
variable "t" {
  type    = string
  default = "abc"
  validation {
    condition     = tonumber(var.t) > 1
    error_message = "t bad."
  }
}
variable "m" {
  type    = any
  default = 5
  validation {
    condition     = length(var.m) > 1
    error_message = "m bad."
  }
}
