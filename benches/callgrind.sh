#!/usr/bin/env bash
# Instructions per operation, measured by callgrind (noise-free, unlike wall time on a shared
# machine): runs the operation ITERATIONS times with its inputs built beforehand, collecting
# only inside the loop that runs it, and prints the count divided by ITERATIONS.
#
#   benches/callgrind.sh convert 'value_to_struct/N=10/derived' [ITERATIONS]
#
# Leaves the profile in target/callgrind/<bench>.<op>.out for callgrind_annotate.
set -euo pipefail
bench=$1
op=$2
iterations=${3:-100}
cd "$(dirname "$0")/.."
binary=$(cargo bench -p tfsdk-benches --bench "$bench" --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and "bench" in m["target"]["kind"]:
        print(m["executable"])')
mkdir -p target/callgrind
out="target/callgrind/$bench.$(echo "$op" | tr '/=' '__').out"
total=$(TFSDK_BENCH_PROFILE=$op TFSDK_BENCH_ITERATIONS=$iterations \
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiled_loop*' \
  --callgrind-out-file="$out" "$binary" 2>&1 |
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
echo "$op: $(( total / iterations )) instructions/op ($out)"
