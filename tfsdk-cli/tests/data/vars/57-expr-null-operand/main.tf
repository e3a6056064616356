variable "a" {
  default = 0
}
variable "b" {
  default = 0
}
