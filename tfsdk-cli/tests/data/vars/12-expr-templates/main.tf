variable "t" {
  type = list(string)
}
