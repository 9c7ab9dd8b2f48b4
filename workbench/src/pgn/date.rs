//! The `Date` tag: today's date in PGN's `YYYY.MM.DD` form.

use std::time::{SystemTime, UNIX_EPOCH};

/// Civil date `YYYY.MM.DD` (UTC) of a Unix day number (proleptic
/// Gregorian; Howard Hinnant's `civil_from_days`).
fn date_of_day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Today's date (UTC) for the `Date` tag, `????.??.??` if the clock is
/// before 1970.
pub fn today() -> String {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => date_of_day((d.as_secs() / 86_400) as i64),
        Err(_) => "????.??.??".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{date_of_day, today};

    #[test]
    fn civil_dates() {
        assert_eq!(date_of_day(0), "1970.01.01");
        assert_eq!(date_of_day(11_016), "2000.02.29");
        assert_eq!(date_of_day(19_723), "2024.01.01");
        assert_eq!(date_of_day(19_782), "2024.02.29");
        assert_eq!(date_of_day(20_513), "2026.03.01");
        assert_eq!(today().len(), "YYYY.MM.DD".len());
    }
}
