variable "l" {
  type = list(string)
}
