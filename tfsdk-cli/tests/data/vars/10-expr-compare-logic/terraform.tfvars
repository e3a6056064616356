checks = [1 < 2, 2 <= 1, "3" > 2, 1 == 1.0, 1 == "1", [1, 2] == [1, 2], { a = 1 } != { a = 2 }, true && !false, false || null == null]
