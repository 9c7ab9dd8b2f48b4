//! Text files as the tester reads them (configurations, books, PGN): a
//! leading UTF-8 byte-order mark, which Windows editors such as Notepad
//! write, is dropped, and bytes that are not UTF-8 (old Latin-1 files) are
//! replaced rather than rejected.

use std::borrow::Cow;

/// U+FEFF encoded in UTF-8.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text of a file's bytes, without a leading byte-order mark.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes))
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn drops_one_leading_mark_and_replaces_bad_bytes() {
        assert_eq!(decode("\u{feff}cpus = 2\n".as_bytes()), "cpus = 2\n");
        assert_eq!(decode(b"cpus = 2"), "cpus = 2");
        // Only at the start, and only one.
        assert_eq!(decode("a\u{feff}".as_bytes()), "a\u{feff}");
        assert_eq!(decode("\u{feff}\u{feff}x".as_bytes()), "\u{feff}x");
        assert_eq!(decode(b"\xEF\xBB\xBFN\xe9"), "N\u{fffd}");
        assert_eq!(decode(b""), "");
    }
}
