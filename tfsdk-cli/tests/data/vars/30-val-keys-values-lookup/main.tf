variable "sizes" {
  type = map(number)
  validation {
    condition     = length(keys(var.sizes)) == 2 && alltrue([for v in values(var.sizes) : v > 0])
    error_message = "Two positive sizes."
  }
  validation {
    condition     = lookup(var.sizes, "small", 1) < lookup(var.sizes, "large")
    error_message = "small must be below large."
  }
}
