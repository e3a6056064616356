#!/usr/bin/env python3
"""The cost of forwarding (issue 41): whole Terraform 1.15.5 runs of a forwarded type against
the Go provider served directly, alternating in one run, and the start-up of a front.

Two installs of the petstore provider, each through `dev_overrides`:

* *Go direct*: the Go provider (tests/go-providers/framework, `go build -trimpath`) installed
  as `terraform-provider-petstore`;
* *front*: the Rust front (examples/terraform-provider-petstore, release build) installed as
  `terraform-provider-petstore` with the same Go build beside it as
  `terraform-provider-petstore-go`, to which it forwards `petstore_pet`.

Scenarios, each `plan`, `apply`, a no-change `plan` and `destroy` in a fresh directory (the
commands of scripts/whole_run.py, whose driver this script uses):

* `N pets`: `petstore_pet` with `count = N` (default N = 1000): every call forwarded;
* `Rust only`: one `petstore_owner` through the front, after a first run that cached what the
  Go provider serves: the Go processes started are counted (expected: none).

Then the start-up: the median time from spawning each executable (as Terraform does: magic
cookie, protocol versions) to its handshake line, over `--starts` launches, for the front, the
Go provider and `launch-probe` (a provider served without forwarding, built with
`--probe`).

    python3 scripts/forward_run.py --runs 3
    python3 scripts/forward_run.py --count 200 --runs 1 --probe
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import whole_run  # noqa: E402  (the driver and commands of the whole-run benchmark)

ROOT = whole_run.ROOT
WORK = ROOT / "target" / "forward-run"
MAGIC_COOKIE = ("TF_PLUGIN_MAGIC_COOKIE",
                "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2")


def build():
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "terraform-provider-petstore",
                    "--bin", "terraform-provider-petstore"], cwd=ROOT, check=True)
    go = WORK / "go" / "terraform-provider-petstore-go"
    go.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CGO_ENABLED="0")
    subprocess.run(["go", "build", "-mod=readonly", "-trimpath", "-o", str(go), "."],
                   cwd=ROOT / "tests" / "go-providers" / "framework", env=env, check=True)
    return ROOT / "target" / "release" / "terraform-provider-petstore", go


def install(name, provider, go=None):
    """A plugin directory holding `provider` (and `go` beside it); its CLI configuration."""
    plugins = WORK / name / "plugins"
    shutil.rmtree(plugins, ignore_errors=True)
    plugins.mkdir(parents=True)
    shutil.copy2(provider, plugins / "terraform-provider-petstore")
    if go is not None:
        shutil.copy2(go, plugins / "terraform-provider-petstore-go")
    rc = WORK / name / "dev.tfrc"
    rc.write_text('provider_installation {\n  dev_overrides { "example/petstore" = "%s" }\n'
                  '  direct {}\n}\n' % plugins)
    return rc


def configuration(directory, resources):
    return {
        "terraform": {"required_providers": {"petstore": {"source": "example/petstore"}}},
        "provider": {"petstore": {"directory": str(directory / "store")}},
        "resource": resources,
    }


def commands(directory, rc):
    """The four commands in `directory`; (command, wall, provider CPU) each."""
    rows = []
    for command, args, expect in whole_run.COMMANDS:
        wall, provider, _ = whole_run.run(directory, rc, args, expect)
        rows.append((command, wall, provider))
    return rows


def fresh(name, resources):
    directory = WORK / "runs" / name
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    (directory / "main.tf.json").write_text(json.dumps(configuration(directory, resources)))
    return directory


def pets(count):
    return {"petstore_pet": {"p": {"count": count, "name": "pet-${count.index}"}}}


def time_to_handshake(executable, starts):
    env = dict(os.environ, PLUGIN_PROTOCOL_VERSIONS="5,6")
    env[MAGIC_COOKIE[0]] = MAGIC_COOKIE[1]
    times = []
    for _ in range(starts):
        start = time.perf_counter()
        process = subprocess.Popen([str(executable)], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        line = process.stdout.readline()
        times.append(time.perf_counter() - start)
        process.kill()
        process.wait()
        if "|" not in line:
            sys.exit("%s printed no handshake line: %r" % (executable, line))
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--probe", action="store_true",
                        help="also time launch-probe's start (a release build of benches)")
    options = parser.parse_args()

    whole_run.install_terraform()
    front, go = build()
    installs = {"Go direct": install("direct", go), "front": install("front", front, go)}

    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    results = {}
    for _ in range(options.runs):
        # Alternating, so that a change in the machine's speed reaches both alike.
        for name, rc in installs.items():
            directory = fresh(name.replace(" ", "-"), pets(options.count))
            for command, wall, provider in commands(directory, rc):
                results.setdefault((name, command), []).append((wall, provider))

    print("\n%d pets (`petstore_pet`, forwarded by the front), medians of %d runs:\n"
          % (options.count, options.runs))
    # Wall times only: the Go child of a front is the front's child, not Terraform's, so
    # Terraform's RUSAGE_CHILDREN does not see all of its CPU time.
    print("| command | Go direct, wall | front, wall | front ÷ Go |")
    print("|---|---|---|---|")
    for command, _, _ in whole_run.COMMANDS:
        go_wall = statistics.median(w for w, _ in results[("Go direct", command)])
        front_wall = statistics.median(w for w, _ in results[("front", command)])
        print("| %s | %.2f s | %.2f s | %.2f× |"
              % (command, go_wall, front_wall, front_wall / go_wall))

    # A run that touches only Rust types: after a first run has cached the Go catalog.
    starts_file = WORK / "go-starts.txt"
    starts_file.unlink(missing_ok=True)
    os.environ["PETSTORE_STARTS"] = str(starts_file)
    os.environ["TFSDK_FORWARD_CACHE_DIR"] = str(WORK / "cache")
    shutil.rmtree(WORK / "cache", ignore_errors=True)
    owner = {"petstore_owner": {"alice": {"name": "Alice"}}}
    commands(fresh("warm", owner), installs["front"])
    warmed = len(starts_file.read_text().split()) if starts_file.exists() else 0
    rust_only = [commands(fresh("rust-only", owner), installs["front"])
                 for _ in range(options.runs)]
    started = (len(starts_file.read_text().split()) if starts_file.exists() else 0) - warmed
    print("\nRust only (one `petstore_owner` through the front, catalog cached), medians of "
          "%d runs; Go processes started: %d\n" % (options.runs, started))
    print("| command | wall | provider CPU |")
    print("|---|---|---|")
    for index, (command, _, _) in enumerate(whole_run.COMMANDS):
        wall = statistics.median(run[index][1] for run in rust_only)
        cpu = statistics.median(run[index][2] for run in rust_only)
        print("| %s | %.2f s | %.3f s |" % (command, wall, cpu))

    print("\nStart to handshake line, median of %d launches:\n" % options.starts)
    print("| executable | time |")
    print("|---|---|")
    print("| front (forwarding, no child started) | %.1f ms |"
          % (1000 * time_to_handshake(front, options.starts)))
    print("| Go provider (terraform-plugin-framework) | %.1f ms |"
          % (1000 * time_to_handshake(go, options.starts)))
    if options.probe:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "tfsdk-benches", "--bin",
                        "launch-probe"], cwd=ROOT, check=True)
        probe = ROOT / "target" / "release" / "launch-probe"
        print("| launch-probe (a Rust provider without forwarding) | %.1f ms |"
              % (1000 * time_to_handshake(probe, options.starts)))
    print("\nload average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
