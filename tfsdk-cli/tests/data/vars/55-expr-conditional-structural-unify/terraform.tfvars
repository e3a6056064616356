a = true ? [1] : ["a"]
b = false ? { x = 1 } : { x = "y" }
c = true ? null : [1]
