//! Time controls as fastchess and cutechess write them on the command
//! line: `10+0.1` (Fischer), `60` (sudden death), `40/60` (moves per
//! period), `inf` (none).

use crate::config::{Period, TimeControl};

/// `Ok(None)` for `inf`; `Err` with the expected forms.
pub fn parse_tc(text: &str) -> Result<Option<TimeControl>, &'static str> {
    const EXPECTED: &str = "`<secs>`, `<secs>+<inc>`, `<moves>/<secs>` or `inf`";
    let seconds = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
    let text = text.trim();
    if matches!(text, "inf" | "infinite") {
        return Ok(None);
    }
    if let Some((moves, secs)) = text.split_once('/') {
        let moves = moves
            .parse::<u32>()
            .ok()
            .filter(|&m| m > 0)
            .ok_or(EXPECTED)?;
        let seconds = seconds(secs).filter(|&s| s > 0.0).ok_or(EXPECTED)?;
        let p = Period { moves, seconds };
        return Ok(Some(TimeControl::Tournament { first: p, then: p }));
    }
    let (main, increment) = match text.split_once('+') {
        Some((m, i)) => (seconds(m), seconds(i)),
        None => (seconds(text), Some(0.0)),
    };
    match (main, increment) {
        (Some(main), Some(increment)) if main > 0.0 => {
            Ok(Some(TimeControl::Fischer { main, increment }))
        }
        _ => Err(EXPECTED),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_tc;
    use crate::config::{Period, TimeControl};

    #[test]
    fn forms() {
        assert_eq!(
            parse_tc("10+0.1"),
            Ok(Some(TimeControl::Fischer {
                main: 10.0,
                increment: 0.1
            }))
        );
        assert_eq!(
            parse_tc("60"),
            Ok(Some(TimeControl::Fischer {
                main: 60.0,
                increment: 0.0
            }))
        );
        let p = Period {
            moves: 40,
            seconds: 60.0,
        };
        assert_eq!(
            parse_tc("40/60"),
            Ok(Some(TimeControl::Tournament { first: p, then: p }))
        );
        assert_eq!(parse_tc("inf"), Ok(None));
        for bad in ["", "0", "-1+1", "x+1", "0/10", "40/0", "1+x", "NaN"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
    }
}
