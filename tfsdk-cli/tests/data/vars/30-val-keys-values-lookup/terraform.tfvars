sizes = { small = 5, large = 2 }
