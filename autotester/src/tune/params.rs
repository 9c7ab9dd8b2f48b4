//! The parameter file of `autotester tune`, in one of two forms.
//!
//! TOML (a file whose name ends in `.toml`):
//!
//! ```toml
//! [spsa]              # optional; the flags override it
//! iterations = 200
//! pairs = 1           # game pairs per iteration
//! A_ratio = 0.1       # A = A_ratio * total pairs
//! alpha = 0.602
//! gamma = 0.101
//!
//! [[param]]
//! name = "KFACE"      # the UCI option
//! type = "int"        # or "float"; int by default
//! start = 30
//! min = 0
//! max = 100
//! c_end = 4           # perturbation at the end
//! r_end = 0.002       # learning rate at the end
//! ```
//!
//! A `[values]` table is allowed and ignored, so that a run's `final.toml`
//! starts a further run.
//!
//! Any other name: one parameter a line, as fishtest takes them
//! (`name, start, min, max, c_end, r_end`, integers) or as OpenBench does
//! (`name, int|float, start, min, max, c_end, r_end`). Blank lines and
//! lines starting with `#` are skipped.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// fishtest's defaults.
pub const DEFAULT_A_RATIO: f64 = 0.1;
pub const DEFAULT_ALPHA: f64 = 0.602;
pub const DEFAULT_GAMMA: f64 = 0.101;

/// How a parameter's value is sent to the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Rounded to the nearest integer (UCI spin options).
    #[default]
    Int,
    /// Sent as a decimal number.
    Float,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Int => "int",
            Kind::Float => "float",
        })
    }
}

/// One tuned engine option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Param {
    pub name: String,
    #[serde(rename = "type", default)]
    pub kind: Kind,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    pub c_end: f64,
    pub r_end: f64,
}

impl Param {
    /// The value as the engine receives it: `value` within the bounds,
    /// rounded for an integer parameter.
    pub fn engine_value(&self, value: f64) -> String {
        let v = value.clamp(self.min, self.max);
        match self.kind {
            Kind::Int => format!("{}", v.round() as i64),
            Kind::Float => trim_decimals(v, 6),
        }
    }
}

/// `v` with at most `places` decimals, without trailing zeros.
pub fn trim_decimals(v: f64, places: usize) -> String {
    let text = format!("{v:.places$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    match text {
        "-0" => "0".to_string(),
        t => t.to_string(),
    }
}

/// The `[spsa]` table: what the file says, before the flags override it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpsaSection {
    pub iterations: Option<u32>,
    pub pairs: Option<u32>,
    #[serde(rename = "A_ratio")]
    pub a_ratio: Option<f64>,
    pub alpha: Option<f64>,
    pub gamma: Option<f64>,
}

/// A parsed and checked parameter file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParamFile {
    pub params: Vec<Param>,
    pub spsa: SpsaSection,
}

#[derive(Debug, Error)]
pub enum ParamError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Toml { path: PathBuf, message: String },
    #[error("{path}: line {line}: {problem}")]
    Line {
        path: PathBuf,
        line: usize,
        problem: String,
    },
    #[error("{path}: parameter {name:?}: {problem}")]
    Invalid {
        path: PathBuf,
        name: String,
        problem: String,
    },
    #[error("{path}: [spsa] {problem}")]
    Spsa { path: PathBuf, problem: String },
    #[error("{path}: no parameters to tune")]
    Empty { path: PathBuf },
}

/// Reads and checks a parameter file: TOML when its name ends in `.toml`,
/// else fishtest's or OpenBench's lines.
pub fn load(path: &Path) -> Result<ParamFile, ParamError> {
    let text = std::fs::read_to_string(path).map_err(|source| ParamError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let is_toml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    if is_toml {
        parse_toml(path, &text)
    } else {
        parse_lines(path, &text)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TomlFile {
    #[serde(default)]
    spsa: SpsaSection,
    #[serde(default)]
    param: Vec<Param>,
    /// A finished run's values (`final.toml`); not read.
    #[serde(default, rename = "values")]
    _values: toml::Table,
}

/// The TOML form.
pub fn parse_toml(path: &Path, text: &str) -> Result<ParamFile, ParamError> {
    let file: TomlFile = toml::from_str(text).map_err(|e| ParamError::Toml {
        path: path.to_path_buf(),
        message: e.to_string().trim_end().to_string(),
    })?;
    let parsed = ParamFile {
        params: file.param,
        spsa: file.spsa,
    };
    check(path, &parsed)?;
    Ok(parsed)
}

/// The line form: fishtest's six fields or OpenBench's seven.
pub fn parse_lines(path: &Path, text: &str) -> Result<ParamFile, ParamError> {
    let mut params = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let param = parse_line(line).map_err(|problem| ParamError::Line {
            path: path.to_path_buf(),
            line: i + 1,
            problem,
        })?;
        params.push(param);
    }
    let parsed = ParamFile {
        params,
        spsa: SpsaSection::default(),
    };
    check(path, &parsed)?;
    Ok(parsed)
}

fn parse_line(line: &str) -> Result<Param, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let (name, kind, numbers) = match fields.as_slice() {
        [name, numbers @ ..] if numbers.len() == 5 => (*name, Kind::Int, numbers),
        [name, kind, numbers @ ..] if numbers.len() == 5 => {
            let kind = match kind.to_ascii_lowercase().as_str() {
                "int" => Kind::Int,
                "float" => Kind::Float,
                _ => return Err(format!("type {kind:?}: expected int or float")),
            };
            (*name, kind, numbers)
        }
        _ => {
            return Err(format!(
                "expected `name, start, min, max, c_end, r_end` (fishtest) or \
                 `name, int|float, start, min, max, c_end, r_end` (OpenBench), \
                 found {} fields",
                fields.len()
            ))
        }
    };
    const FIELDS: [&str; 5] = ["start", "min", "max", "c_end", "r_end"];
    let mut values = [0.0; 5];
    for ((value, text), field) in values.iter_mut().zip(numbers).zip(FIELDS) {
        *value = text
            .parse()
            .map_err(|_| format!("{field} {text:?} is not a number"))?;
    }
    let [start, min, max, c_end, r_end] = values;
    Ok(Param {
        name: name.to_string(),
        kind,
        start,
        min,
        max,
        c_end,
        r_end,
    })
}

/// What is wrong with one parameter, if anything.
fn problem(p: &Param) -> Option<String> {
    let numbers = [p.start, p.min, p.max, p.c_end, p.r_end];
    Some(if p.name.is_empty() || p.name.contains(['\n', '\r']) {
        "the name must be one non-empty line".into()
    } else if numbers.iter().any(|x| !x.is_finite()) {
        "every number must be finite".into()
    } else if p.min >= p.max {
        format!("min {} must be below max {}", p.min, p.max)
    } else if !(p.min..=p.max).contains(&p.start) {
        format!("start {} is outside [{}, {}]", p.start, p.min, p.max)
    } else if p.c_end <= 0.0 {
        format!("c_end {} must be above 0", p.c_end)
    } else if p.r_end < 0.0 {
        format!("r_end {} must not be negative", p.r_end)
    } else {
        return None;
    })
}

fn check_spsa(s: &SpsaSection) -> Option<String> {
    let positive = |x: Option<f64>| x.into_iter().all(|x| x.is_finite() && x > 0.0);
    Some(if s.iterations == Some(0) {
        "iterations must be at least 1".into()
    } else if s.pairs == Some(0) {
        "pairs must be at least 1".into()
    } else if !s.a_ratio.into_iter().all(|a| a.is_finite() && a >= 0.0) {
        "A_ratio must not be negative".into()
    } else if !positive(s.alpha) || !positive(s.gamma) {
        "alpha and gamma must be above 0".into()
    } else {
        return None;
    })
}

fn check(path: &Path, file: &ParamFile) -> Result<(), ParamError> {
    if file.params.is_empty() {
        return Err(ParamError::Empty {
            path: path.to_path_buf(),
        });
    }
    for (i, p) in file.params.iter().enumerate() {
        let twice = file.params[..i].iter().any(|q| q.name == p.name);
        let problem = problem(p).or_else(|| twice.then(|| "named twice".to_string()));
        if let Some(problem) = problem {
            return Err(ParamError::Invalid {
                path: path.to_path_buf(),
                name: p.name.clone(),
                problem,
            });
        }
    }
    match check_spsa(&file.spsa) {
        Some(problem) => Err(ParamError::Spsa {
            path: path.to_path_buf(),
            problem,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_lines, parse_toml, trim_decimals, Kind, Param, ParamError};
    use std::path::Path;

    fn lines(text: &str) -> Result<Vec<Param>, ParamError> {
        parse_lines(Path::new("p.txt"), text).map(|f| f.params)
    }

    fn toml(text: &str) -> Result<super::ParamFile, ParamError> {
        parse_toml(Path::new("p.toml"), text)
    }

    #[test]
    fn fishtest_and_openbench_lines() {
        let params = lines(
            "# comment\n\nKFACE, 30, 0, 100, 4, 0.002\n\
             MOBILITY,float,1.5,-2,4.5,0.25,0.01\r\nMove Overhead, int, 10, 0, 100, 5, 0.0020\n",
        )
        .unwrap();
        assert_eq!(params.len(), 3);
        assert_eq!(
            params[0],
            Param {
                name: "KFACE".into(),
                kind: Kind::Int,
                start: 30.0,
                min: 0.0,
                max: 100.0,
                c_end: 4.0,
                r_end: 0.002
            }
        );
        assert_eq!(params[1].kind, Kind::Float);
        assert_eq!((params[1].min, params[1].max), (-2.0, 4.5));
        assert_eq!(params[2].name, "Move Overhead");
    }

    #[test]
    fn malformed_lines_say_where_and_what() {
        let cases = [
            ("A, 1, 0, 10, 1\n", "line 1: expected `name, start"),
            (
                "A, 1, 0, 10, 1, 0.1\nB, 1, 0, ten, 1, 0.1\n",
                "line 2: max \"ten\"",
            ),
            (
                "A, long, 1, 0, 10, 1, 0.1\n",
                "type \"long\": expected int or float",
            ),
            ("A, 1, 0, 10, 1, 0.1, 3, 4\n", "found 8 fields"),
            (
                "A, 11, 0, 10, 1, 0.1\n",
                "\"A\": start 11 is outside [0, 10]",
            ),
            ("A, 1, 10, 0, 1, 0.1\n", "min 10 must be below max 0"),
            ("A, 1, 0, 10, 0, 0.1\n", "c_end 0 must be above 0"),
            ("A, 1, 0, 10, 1, -0.1\n", "r_end -0.1 must not be negative"),
            ("A, 1, 0, 10, 1, NaN\n", "finite"),
            ("A, 1, 0, 10, 1, 0.1\nA, 1, 0, 10, 1, 0.1\n", "named twice"),
            (", 1, 0, 10, 1, 0.1\n", "non-empty"),
            ("# nothing\n", "no parameters"),
            ("", "no parameters"),
            ("\u{0}\u{ff}, ,,,,,,,,\n", "fields"),
        ];
        for (text, expected) in cases {
            let e = lines(text).unwrap_err().to_string();
            assert!(e.starts_with("p.txt: "), "{e}");
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn toml_with_spsa_settings() {
        let f = toml(
            "[spsa]\niterations = 50\npairs = 2\nA_ratio = 0.2\n\n\
             [[param]]\nname = \"A\"\nstart = 0\nmin = -100\nmax = 100\nc_end = 5\nr_end = 0.1\n\n\
             [[param]]\nname = \"B\"\ntype = \"float\"\nstart = 0.5\nmin = 0\nmax = 1\n\
             c_end = 0.05\nr_end = 0.002\n",
        )
        .unwrap();
        assert_eq!(f.spsa.iterations, Some(50));
        assert_eq!(f.spsa.pairs, Some(2));
        assert_eq!(f.spsa.a_ratio, Some(0.2));
        assert_eq!(f.spsa.alpha, None);
        assert_eq!(f.params[0].kind, Kind::Int);
        assert_eq!(f.params[0].min, -100.0);
        assert_eq!(f.params[1].kind, Kind::Float);
    }

    #[test]
    fn malformed_toml_is_an_error_not_a_panic() {
        let param =
            "[[param]]\nname = \"A\"\nstart = 0\nmin = 0\nmax = 9\nc_end = 1\nr_end = 0.1\n";
        let cases = [
            (
                "[[param]]\nname = \"A\"\nstart = 0\n".to_string(),
                "missing field",
            ),
            (format!("{param}strat = 3\n"), "unknown field `strat`"),
            (format!("{param}type = \"double\"\n"), "unknown variant"),
            (
                format!("[spsa]\niterations = 0\n{param}"),
                "iterations must be at least 1",
            ),
            (format!("[spsa]\nalpha = -1\n{param}"), "alpha and gamma"),
            (format!("[spsa]\niterations = -5\n{param}"), "p.toml"),
            (format!("[spsa]\nA = 5\n{param}"), "unknown field `A`"),
            ("[spsa\n".to_string(), "p.toml"),
            ("[spsa]\niterations = 10\n".to_string(), "no parameters"),
            (
                param.replace("max = 9", "max = -1"),
                "min 0 must be below max -1",
            ),
        ];
        for (text, expected) in cases {
            let e = toml(&text).unwrap_err().to_string();
            assert!(e.contains(expected), "{text}: {e}");
        }
    }

    #[test]
    fn values_sent_to_the_engine() {
        let mut p = lines("A, 1, -10, 10, 1, 0.1\n").unwrap().remove(0);
        assert_eq!(p.engine_value(2.5), "3");
        assert_eq!(p.engine_value(-2.5), "-3");
        assert_eq!(p.engine_value(-0.4), "0");
        assert_eq!(p.engine_value(99.0), "10");
        p.kind = Kind::Float;
        assert_eq!(p.engine_value(2.5), "2.5");
        assert_eq!(p.engine_value(1.0 / 3.0), "0.333333");
        assert_eq!(trim_decimals(-0.0000001, 3), "0");
        assert_eq!(trim_decimals(12.0, 3), "12");
    }
}
