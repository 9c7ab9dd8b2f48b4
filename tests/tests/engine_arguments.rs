//! A command-line argument that is not UTF-8 gets a clear error and exit
//! code 2 from the engines, not a panic (issue 40, item 12).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

use workspace_tests::binary;

#[test]
fn engines_refuse_an_argument_that_is_not_text() {
    for name in ["chess-engine", "leiserchess-engine"] {
        let output = Command::new(binary(name))
            .arg(OsStr::from_bytes(b"perft\xff"))
            .output()
            .expect("engine runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains("not UTF-8"), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}

#[test]
fn the_mock_engine_refuses_an_argument_that_is_not_text() {
    let output = Command::new(binary("mock-engine"))
        .arg(OsStr::from_bytes(b"--seed\xff"))
        .arg("1")
        .output()
        .expect("mock engine runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not UTF-8"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
