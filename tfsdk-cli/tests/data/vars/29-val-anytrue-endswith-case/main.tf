variable "domains" {
  type = list(string)
  validation {
    condition     = anytrue([for d in var.domains : endswith(lower(d), ".example.com")])
    error_message = "One domain must be under example.com."
  }
  validation {
    condition     = alltrue([for d in var.domains : upper(d) != d])
    error_message = "Domains must not be all upper case."
  }
}
