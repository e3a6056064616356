over = "from-file"
