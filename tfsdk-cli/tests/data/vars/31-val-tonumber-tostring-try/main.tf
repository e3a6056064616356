variable "port" {
  type = string
  validation {
    condition     = try(tonumber(var.port) > 0 && tonumber(var.port) < 65536, false)
    error_message = "port must be a number from 1 to 65535, not ${tostring(var.port)}."
  }
}
