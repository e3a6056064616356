variable "a" {
  default = 0
}
