variable "map" {
  type = map(number)
}
variable "grouped" {}
variable "squares" {
  type = list(number)
}
