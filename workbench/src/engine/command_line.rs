//! Splits an `invoke` line into a program and its arguments, as a POSIX
//! shell would for plain words and quotes, without running a shell (so the
//! process we kill on a timeout is the engine itself, not a shell).

use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CommandLineError {
    #[error("empty command line")]
    Empty,
    #[error("unclosed quote in command line {0:?}")]
    UnclosedQuote(String),
}

/// Words of `line`: whitespace separates, `'...'` is literal, `"..."`
/// allows `\"` and `\\`, a backslash outside quotes escapes one character.
pub fn split(line: &str) -> Result<Vec<String>, CommandLineError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(CommandLineError::UnclosedQuote(line.to_string())),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(CommandLineError::UnclosedQuote(line.to_string())),
                        },
                        Some(c) => word.push(c),
                        None => return Err(CommandLineError::UnclosedQuote(line.to_string())),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(CommandLineError::Empty);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::{split, CommandLineError};

    #[test]
    fn words_and_quotes() {
        assert_eq!(
            split("../player/leiserchess --hash=64").unwrap(),
            ["../player/leiserchess", "--hash=64"]
        );
        assert_eq!(
            split(r#"  "my engine" 'a b'  c\ d "q\"x" "#).unwrap(),
            ["my engine", "a b", "c d", "q\"x"]
        );
        assert_eq!(split("x ''").unwrap(), ["x", ""]);
    }

    #[test]
    fn errors() {
        assert_eq!(split("   "), Err(CommandLineError::Empty));
        assert!(matches!(
            split("a 'b"),
            Err(CommandLineError::UnclosedQuote(_))
        ));
        assert!(matches!(
            split("a \"b"),
            Err(CommandLineError::UnclosedQuote(_))
        ));
    }
}
