version_string = "0.12.3"
