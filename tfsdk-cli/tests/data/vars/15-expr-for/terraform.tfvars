list = [for i, x in ["a", "b", "c"] : "${i}:${x}" if x != "b"]
map = { for k, v in { a = 1, b = 2 } : upper(k) => v }
grouped = { for s in ["apple", "avocado", "banana"] : substr(s, 0, 1) => s... }
