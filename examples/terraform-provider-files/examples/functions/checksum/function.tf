output "checksum" {
  value = provider::files::checksum("hello") # "2cf24dba5fb0a30e..."
}
