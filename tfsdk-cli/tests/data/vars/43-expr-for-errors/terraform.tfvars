a = [for x in null : x]
b = [for x in 5 : x]
c = { for x in ["k", "k"] : x => 1 }
