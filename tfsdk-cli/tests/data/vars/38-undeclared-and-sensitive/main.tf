variable "secret" {
  type      = string
  sensitive = true
}
variable "n" {
  default = 1
}
