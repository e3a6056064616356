a = [for item in [1, 2] : iten]
