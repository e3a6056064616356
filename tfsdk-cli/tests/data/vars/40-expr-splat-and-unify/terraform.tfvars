names = [{ n = "a" }, { n = "b" }][*].n
mixed = [1, true ? "x" : "y", false]
obj = true ? { a = 1 } : { a = 2, b = 3 }
