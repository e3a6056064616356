t = [
  "x${1 + 1}y",
  "%{ for x in [1, 2] ~} ${x} %{~ endfor }",
  "%{ if 1 > 2 }big%{ else }small%{ endif }",
  "$${literal} and %%{literal}",
  "${true}-${3.5}",
]
