variable "opt" {
  type    = string
  default = null
  validation {
    condition     = var.opt == null || can(regex("^x", var.opt))
    error_message = "Starts with x."
  }
}
variable "bad" {
  type    = string
  default = "y"
  validation {
    condition     = var.bad == null || can(regex("^x", var.bad))
    error_message = "Starts with x."
  }
}
