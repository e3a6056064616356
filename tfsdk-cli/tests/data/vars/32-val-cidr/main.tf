variable "cidr" {
  type = string
  validation {
    condition     = can(cidrhost(var.cidr, 0))
    error_message = "Must be a valid CIDR block."
  }
  validation {
    condition     = cidrnetmask(var.cidr) == "255.255.0.0"
    error_message = "Must be a /16, its first host is ${cidrhost(var.cidr, 1)}."
  }
}
