variable "t" {}
