bucket = "My_Bucket"
