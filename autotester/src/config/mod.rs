//! Match configuration: MIT 6.172's autotester format and a TOML
//! equivalent, parsed into one typed `MatchConfig`.

pub mod builder;
pub mod error;
pub mod mit;
pub mod toml_file;
pub mod types;

pub use error::{ConfigError, LoadError};
pub use types::{GameKind, MatchConfig, Period, Player, TimeControl, DEFAULT_GAME};

use std::path::{Path, PathBuf};
use workbench::pgn::reader::{read_regular, MAX_FILE_BYTES};

/// Which format a file is in: TOML by its `.toml` extension, MIT otherwise.
fn is_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

/// MIT's tester lets `mytest` name `mytest.txt`; so do we, when `mytest`
/// itself does not exist.
pub fn resolve(path: &Path) -> PathBuf {
    if !path.exists() && path.extension().is_none() {
        let with_txt = path.with_extension("txt");
        if with_txt.exists() {
            return with_txt;
        }
    }
    path.to_path_buf()
}

/// Reads and checks a configuration file.
pub fn load(path: &Path) -> Result<MatchConfig, LoadError> {
    let path = resolve(path);
    // As PGN and books: a bounded regular file, never a device or FIFO.
    let bytes = read_regular(&path, MAX_FILE_BYTES).map_err(|source| LoadError::Io {
        path: path.clone(),
        source,
    })?;
    let text = workbench::text::decode(&bytes);
    let parsed = if is_toml(&path) {
        toml_file::parse(&text)
    } else {
        mit::parse(&text)
    };
    parsed.map_err(|source| LoadError::Config { path, source })
}

#[cfg(test)]
mod tests {
    use super::{load, LoadError};
    use std::path::PathBuf;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("autotester-config-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn loads_by_extension_and_finds_txt() {
        let dir = temp_dir("load");
        let mit = "player = a\ninvoke = x\ndepth = 1\nplayer = b\ninvoke = y\ndepth = 2\n";
        std::fs::write(dir.join("mytest.txt"), mit).unwrap();
        let toml = "[[player]]\nname = \"a\"\ninvoke = \"x\"\ndepth = 1\n[[player]]\nname = \"b\"\ninvoke = \"y\"\ndepth = 2\n";
        std::fs::write(dir.join("m.toml"), toml).unwrap();
        let a = load(&dir.join("mytest")).expect("mit without extension");
        let b = load(&dir.join("m.toml")).expect("toml");
        assert_eq!(a, b);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        // Windows editors (Notepad) start UTF-8 files with U+FEFF.
        let dir = temp_dir("bom");
        let mit = "\u{feff}game = chess\nplayer = a\ninvoke = x\ndepth = 1\nplayer = b\ninvoke = y\ndepth = 2\n";
        std::fs::write(dir.join("bom.txt"), mit).unwrap();
        let toml = "\u{feff}game = \"chess\"\n[[player]]\nname = \"a\"\ninvoke = \"x\"\ndepth = 1\n[[player]]\nname = \"b\"\ninvoke = \"y\"\ndepth = 2\n";
        std::fs::write(dir.join("bom.toml"), toml).unwrap();
        let a = load(&dir.join("bom.txt")).expect("MIT file with a BOM");
        let b = load(&dir.join("bom.toml")).expect("TOML file with a BOM");
        assert_eq!(a, b);
        assert_eq!(a.game, crate::config::GameKind::Chess);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn both_formats_choose_the_2016_rules() {
        let dir = temp_dir("lc2016");
        let mit = "game = leiserchess2016\nplayer = a\ninvoke = x\ndepth = 1\nplayer = b\ninvoke = y\ndepth = 2\n";
        std::fs::write(dir.join("old.txt"), mit).unwrap();
        let toml = "game = \"Leiserchess2016\"\n[[player]]\nname = \"a\"\ninvoke = \"x\"\ndepth = 1\n[[player]]\nname = \"b\"\ninvoke = \"y\"\ndepth = 2\n";
        std::fs::write(dir.join("old.toml"), toml).unwrap();
        let a = load(&dir.join("old.txt")).expect("MIT format");
        let b = load(&dir.join("old.toml")).expect("TOML");
        assert_eq!(a, b);
        assert_eq!(a.game, crate::config::GameKind::Leiserchess2016);
        // A wrong name lists the right ones.
        std::fs::write(dir.join("bad.txt"), "game = leiserchess2017\n").unwrap();
        let shown = load(&dir.join("bad.txt")).unwrap_err().to_string();
        assert!(
            shown.contains("chess, leiserchess, leiserchess2016 or chess960"),
            "{shown}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn errors_name_the_file() {
        let dir = temp_dir("errors");
        let path = dir.join("bad.txt");
        std::fs::write(&path, "cpus = two\n").unwrap();
        let e = load(&path).unwrap_err();
        assert!(matches!(e, LoadError::Config { .. }));
        let shown = e.to_string();
        assert!(shown.contains("bad.txt: line 1: `cpus`"), "{shown}");
        let missing = load(&dir.join("nope.txt")).unwrap_err();
        assert!(matches!(missing, LoadError::Io { .. }));
        assert!(missing.to_string().contains("nope.txt"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
