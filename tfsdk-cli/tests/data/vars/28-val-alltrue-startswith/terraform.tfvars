ids = ["ami-123", "img-456"]
