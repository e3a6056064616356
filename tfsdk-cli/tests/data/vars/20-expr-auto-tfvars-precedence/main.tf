variable "n" {
  type = number
}
variable "s" {}
