//! Hostile input for `tfsdk vars`: each case ends with an error, quickly and in bounded
//! memory (measured with `/usr/bin/time` where the machine has it).

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Peak resident memory allowed for one run (a debug build, with the process's own start-up).
const MAX_RSS_KB: u64 = 256 * 1024;

/// Runs `tfsdk vars DIR ARGS...`: its output, time taken and peak memory (KiB) when known.
fn tfsdk_vars(dir: &Path, args: &[&str]) -> (Output, Duration, Option<u64>) {
    let bin = env!("CARGO_BIN_EXE_tfsdk");
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "max-rss-kb=%M", bin]);
        c
    } else {
        Command::new(bin)
    };
    cmd.arg("vars").arg(dir).arg("--no-env").args(args);
    let started = Instant::now();
    let out = cmd.output().unwrap();
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let rss = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("max-rss-kb="))
        .next_back()
        .and_then(|v| v.trim().parse().ok());
    (out, elapsed, rss)
}

fn module() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("main.tf"),
        "variable \"a\" {\n  default = 1\n}\n",
    )
    .unwrap();
    dir
}

fn assert_bounded(name: &str, out: &Output, elapsed: Duration, rss: Option<u64>, error: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
    assert!(
        stderr.contains(error),
        "{name}: expected {error:?} in {stderr}"
    );
    assert!(
        elapsed < Duration::from_secs(30),
        "{name}: took {elapsed:?}"
    );
    if let Some(kb) = rss {
        assert!(kb < MAX_RSS_KB, "{name}: peak memory {kb} KiB");
    }
    eprintln!("{name}: error in {elapsed:.2?}, peak memory {rss:?} KiB");
}

#[test]
fn a_100000_deep_tfvars_ends_in_an_error_without_overflowing_the_stack() {
    let dir = module();
    let deep = format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    std::fs::write(dir.path().join("terraform.tfvars"), deep).unwrap();
    let (out, elapsed, rss) = tfsdk_vars(dir.path(), &[]);
    assert_bounded("100,000 deep", &out, elapsed, rss, "nesting depth");

    let deep_json = format!("{{\"a\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    std::fs::write(dir.path().join("terraform.tfvars"), "").unwrap();
    std::fs::write(dir.path().join("terraform.tfvars.json"), deep_json).unwrap();
    let (out, elapsed, rss) = tfsdk_vars(dir.path(), &[]);
    assert_bounded(
        "100,000 deep JSON",
        &out,
        elapsed,
        rss,
        "nests more than 64 levels",
    );
}

#[test]
fn a_500_mb_tfvars_is_refused_by_its_size_before_it_is_read() {
    let dir = module();
    let path = dir.path().join("huge.tfvars");
    // Sparse: the file claims 500 MB without using the disk.
    std::fs::File::create(&path)
        .unwrap()
        .set_len(500 * 1024 * 1024)
        .unwrap();
    let (out, elapsed, rss) = tfsdk_vars(dir.path(), &["--var-file", path.to_str().unwrap()]);
    assert_bounded("500 MB", &out, elapsed, rss, "File too large");
}

#[test]
fn an_expression_that_would_build_a_billion_values_stops_at_the_budget() {
    let dir = module();
    let thousand: Vec<String> = (0..1000).map(|i| i.to_string()).collect();
    let list = format!("[{}]", thousand.join(", "));
    let bomb = format!(
        "a = [for x in {list} : [for y in {list} : [for z in {list} : \"${{x}}${{y}}${{z}}\"]]]\n"
    );
    std::fs::write(dir.path().join("terraform.tfvars"), bomb).unwrap();
    let (out, elapsed, rss) = tfsdk_vars(dir.path(), &[]);
    assert_bounded("for bomb", &out, elapsed, rss, "Expression too complex");
}
