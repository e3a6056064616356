variable "ratio" {
  type    = number
  default = 0.125
  validation {
    condition     = var.ratio * 8 == 2
    error_message = format("ratio %v (%.2f) times 8 is %v, %d%% off; %s/%t/%q", var.ratio, var.ratio, var.ratio * 8, 50, "s", true, "q\"x")
  }
}
