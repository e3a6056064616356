t = "a %{~ if true ~} b %{~ else ~} c %{~ endif ~} d ${"e"} %{ for x in ["f"] ~}\n ${x} %{ endfor ~}  g"
