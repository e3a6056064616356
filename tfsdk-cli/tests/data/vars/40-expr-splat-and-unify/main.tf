variable "names" {}
variable "mixed" {
  type = list(string)
}
variable "obj" {}
