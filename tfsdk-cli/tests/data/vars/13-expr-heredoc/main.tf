variable "plain" {}
variable "indented" {}
