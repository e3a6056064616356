variable "v6" {
  type    = string
  default = "fd00:1::/64"
  validation {
    condition     = cidrhost(var.v6, 5) == "fd00:1::6"
    error_message = "host 5 is ${cidrhost(var.v6, 5)}, last is ${cidrhost(var.v6, -1)}."
  }
}
variable "small" {
  type    = string
  default = "10.0.0.0/30"
  validation {
    condition     = cidrhost(var.small, 4) != ""
    error_message = "unreachable"
  }
}
variable "bad" {
  type    = string
  default = "10.0.0.0/33"
  validation {
    condition     = cidrnetmask(var.bad) != ""
    error_message = "unreachable"
  }
}
variable "mask" {
  type    = list(string)
  default = ["10.1.2.3/8", "192.168.7.0/23", "0.0.0.0/0"]
  validation {
    condition     = alltrue([for c in var.mask : cidrnetmask(c) == "255.255.255.255"])
    error_message = "masks: ${join(" ", [for c in var.mask : cidrnetmask(c)])} hosts: ${join(" ", [for c in var.mask : cidrhost(c, 2)])}"
  }
}
