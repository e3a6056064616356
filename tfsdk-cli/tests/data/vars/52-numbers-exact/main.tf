variable "n" {
  type = list(number)
}
