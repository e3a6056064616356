a = null + 1
b = !null
