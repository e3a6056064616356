//! Failures of the forwarded provider are Terraform diagnostics, never a hang or a lost state,
//! under Terraform 1.15.5 and 1.0.3: a missing executable, one that is not a plugin or prints
//! a bad handshake, a Go process killed in the middle of an apply (the Rust resource of the
//! same run is created and kept), a type both sides serve, provider schemas that differ. No
//! process is left running.

mod support;

use std::os::unix::fs::PermissionsExt;
use std::time::{Duration, Instant};

use support::{
    APPLY, FRONT, FRONT_WITH_TAG, Install, Pair, assert_contains, go_provider, processes_of,
};
use tfsdk_testing::TerraformVersion;

const PET: &str = r#"
resource "petstore_owner" "alice" {
  name = "Alice"
}

resource "petstore_pet" "rex" {
  name     = "NAME"
  owner_id = petstore_owner.alice.id
}
"#;

fn plan_fails_with(install: &Install, texts: &[&str]) {
    for version in TerraformVersion::ALL {
        let pair = Pair::new(version, install);
        pair.configure(&PET.replace("NAME", "Rex"));
        let run = pair.run(&["plan", "-no-color", "-input=false"]);
        run.assert_failure();
        for text in texts {
            assert_contains(&run, text);
        }
        assert_eq!(
            install.go_processes(),
            Vec::<u32>::new(),
            "{version:?}: left running"
        );
    }
}

fn script(install: &Install, body: &str) {
    std::fs::write(install.go(), format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(install.go(), std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_missing_executable_is_named_with_the_way_to_fix_it() {
    let install = Install::new(FRONT, None);
    let expected = format!("There is no executable at {}", install.go().display());
    plan_fails_with(
        &install,
        &[
            "Forwarded provider not started",
            &expected,
            "TFSDK_FORWARD_EXECUTABLE",
        ],
    );
}

#[test]
fn an_executable_that_is_not_a_plugin_or_shakes_hands_wrongly_is_refused() {
    let install = Install::new(FRONT, None);
    script(&install, "echo 'I am no plugin' >&2\nexit 3");
    plan_fails_with(&install, &["exited (exit status: 3) before its handshake"]);
    script(&install, "echo 'hello there'\nexec sleep 30");
    plan_fails_with(
        &install,
        &["was refused: it has fewer than five", "hello there"],
    );
    script(&install, "exec sleep 30");
    for version in TerraformVersion::ALL {
        let pair = Pair::new(version, &install);
        pair.configure(&PET.replace("NAME", "Rex"));
        let run = pair.run_with(
            &["plan", "-no-color", "-input=false"],
            &[("TFSDK_FORWARD_START_TIMEOUT", "1s")],
        );
        run.assert_failure();
        assert_contains(
            &run,
            "did not complete its handshake within 1s, and was ended",
        );
        assert_eq!(
            install.go_processes(),
            Vec::<u32>::new(),
            "{version:?}: left running"
        );
    }
}

#[test]
fn a_go_process_killed_during_apply_fails_its_resource_only_and_loses_no_state() {
    let Some(go) = go_provider(&[]) else { return };
    for version in TerraformVersion::ALL {
        let install = Install::new(FRONT, Some(&go));
        let pair = Pair::new(version, &install);
        pair.configure(&PET.replace("NAME", "slow-rex"));
        let marker = pair.workdir.path().join("creating");
        let marker_text = marker.display().to_string();
        let run = std::thread::scope(|scope| {
            let apply =
                scope.spawn(|| pair.run_with(APPLY, &[("PETSTORE_SLOW_MARKER", &marker_text)]));
            let deadline = Instant::now() + Duration::from_secs(120);
            while !marker.exists() {
                assert!(
                    Instant::now() < deadline,
                    "{version:?}: the slow create never started"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
            for pid in install.go_processes() {
                std::process::Command::new("kill")
                    .args(["-9", &pid.to_string()])
                    .status()
                    .unwrap();
            }
            apply.join().unwrap()
        });
        run.assert_failure();
        assert_contains(&run, "Forwarded provider failed");
        assert_contains(&run, "did not answer ApplyResourceChange");
        assert_contains(&run, "It has exited (signal: 9 (SIGKILL))");
        // The Rust owner of the same run was created and is in the state; the pet is not.
        let state = pair.run(&["state", "list"]);
        state.assert_success();
        assert_eq!(state.stdout.trim(), "petstore_owner.alice", "{version:?}");
        assert_eq!(pair.stored("owner").len(), 1);
        assert_eq!(
            install.go_processes(),
            Vec::<u32>::new(),
            "{version:?}: left running"
        );
        // The next run starts a new Go process.
        pair.configure(&PET.replace("NAME", "Rex"));
        pair.run(APPLY).assert_success();
        assert!(pair.plan_is_empty());
        pair.run(&["destroy", "-auto-approve", "-no-color"])
            .assert_success();
        assert_eq!(
            install.go_processes(),
            Vec::<u32>::new(),
            "{version:?}: left running"
        );
    }
}

#[test]
fn a_type_served_by_both_sides_is_refused() {
    let Some(go) = go_provider(&[]) else { return };
    let install = Install::new(FRONT_WITH_TAG, Some(&go));
    plan_fails_with(
        &install,
        &[
            "The resource type \"petstore_tag\" is served twice",
            "When a type has moved to Rust, remove it from the forwarded provider.",
        ],
    );
}

#[test]
fn provider_schemas_that_differ_are_refused_naming_the_difference() {
    let Some(go) = go_provider(&["other_schema"]) else {
        return;
    };
    let install = Install::new(FRONT, Some(&go));
    plan_fails_with(
        &install,
        &[
            "Provider schemas differ",
            "attribute \"region\" is in the forwarded provider only",
        ],
    );
}

/// A child that will not exit: it ignores the termination signals and lives on after its
/// provider has stopped. The front ends it anyway (the controller's `Shutdown`, then a kill
/// after a short grace), so every run completes in its usual time and leaves nothing behind.
#[test]
fn a_child_that_will_not_exit_is_killed_and_left_nowhere() {
    let Some(go) = go_provider(&[]) else { return };
    let install = Install::new(FRONT, None);
    let real = install.path().join("real-go-provider");
    std::fs::copy(&go, &real).unwrap();
    script(
        &install,
        &format!(
            "trap '' TERM INT HUP\n\"{}\" \"$@\" &\nwait $!\nwhile :; do sleep 1; done",
            real.display()
        ),
    );
    for version in TerraformVersion::ALL {
        let pair = Pair::new(version, &install);
        pair.configure(&PET.replace("NAME", "Rex"));
        let started = std::time::Instant::now();
        pair.run(APPLY).assert_success();
        pair.run(&["destroy", "-auto-approve", "-no-color"])
            .assert_success();
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "{version:?}: the runs waited for the child: {:?}",
            started.elapsed()
        );
        assert!(pair.go_starts() > 0, "{version:?}: the child never ran");
        assert_eq!(
            install.go_processes(),
            Vec::<u32>::new(),
            "{version:?}: the child that would not exit is still running"
        );
        assert_eq!(
            processes_of(&real),
            Vec::<u32>::new(),
            "{version:?}: the provider the child started is still running"
        );
        assert!(pair.stored("pet").is_empty() && pair.stored("owner").is_empty());
    }
}

/// A start timeout that is not a duration is said, not ignored.
#[test]
fn a_start_timeout_that_is_not_a_duration_is_an_error() {
    let install = Install::new(FRONT, None);
    for version in TerraformVersion::ALL {
        let pair = Pair::new(version, &install);
        pair.configure(&PET.replace("NAME", "Rex"));
        let run = pair.run_with(
            &["plan", "-no-color", "-input=false"],
            &[("TFSDK_FORWARD_START_TIMEOUT", "soon")],
        );
        run.assert_failure();
        assert_contains(&run, "Forwarded provider not started");
        assert_contains(&run, "TFSDK_FORWARD_START_TIMEOUT=\"soon\" cannot be used");
    }
}
