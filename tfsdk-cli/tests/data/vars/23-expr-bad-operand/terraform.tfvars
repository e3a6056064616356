a = "x" + 1
b = 1 ? true : false
