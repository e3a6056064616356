variable "x" {}
variable "y" {}
variable "z" {
  type = string
}
