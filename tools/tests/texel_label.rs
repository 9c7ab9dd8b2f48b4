//! `texel label` as a user runs it: a data set relabelled by a UCI engine
//! (a scripted stand-in whose judgement is known), in order over two
//! engines, resumed after an interruption, and refused over other data.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{scratch, stand_in_engine};

/// White to move, Black to move, White to move.
const DATA: &str = "\
4k3/8/8/8/8/8/4P3/4K3 w - - 0 1;1.0
4k3/8/8/8/8/8/4P3/4K3 b - - 0 1;0.5
4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1;0.0
";

fn texel_label(data: &Path, out: &Path, engine: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_texel"))
        .arg("label")
        .arg(data)
        .arg("--out")
        .arg(out)
        .arg("--engine")
        .arg(engine)
        .args(["--depth", "2", "--jobs", "2", "--result-weight", "0.5"])
        .output()
        .expect("texel runs")
}

fn labels(out: &Path) -> Vec<String> {
    std::fs::read_to_string(out)
        .expect("output")
        .lines()
        .map(|l| l.rsplit_once(';').expect("label").1.to_string())
        .collect()
}

#[test]
fn positions_are_labelled_in_order_by_the_blend() {
    let dir = scratch("texel-label", "blend");
    let (data, out) = (dir.join("quiet.epd"), dir.join("labelled.epd"));
    std::fs::write(&data, DATA).expect("data");
    let run = texel_label(&data, &out, &stand_in_engine(&dir));
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // 0.5 · result + 0.5 · White's expectation (0.8 for White to move,
    // 0.2 for Black to move), the last full line's, not the bound's.
    assert_eq!(labels(&out), ["0.9000", "0.3500", "0.4000"]);
    let text = std::fs::read_to_string(&out).expect("output");
    let fens: Vec<&str> = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .collect();
    let wanted: Vec<&str> = DATA
        .lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .collect();
    assert_eq!(fens, wanted);
}

#[test]
fn an_interrupted_run_resumes_and_other_data_is_refused() {
    let dir = scratch("texel-label", "resume");
    let (data, out) = (dir.join("quiet.epd"), dir.join("labelled.epd"));
    std::fs::write(&data, DATA).expect("data");
    // The first position done, the second cut off mid-line.
    std::fs::write(
        &out,
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1;0.1234\n4k3/8/8/8/8/8/4P3/4K",
    )
    .expect("partial");
    let engine = stand_in_engine(&dir);
    let run = texel_label(&data, &out, &engine);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(labels(&out), ["0.1234", "0.3500", "0.4000"]);

    std::fs::write(&out, "8/8/8/8/8/8/8/K6k w - - 0 1;0.5\n").expect("foreign");
    let run = texel_label(&data, &out, &engine);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("line 1 is not a label"), "{err}");
}

#[test]
fn an_engine_that_cannot_start_is_named() {
    let dir = scratch("texel-label", "missing");
    let (data, out) = (dir.join("quiet.epd"), dir.join("labelled.epd"));
    std::fs::write(&data, DATA).expect("data");
    let run = texel_label(&data, &out, &dir.join("no-such-engine"));
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("cannot start the engine") && err.contains("no-such-engine"),
        "{err}"
    );
}
