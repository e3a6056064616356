#!/usr/bin/env python3
"""End-to-end time and peak memory of the `tfsdk` tool on the `buckets` constraint (issue 18).

Generates the inputs once (the `buckets` constraint of benches/benches/typeexpr.rs, elements
cycling through its three shapes), then runs the release binary on each size and reports wall
time, CPU time (user + system: what the load stretches least), peak RSS (from
`/usr/bin/time -v`), peak RSS over the input's size, and the growth exponent between
consecutive sizes, of wall and of CPU time (log(time ratio) / log(size ratio); 1.0 is linear).
Timing is from process start to exit, so it includes reading the input and writing every byte
of the output.

Three commands:

* `convert`: `tfsdk convert --json-lines` with one line `{"type": BUCKETS, "value": [...]}`;
* `vars`: `tfsdk vars DIR` on a module declaring `variable "buckets"` with the value in
  `terraform.tfvars.json` (console text on stdout);
* `vars-json`: the same with `--json`.

`tfsdk vars` reads variable files of at most 4 MiB (about 45,000 of these elements), so the
larger sizes are measured for `convert` only.

    python3 scripts/cli_stream.py                        # 10k, 100k, 1M; every command; 3 runs
    python3 scripts/cli_stream.py --sizes 10000 --runs 5 --commands convert
    python3 scripts/cli_stream.py --bin path/to/tfsdk    # another build (e.g. an older commit)

The binary is built with `cargo build --release -p tfsdk-cli` unless --bin is given; inputs
live in target/cli-stream/ (override with --dir). Each figure is the median of the runs; the
load average is printed with them since timings on a shared machine move with it.
"""

import argparse
import math
import os
import pathlib
import re
import statistics
import subprocess
import sys

BUCKETS = """list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))"""


# `tfsdk vars` refuses variable files larger than this (limits::MAX_VARS_FILE_BYTES).
VARS_FILE_LIMIT = 4 << 20


def element(i):
    """One bucket, as benches/benches/typeexpr.rs writes it."""
    shape = i % 3
    if shape == 0:
        return (
            '{"name": "production-%d", "website": {"routing_rules": '
            '"[{\\"Condition\\": {\\"KeyPrefixEquals\\": \\"img/\\"}}]"}}' % i
        )
    if shape == 1:
        return '{"name": "archived-%d", "enabled": false}' % i
    return (
        '{"name": "docs-%d", "website": {"index_document": "index.txt", '
        '"error_document": "error.txt"}}' % i
    )


def write_value(f, n):
    f.write("[")
    for i in range(n):
        if i:
            f.write(",")
        f.write(element(i))
    f.write("]")


def json_string(s):
    out = ['"']
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def inputs(root, n):
    """The json-lines file and the module directory for n elements (written once)."""
    lines = root / f"convert-{n}.jsonl"
    module = root / f"vars-{n}"
    if not lines.exists():
        tmp = lines.with_suffix(".tmp")
        with open(tmp, "w") as f:
            f.write('{"type": %s, "value": ' % json_string(BUCKETS))
            write_value(f, n)
            f.write("}\n")
        tmp.rename(lines)
    if not (module / "terraform.tfvars.json").exists():
        module.mkdir(parents=True, exist_ok=True)
        (module / "main.tf").write_text('variable "buckets" {\n  type = %s\n}\n' % BUCKETS)
        tmp = module / "tfvars.tmp"
        with open(tmp, "w") as f:
            f.write('{"buckets": ')
            write_value(f, n)
            f.write("}\n")
        tmp.rename(module / "terraform.tfvars.json")
    return lines, module


def run(argv, stdin_path):
    """Wall seconds, CPU seconds (user + system) and peak RSS bytes of one run, from
    /usr/bin/time -v."""
    with open(stdin_path, "rb") if stdin_path else open(os.devnull, "rb") as stdin:
        proc = subprocess.run(
            ["/usr/bin/time", "-v"] + argv,
            stdin=stdin,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed:\n{proc.stderr}")
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", proc.stderr)
    hours, minutes, seconds = wall.groups()
    seconds = int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds)
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr).group(1))
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", proc.stderr).group(1))
              for kind in ("User", "System"))
    return seconds, cpu, rss_kb * 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--commands", nargs="+", default=["convert", "vars", "vars-json"],
                        choices=["convert", "vars", "vars-json"])
    parser.add_argument("--bin", help="the tfsdk binary (default: build the release one)")
    parser.add_argument("--dir", help="where the inputs go (default: target/cli-stream)")
    args = parser.parse_args()

    repo = pathlib.Path(__file__).resolve().parent.parent
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", repo / "target"))
    if args.bin:
        binary = pathlib.Path(args.bin)
    else:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "tfsdk-cli"], cwd=repo, check=True)
        binary = target / "release" / "tfsdk"
    root = pathlib.Path(args.dir) if args.dir else target / "cli-stream"
    root.mkdir(parents=True, exist_ok=True)

    print(f"binary: {binary}")
    print(f"{'command':<10} {'elements':>9} {'input MB':>9} {'wall ms':>9} {'cpu ms':>8} {'peak MB':>8} "
          f"{'peak/input':>10} {'exp wall':>8} {'exp cpu':>7}  load")
    for command in args.commands:
        previous = None
        for n in args.sizes:
            lines, module = inputs(root, n)
            if command == "convert":
                argv, stdin, size = [str(binary), "convert", "--json-lines"], lines, lines.stat().st_size
            else:
                if (module / "terraform.tfvars.json").stat().st_size > VARS_FILE_LIMIT:
                    print(f"{command:<10} {n:>9}   (the value file is over the tool's "
                          f"{VARS_FILE_LIMIT >> 20} MiB limit for variable files)")
                    continue
                argv = [str(binary), "vars", str(module), "--no-env"]
                if command == "vars-json":
                    argv.append("--json")
                stdin, size = None, (module / "terraform.tfvars.json").stat().st_size
            results = [run(argv, stdin) for _ in range(args.runs)]
            wall = statistics.median(r[0] for r in results)
            cpu = statistics.median(r[1] for r in results)
            peak = max(r[2] for r in results)
            exponent, exponent_cpu = "", ""
            if previous:
                scale = math.log(n / previous[0])
                exponent = f"{math.log(wall / previous[1]) / scale:.2f}"
                exponent_cpu = f"{math.log(cpu / previous[2]) / scale:.2f}"
            previous = (n, wall, cpu)
            load = " ".join(open("/proc/loadavg").read().split()[:3])
            print(f"{command:<10} {n:>9} {size / 1e6:>9.1f} {wall * 1000:>9.0f} {cpu * 1000:>8.0f} {peak / 1e6:>8.1f} "
                  f"{peak / size:>10.2f} {exponent:>8} {exponent_cpu:>7}  {load}", flush=True)


if __name__ == "__main__":
    main()
