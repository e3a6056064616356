buckets = [{ name = "docs" }, { name = "logs", enabled = false }]
