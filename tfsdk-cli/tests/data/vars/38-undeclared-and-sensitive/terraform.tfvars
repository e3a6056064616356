secret = "s3cr3t"
extra_one = 1
extra_two = 2 + 2
