map = { for k, v in { a = 1, b = 2 } : "${k}_x" => v * 10 }
grouped = { for s in ["apple", "avocado", "banana"] : (s == "banana" ? "b" : "a") => s... }
squares = [for x in [1, 2, 3, 4] : x * x if x % 2 == 0]
