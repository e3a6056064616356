x = 1
variable "y" {
  default = 2
}
