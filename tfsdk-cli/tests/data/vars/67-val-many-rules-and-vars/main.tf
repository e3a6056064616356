variable "cfg" {
  type = object({
    name  = string
    ports = list(number)
    tags  = optional(map(string), {})
  })
  validation {
    condition     = length(var.cfg.ports) > 0 && alltrue([for p in var.cfg.ports : p > 0 && p < 65536])
    error_message = "Ports must be 1-65535."
  }
  validation {
    condition     = lookup(var.cfg.tags, "owner", "") != ""
    error_message = "An owner tag is required for ${var.cfg.name}."
  }
  validation {
    condition     = startswith(var.cfg.name, "svc-")
    error_message = "Names start with svc-."
  }
}
