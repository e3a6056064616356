variable "o" {
  type = any
  validation {
    condition     = contains(keys(var.o), "id") && length(values(var.o)) == 2
    error_message = "Needs id and one more, has ${join(",", keys(var.o))}."
  }
}
