output "path" {
  value = provider::files::join_path("etc", "app", "config.toml") # "etc/app/config.toml"
}
