zones = "a,b"
