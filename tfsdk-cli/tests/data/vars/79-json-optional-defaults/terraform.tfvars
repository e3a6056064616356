name = "Web"
