variable "l" {
  type = list(number)
}
variable "s" {
  type = string
}
