variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
  }))
  validation {
    condition     = alltrue([for b in var.buckets : length(b.name) > 2]) && length(base64encode(var.buckets[0].name)) > 0
    error_message = "not reached"
  }
}
