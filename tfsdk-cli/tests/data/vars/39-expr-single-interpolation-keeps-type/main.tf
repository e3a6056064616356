variable "n" {}
variable "l" {}
variable "s" {}
