port = "http"
