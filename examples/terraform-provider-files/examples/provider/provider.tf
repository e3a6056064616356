terraform {
  required_providers {
    files = {
      source = "example/files"
    }
  }
}

# Relative paths start in ./out (FILES_BASE_DIR when unset, else the working directory).
provider "files" {
  base_dir = abspath("${path.module}/out")
}
