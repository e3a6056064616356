resource "files_file" "motd" {
  path        = "motd.txt"
  content     = "Welcome!\n"
  permissions = "0644"

  owner {
    name  = "ops"
    email = "ops@example.com"
  }

  labels = [
    { key = "env", value = "dev" },
  ]
}

# A secret that never reaches plan or state (Terraform 1.11 and newer): bump the version to
# write it again.
resource "files_file" "token" {
  path               = "token.txt"
  content_wo         = var.token
  content_wo_version = 1
  permissions        = "0600"
}

variable "token" {
  type      = string
  sensitive = true
  ephemeral = true
}
