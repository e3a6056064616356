# Terraform 1.12 and newer: adopt an existing file by its identity, its path.
import {
  to       = files_file.motd
  identity = { path = "motd.txt" }
}
