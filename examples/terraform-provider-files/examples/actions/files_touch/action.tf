# Terraform 1.14 and newer: touch a file after it is created or changed, or on demand with
# `terraform apply -invoke=action.files_touch.notes`.
action "files_touch" "notes" {
  config {
    path = "notes.txt"
  }
}

resource "files_file" "notes" {
  path    = "notes.txt"
  content = "Release notes\n"

  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.files_touch.notes]
    }
  }
}
