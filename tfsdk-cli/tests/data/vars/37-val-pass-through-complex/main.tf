variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
  }))
  validation {
    condition     = alltrue([for b in var.buckets : length(b.name) > 2]) && length(var.buckets) == length(distinct([for b in var.buckets : b.name]))
    error_message = "not reached"
  }
}
