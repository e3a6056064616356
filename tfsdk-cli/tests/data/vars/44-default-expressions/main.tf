variable "a" {
  type    = number
  default = 60 * 60 * 24
}
variable "b" {
  default = [for s in ["x", "y"] : "${s}!"]
}
variable "c" {
  type    = map(string)
  default = { for i, v in ["p", "q"] : v => i }
}
