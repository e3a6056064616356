output "mode_text" {
  value = provider::files::mode_string(488) # "0750"; null gives the default "0644"
}
