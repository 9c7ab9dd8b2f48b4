//! `texel tune` as a user runs it: `--from` picks the weights the fit
//! starts from, so that a fit with no epochs writes them back unchanged.

use std::path::PathBuf;
use std::process::Command;

const DATA: &str = "\
4k3/8/8/8/8/8/4P3/4K3 w - - 0 1;1.0
4k3/8/8/8/8/8/4P3/4K3 b - - 0 1;0.5
4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1;0.0
r3k3/8/8/8/8/8/3PP3/4K3 w - - 0 1;0.0
";

/// The `s(mg, eg), // name` lines of a weights file.
fn weight_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.trim_start().starts_with("s("))
        .map(str::to_string)
        .collect()
}

fn tune_without_epochs(from: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("texel-tune-{}-{from}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let data = dir.join("data.epd");
    std::fs::write(&data, DATA).expect("data");
    let out: PathBuf = dir.join("weights.rs");
    let run = Command::new(env!("CARGO_BIN_EXE_texel"))
        .arg("tune")
        .arg(&data)
        .arg("--out")
        .arg(&out)
        .args(["--epochs", "0", "--holdout", "0.25", "--from", from])
        .output()
        .expect("texel runs");
    assert!(run.status.success(), "{run:?}");
    weight_lines(&std::fs::read_to_string(&out).expect("weights written"))
}

#[test]
fn a_fit_from_the_tuned_weights_starts_at_the_engines_weights() {
    let engine = weight_lines(include_str!("../../games/chess/src/eval/tuned.rs"));
    assert!(engine.len() > 100, "the engine's weights: {}", engine.len());
    assert_eq!(tune_without_epochs("tuned"), engine);
    assert_ne!(
        tune_without_epochs("hand"),
        engine,
        "the hand-written weights are another start"
    );
}
