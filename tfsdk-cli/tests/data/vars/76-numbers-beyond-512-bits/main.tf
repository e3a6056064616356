variable "n" {}
variable "j" {}
