b = "${true}"
h = <<EOT
${"a"}${1 + 1}
EOT
