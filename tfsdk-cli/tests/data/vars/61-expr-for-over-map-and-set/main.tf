variable "keys" {}
variable "pairs" {}
