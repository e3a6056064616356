variable "x" {}
variable "y" {
  default = 1
}
