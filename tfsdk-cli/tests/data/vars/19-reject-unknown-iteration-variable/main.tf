variable "a" {
  default = []
}
