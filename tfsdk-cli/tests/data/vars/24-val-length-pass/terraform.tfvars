name = "service"
