variable "b" {}
variable "h" {
  type = string
}
