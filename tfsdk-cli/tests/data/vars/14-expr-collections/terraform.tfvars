tuple = [1, "a", [true], { k = null }]
object = { "quoted key" = 1, (upper_key) = 2 }
picked = [[10, 20][1], { a = { b = "deep" } }.a.b, { x = 1 }["x"]]
