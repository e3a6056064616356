variable "region" {
  type = string
  validation {
    condition     = can(regex("^[a-z]+-[a-z]+-[0-9]$", var.region))
    error_message = "Not a region: ${var.region}."
  }
}
variable "list" {
  type = list(number)
}
variable "over" {
  default = "d"
}
