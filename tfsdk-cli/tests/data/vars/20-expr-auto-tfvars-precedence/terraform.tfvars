n = 1 + 1
s = "base"
