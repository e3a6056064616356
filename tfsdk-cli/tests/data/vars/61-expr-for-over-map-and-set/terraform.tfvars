keys = [for k, v in { b = 2, a = 1 } : k]
pairs = { for i, v in ["x", "y"] : v => i * 10 }
