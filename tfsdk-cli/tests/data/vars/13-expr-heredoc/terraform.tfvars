plain = <<EOT
line one
  line ${1 + 1}
EOT
indented = <<-EOT
    a
      b
    EOT
