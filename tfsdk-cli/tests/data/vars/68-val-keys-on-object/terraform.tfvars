o = { id = 1, x = "a", y = true }
