name = "ab"
