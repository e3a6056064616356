x = true ? 1 : "a"
y = 2 > 3 ? [1] : [2, 3]
z = 1 == 1 ? null : "x"
