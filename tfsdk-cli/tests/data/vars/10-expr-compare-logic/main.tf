variable "checks" {}
