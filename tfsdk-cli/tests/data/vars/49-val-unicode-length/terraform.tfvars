word = "héllo wörld"
