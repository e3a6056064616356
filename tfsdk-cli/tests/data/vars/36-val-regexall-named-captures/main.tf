variable "version_string" {
  type = string
  validation {
    condition     = length(regexall("[0-9]+", var.version_string)) == 3 && regex("^(?P<major>[0-9]+)", var.version_string).major != "0"
    error_message = "Use MAJOR.MINOR.PATCH with MAJOR above 0."
  }
}
