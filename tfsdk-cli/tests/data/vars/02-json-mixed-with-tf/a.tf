variable "native" {
  type = number
}
