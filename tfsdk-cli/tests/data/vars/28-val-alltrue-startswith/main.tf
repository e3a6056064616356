variable "ids" {
  type = list(string)
  validation {
    condition     = alltrue([for id in var.ids : startswith(id, "ami-")])
    error_message = "Every id must start with ami-."
  }
}
