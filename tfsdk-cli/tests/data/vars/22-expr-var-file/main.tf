variable "o" {
  type = object({ a = number, b = optional(string, "dflt") })
}
