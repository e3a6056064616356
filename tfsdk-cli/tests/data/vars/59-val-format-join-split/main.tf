variable "zones" {
  type = string
  validation {
    condition     = length(split(",", var.zones)) >= 3
    error_message = format("Need 3 zones, got %d: %s (%q).", length(split(",", var.zones)), join(" and ", split(",", var.zones)), var.zones)
  }
}
variable "names" {
  type    = list(string)
  default = ["a", "b", "a"]
  validation {
    condition     = length(distinct(var.names)) == length(var.names)
    error_message = "Duplicate names: ${join(", ", var.names)}; ${replace(upper(var.names[0]), "A", "x")} ${substr("hello", 1, 3)} ${trimprefix("prefix-x", "prefix-")} ${min(3, 1, 2)} ${max(1, 5)} ${abs(-4)} ${coalesce("", "c")} ${length(concat([1], [2, 3]))}."
  }
}
