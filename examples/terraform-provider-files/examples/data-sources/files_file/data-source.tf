data "files_file" "motd" {
  path = "motd.txt"
}

output "motd_size" {
  value = data.files_file.motd.size
}
