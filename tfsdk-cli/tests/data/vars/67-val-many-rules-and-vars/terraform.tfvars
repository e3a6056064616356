cfg = {
  name  = "svc-api"
  ports = [80, 70000]
}
