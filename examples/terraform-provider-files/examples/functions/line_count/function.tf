output "lines" {
  value = provider::files::line_count("one\ntwo\n") # 2
}
