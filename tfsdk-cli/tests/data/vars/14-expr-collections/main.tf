variable "tuple" {}
variable "object" {}
variable "picked" {}
