output "mode" {
  value = provider::files::parse_mode("0750") # 488
}
