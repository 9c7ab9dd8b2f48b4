//! The TOML form of the same configuration:
//!
//! ```toml
//! game = "chess"
//! cpus = 4
//! game_rounds = 200
//!
//! [[player]]
//! name = "new"
//! invoke = "./engine-new"
//! fis = [6, 0.1]          # or "6 0.1"; tc = [40, 60]
//! [player.options]
//! Hash = 64
//! ```
//!
//! Each value is turned into the text MIT's format would hold and goes
//! through the same checks, so both formats accept and reject the same
//! things, with the line of the offending value.

use super::builder::Builder;
use super::error::ConfigError;
use super::types::MatchConfig;
use serde::Deserialize;
use toml::{Spanned, Value};

type Field = Option<Spanned<Value>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    game: Field,
    cpus: Field,
    book: Field,
    title: Field,
    desc: Field,
    game_rounds: Field,
    adjudicate: Field,
    #[serde(default)]
    player: Vec<RawPlayer>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    name: Spanned<String>,
    invoke: Field,
    family: Field,
    fis: Field,
    tc: Field,
    depth: Field,
    nodes: Field,
    st: Field,
    timemargin: Field,
    restart: Field,
    options: Option<Spanned<toml::Table>>,
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).unwrap_or(text).matches('\n').count() + 1
}

/// The MIT-format text of a value: arrays become space-separated lists.
fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some(f.to_string()),
        Value::Boolean(b) => Some(b.to_string()),
        Value::Array(items) => items
            .iter()
            .map(as_text)
            .collect::<Option<Vec<_>>>()
            .map(|v| v.join(" ")),
        Value::Datetime(_) | Value::Table(_) => None,
    }
}

fn apply(b: &mut Builder, text: &str, key: &str, field: &Field) -> Result<(), ConfigError> {
    let Some(spanned) = field else { return Ok(()) };
    let line = line_of(text, spanned.span().start);
    let value = as_text(spanned.get_ref()).ok_or_else(|| ConfigError::BadValue {
        line,
        key: key.to_string(),
        value: spanned.get_ref().to_string(),
        expected: "a string, number or list",
    })?;
    b.apply(line, key, value.trim())
}

/// Parses the text of a TOML configuration file.
pub fn parse(text: &str) -> Result<MatchConfig, ConfigError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| ConfigError::Toml(e.to_string()))?;
    let mut b = Builder::default();
    for (key, field) in [
        ("game", &raw.game),
        ("cpus", &raw.cpus),
        ("book", &raw.book),
        ("title", &raw.title),
        ("desc", &raw.desc),
        ("game_rounds", &raw.game_rounds),
        ("adjudicate", &raw.adjudicate),
    ] {
        apply(&mut b, text, key, field)?;
    }
    for p in &raw.player {
        b.start_player(line_of(text, p.name.span().start), p.name.get_ref())?;
        for (key, field) in [
            ("invoke", &p.invoke),
            ("family", &p.family),
            ("fis", &p.fis),
            ("tc", &p.tc),
            ("depth", &p.depth),
            ("nodes", &p.nodes),
            ("st", &p.st),
            ("timemargin", &p.timemargin),
            ("restart", &p.restart),
        ] {
            apply(&mut b, text, key, field)?;
        }
        if let Some(options) = &p.options {
            let line = line_of(text, options.span().start);
            for (key, value) in options.get_ref() {
                let value = as_text(value).ok_or_else(|| ConfigError::BadValue {
                    line,
                    key: key.clone(),
                    value: value.to_string(),
                    expected: "a string, number or boolean",
                })?;
                b.add_option(line, key, &value)?;
            }
        }
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::config::error::ConfigError;
    use crate::config::mit;

    const TOML: &str = r#"
cpus = 4
title = "foreign program test"
book = "book.dta"
game_rounds = 50
adjudicate = 200

[[player]]
name = "Master"
invoke = "../player/leiserchess --hash=64"
fis = [6, 0.1]
[player.options]
hash = 64
lmr_r1 = 5

[[player]]
name = "myPlayer1.0"
invoke = "leiserchess.1.0"
tc = "40 60 20 30"
depth = 3
nodes = "1,000,000"
family = "mine"
"#;

    #[test]
    fn equivalent_to_the_mit_format() {
        assert_eq!(parse(TOML).unwrap(), mit::parse(mit::SAMPLE).unwrap());
    }

    #[test]
    fn semantic_errors_carry_the_toml_line() {
        let text = "cpus = 2\n[[player]]\nname = \"a\"\ninvoke = \"x\"\nfis = [6]\n";
        assert!(
            matches!(parse(text), Err(ConfigError::BadValue { line: 5, ref key, .. }) if key == "fis")
        );
        let text = "cpus = 0\n";
        assert!(matches!(
            parse(text),
            Err(ConfigError::BadValue { line: 1, .. })
        ));
    }

    /// fastchess's engine keys in both formats (issue 40): `st`,
    /// `timemargin`, `restart`, each as `-engine` reads it.
    #[test]
    fn fastchess_engine_keys_in_both_formats() {
        use std::time::Duration;
        let toml = "[[player]]\nname = \"a\"\ninvoke = \"x\"\nst = 0.2\ntimemargin = 50\nrestart = \"on\"\n\
                    [[player]]\nname = \"b\"\ninvoke = \"y\"\ndepth = 2\nrestart = \"off\"\n";
        let mit_text = "player = a\ninvoke = x\nst = 0.2\ntimemargin = 50\nrestart = on\n\
                        player = b\ninvoke = y\ndepth = 2\nrestart = off\n";
        let config = parse(toml).unwrap();
        assert_eq!(config, mit::parse(mit_text).unwrap());
        let a = &config.players[0];
        assert_eq!(a.movetime, Some(Duration::from_millis(200)));
        assert_eq!(a.time_margin, Some(Duration::from_millis(50)));
        assert!(a.restart && !config.players[1].restart);
        for (bad, key) in [
            ("st = 0", "st"),
            ("timemargin = soon", "timemargin"),
            ("restart = yes", "restart"),
        ] {
            let text = format!(
                "player = a\ninvoke = x\ndepth = 1\n{bad}\nplayer = b\ninvoke = y\ndepth = 1\n"
            );
            let e = mit::parse(&text).unwrap_err();
            assert!(
                matches!(e, ConfigError::BadValue { line: 4, key: ref k, .. } if k == key),
                "{e}"
            );
        }
        let both =
            "player = a\ninvoke = x\nst = 1\nfis = 6 0.1\nplayer = b\ninvoke = y\ndepth = 1\n";
        assert!(matches!(
            mit::parse(both),
            Err(ConfigError::ClockAndMoveTime { .. })
        ));
    }

    #[test]
    fn syntax_and_unknown_keys_are_reported() {
        let e = parse("cpus = \n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
        let e = parse("cpu = 3\n").unwrap_err().to_string();
        assert!(e.contains("unknown field `cpu`"), "{e}");
        let e = parse("[[player]]\ninvoke = \"x\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("missing field `name`"), "{e}");
        let text = "[[player]]\nname = \"a\"\ninvoke = \"x\"\ndepth = 1\n[player.options]\nx = { y = 1 }\n";
        assert!(matches!(
            parse(text),
            Err(ConfigError::BadValue { line: 5, .. })
        ));
    }
}
