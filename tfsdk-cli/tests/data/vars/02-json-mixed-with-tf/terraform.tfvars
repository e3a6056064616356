native = 2 * 21
