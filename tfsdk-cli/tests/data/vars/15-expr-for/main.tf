variable "list" {}
variable "map" {}
variable "grouped" {}
