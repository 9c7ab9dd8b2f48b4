//! What a tuning run leaves besides its state: `history.csv` (one row per
//! iteration: games so far, the plus side's wins, draws and losses, and
//! theta after it; row 0 is the start) and the final values, as
//! `final.toml` and as `setoption` lines in `final.txt`.

use super::params::{trim_decimals, Kind, Param};
use super::TuneError;
use crate::stats::Wdl;
use serde::Serialize;
use std::path::Path;

/// One row of the history.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Iterations done (0: the start).
    pub iteration: u64,
    /// Games played in all.
    pub games: u64,
    /// The plus engine's results in this iteration.
    pub wdl: Wdl,
    /// Theta after the iteration.
    pub theta: Vec<f64>,
}

/// A CSV field, quoted when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The header line: `iteration,games,wins,draws,losses,<names>`.
pub fn header(params: &[Param]) -> String {
    let mut line = String::from("iteration,games,wins,draws,losses");
    for p in params {
        line.push(',');
        line.push_str(&csv_field(&p.name));
    }
    line.push('\n');
    line
}

pub fn row_line(row: &Row) -> String {
    let mut fields = vec![
        row.iteration.to_string(),
        row.games.to_string(),
        row.wdl.wins.to_string(),
        row.wdl.draws.to_string(),
        row.wdl.losses.to_string(),
    ];
    fields.extend(row.theta.iter().map(|&t| trim_decimals(t, 4)));
    fields.join(",") + "\n"
}

fn parse_row(line: &str, params: usize) -> Result<Row, String> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != 5 + params {
        return Err(format!(
            "expected {} fields, found {}",
            5 + params,
            fields.len()
        ));
    }
    let count = |i: usize| {
        fields[i]
            .parse::<u64>()
            .map_err(|_| format!("{:?} is not a count", fields[i]))
    };
    let theta = fields[5..]
        .iter()
        .map(|f| {
            f.parse::<f64>()
                .map_err(|_| format!("{f:?} is not a number"))
        })
        .collect::<Result<_, _>>()?;
    Ok(Row {
        iteration: count(0)?,
        games: count(1)?,
        wdl: Wdl::new(count(2)?, count(3)?, count(4)?),
        theta,
    })
}

/// The rows of a history written for `params` parameters.
pub fn read_history(path: &Path, params: usize) -> Result<Vec<Row>, TuneError> {
    let text = std::fs::read_to_string(path).map_err(|source| TuneError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    text.lines()
        .enumerate()
        .skip(1)
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            parse_row(line, params).map_err(|problem| TuneError::BadFile {
                path: path.to_path_buf(),
                problem: format!("line {}: {problem}", i + 1),
            })
        })
        .collect()
}

/// The value the engine is sent, as a TOML value.
fn value(p: &Param, theta: f64) -> toml::Value {
    let v = theta.clamp(p.min, p.max);
    match p.kind {
        Kind::Int => toml::Value::Integer(v.round() as i64),
        Kind::Float => toml::Value::Float(trim_decimals(v, 6).parse().unwrap_or(v)),
    }
}

#[derive(Serialize)]
struct FinalFile {
    values: toml::Table,
    param: Vec<Param>,
}

/// `final.toml`: the values the engine should get (`[values]`), then the
/// parameters with theta as their start, a parameter file for a further run.
pub fn final_toml(params: &[Param], theta: &[f64], what: &str) -> String {
    let file = FinalFile {
        values: params
            .iter()
            .zip(theta)
            .map(|(p, &t)| (p.name.clone(), value(p, t)))
            .collect(),
        param: params
            .iter()
            .zip(theta)
            .map(|(p, &t)| Param {
                start: t.clamp(p.min, p.max),
                ..p.clone()
            })
            .collect(),
    };
    let body = toml::to_string(&file).unwrap_or_default();
    format!(
        "# {what}\n# [values]: what to set in the engine. [[param]]: the parameter file of a\n\
         # further run that starts from them.\n{body}"
    )
}

/// `final.txt`: `setoption name <name> value <value>`, a line each.
pub fn final_uci(params: &[Param], theta: &[f64]) -> String {
    params
        .iter()
        .zip(theta)
        .map(|(p, &t)| format!("setoption name {} value {}\n", p.name, p.engine_value(t)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{final_toml, final_uci, header, parse_row, read_history, row_line, Row};
    use crate::stats::Wdl;
    use crate::tune::params::{parse_toml, Kind, Param};
    use std::path::Path;

    fn params() -> Vec<Param> {
        let p = |name: &str, kind| Param {
            name: name.into(),
            kind,
            start: 0.0,
            min: -10.0,
            max: 10.0,
            c_end: 1.0,
            r_end: 0.01,
        };
        vec![p("A", Kind::Int), p("Move, \"Overhead\"", Kind::Float)]
    }

    #[test]
    fn history_lines_round_trip() {
        assert_eq!(
            header(&params()),
            "iteration,games,wins,draws,losses,A,\"Move, \"\"Overhead\"\"\"\n"
        );
        let row = Row {
            iteration: 3,
            games: 6,
            wdl: Wdl::new(1, 0, 1),
            theta: vec![2.5, -0.12345],
        };
        let line = row_line(&row);
        assert_eq!(line, "3,6,1,0,1,2.5,-0.1235\n");
        let back = parse_row(line.trim_end(), 2).unwrap();
        assert_eq!((back.iteration, back.games, back.wdl), (3, 6, row.wdl));
        assert_eq!(back.theta, [2.5, -0.1235]);
        assert!(parse_row("3,6,1,0,1,2.5", 2)
            .unwrap_err()
            .contains("expected 7"));
        assert!(parse_row("3,x,1,0,1,2.5,1", 2).is_err());
        let e = read_history(Path::new("/nonexistent/history.csv"), 2).unwrap_err();
        assert!(e.to_string().contains("No such file"), "{e}");
    }

    #[test]
    fn final_values_in_both_forms() {
        let theta = [2.5, -0.1234567];
        assert_eq!(
            final_uci(&params(), &theta),
            "setoption name A value 3\nsetoption name Move, \"Overhead\" value -0.123457\n"
        );
        let text = final_toml(&params(), &theta, "test run");
        assert!(text.starts_with("# test run\n"), "{text}");
        assert!(text.contains("[values]\nA = 3\n"), "{text}");
        // It is a parameter file that starts where the run ended.
        let again = parse_toml(Path::new("final.toml"), &text).unwrap();
        assert_eq!(again.params[0].start, 2.5);
        assert_eq!(again.params[1].start, -0.1234567);
        assert_eq!(again.params[1].kind, Kind::Float);
    }
}
