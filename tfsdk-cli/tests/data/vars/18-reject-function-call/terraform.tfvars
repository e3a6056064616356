a = upper("x")
b = [for x in [1] : max(x, 2)]
