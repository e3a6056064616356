variable "a" {}
variable "b" {
  type = list(number)
}
variable "c" {
  type = number
}
