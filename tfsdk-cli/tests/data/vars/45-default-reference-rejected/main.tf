variable "a" {
  default = var.b
}
variable "b" {
  default = 1
}
