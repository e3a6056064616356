# `terraform query` (Terraform 1.14 and newer): the .txt files of the base directory, with
# their whole state; add -generate-config-out=files.tf to write import blocks for them.
list "files_file" "texts" {
  provider         = files
  include_resource = true

  config {
    suffix = ".txt"
  }
}
