max = 3
