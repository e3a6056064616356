# Read a secret for this run only: nothing of it reaches plan or state.
ephemeral "files_secret" "db" {
  path          = "db-password.txt"
  lease_seconds = 300
}

resource "files_file" "db_config" {
  path               = "db.conf"
  content_wo         = "password = ${ephemeral.files_secret.db.content}\n"
  content_wo_version = 1
}
