//! `texel rescore` as a user runs it: `datagen` records rescored by a UCI
//! engine (a scripted stand-in whose judgement is known) in our engine's
//! centipawns, in order over two engines, every N-th record (from an offset), resumed
//! after an interruption, and refused over other data.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chess::Position;
use common::{scratch, stand_in_engine};
use tools::packed::{read_file, PackedPosition, RECORD_BYTES};

/// One game's records: White to move, Black to move, White to move, with
/// the search's scores 11, 22, 33 and a White win.
fn game() -> Vec<PackedPosition> {
    [
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1",
        "3k4/8/8/8/8/4P3/8/4K3 w - - 0 2",
    ]
    .iter()
    .zip(1u16..)
    .map(|(fen, ply)| {
        let pos = Position::from_fen(fen).expect("fen");
        PackedPosition::pack(&pos, 11 * ply as i16, 2, ply)
    })
    .collect()
}

fn write_records(path: &Path, records: &[PackedPosition]) {
    let bytes: Vec<u8> = records.iter().flat_map(|r| r.to_bytes()).collect();
    std::fs::write(path, bytes).expect("records");
}

fn texel_rescore(data: &Path, out: &Path, engine: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_texel"))
        .arg("rescore")
        .arg(data)
        .arg("--out")
        .arg(out)
        .arg("--engine")
        .arg(engine)
        .args(["--depth", "2", "--jobs", "2"])
        .args(extra)
        .output()
        .expect("texel runs")
}

fn setup(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = scratch("texel-rescore", name);
    let data = dir.join("data-1-0.bin");
    write_records(&data, &game());
    (data, dir.join("rescored.bin"), stand_in_engine(&dir))
}

fn succeeded(run: &Output) {
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// The stand-in's 0.8 for the side to move is 200 · ln 4 = 277 cp for
/// the mover at the default scale.
#[test]
fn records_keep_their_positions_and_take_the_judges_score() {
    let (data, out, engine) = setup("order");
    succeeded(&texel_rescore(&data, &out, &engine, &[]));
    let rescored = read_file(&out).expect("output");
    let scores: Vec<i16> = rescored.iter().map(|r| r.score_white()).collect();
    assert_eq!(scores, [277, -277, 277]);
    let unscored = |records: &[PackedPosition]| -> Vec<PackedPosition> {
        records.iter().map(|r| r.with_score(0)).collect()
    };
    assert_eq!(unscored(&rescored), unscored(&game()));
}

#[test]
fn every_nth_record_at_another_scale_and_from_an_offset() {
    let (data, out, engine) = setup("every");
    succeeded(&texel_rescore(
        &data,
        &out,
        &engine,
        &["--every", "2", "--scale", "100"],
    ));
    let rescored = read_file(&out).expect("output");
    let plies: Vec<u16> = rescored.iter().map(|r| r.ply()).collect();
    assert_eq!(plies, [1, 3]);
    assert_eq!(rescored[0].score_white(), 139);

    let second = out.with_file_name("second-pass.bin");
    succeeded(&texel_rescore(
        &data,
        &second,
        &engine,
        &["--every", "2", "--offset", "1"],
    ));
    let plies: Vec<u16> = read_file(&second)
        .expect("output")
        .iter()
        .map(|r| r.ply())
        .collect();
    assert_eq!(plies, [2], "the record the first pass skipped");
}

#[test]
fn an_interrupted_run_resumes_and_other_data_is_refused() {
    let (data, out, engine) = setup("resume");
    // The first record done (with a score of its own), the second cut
    // off mid-record.
    let first = game()[0].with_score(5).to_bytes();
    let mut partial = first.to_vec();
    partial.extend_from_slice(&game()[1].to_bytes()[..RECORD_BYTES / 2]);
    std::fs::write(&out, partial).expect("partial");
    succeeded(&texel_rescore(&data, &out, &engine, &[]));
    let scores: Vec<i16> = read_file(&out)
        .expect("output")
        .iter()
        .map(|r| r.score_white())
        .collect();
    assert_eq!(scores, [5, -277, 277]);

    let foreign = game()[2];
    write_records(&out, &[foreign]);
    let run = texel_rescore(&data, &out, &engine, &[]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("record 0 is not the data's record 0"), "{err}");
    assert_eq!(read_file(&out).expect("untouched"), [foreign]);
}

#[test]
fn bad_arguments_and_engines_get_clear_errors() {
    let (data, out, engine) = setup("errors");
    let run = texel_rescore(&data, &out, &engine, &["--scale", "0"]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("--scale 0 is not a positive"), "{err}");

    let missing = out.with_file_name("no-such-engine");
    let run = texel_rescore(&data, &out, &missing, &[]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("cannot start the engine"), "{err}");

    let garbage = out.with_file_name("garbage.bin");
    std::fs::write(&garbage, [7u8; 40]).expect("garbage");
    let run = texel_rescore(&garbage, &out, &engine, &[]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("garbage.bin"), "{err}");
}
