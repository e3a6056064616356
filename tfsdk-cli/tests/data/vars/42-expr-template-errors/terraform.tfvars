a = "x${null}"
b = "x${[1]}"
