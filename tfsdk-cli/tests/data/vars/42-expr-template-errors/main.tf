variable "a" {
  default = ""
}
variable "b" {
  default = ""
}
