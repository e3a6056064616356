domains = ["API.Example.COM", "other.org"]
