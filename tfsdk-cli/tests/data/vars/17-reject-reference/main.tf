variable "a" {}
variable "b" {
  default = "kept"
}
