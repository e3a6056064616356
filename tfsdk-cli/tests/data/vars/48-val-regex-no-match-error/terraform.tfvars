code = "abcd"
