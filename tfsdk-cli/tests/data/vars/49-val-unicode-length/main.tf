variable "word" {
  type = string
  validation {
    condition     = length(var.word) <= 5
    error_message = "At most 5 characters, got ${length(var.word)}."
  }
}
