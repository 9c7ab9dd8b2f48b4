//! Function lengths in the web page's JavaScript, for the shape rules
//! (`tests/code_shape.rs`). No JavaScript parser is at hand in Rust
//! without a heavy crate, and the page's code is plain ES modules, so a
//! small lexer is enough: it drops comments, strings, template literals
//! and regular expressions (whose braces are not code), and a pass over
//! the tokens matches braces, telling a function's body (a declaration,
//! a method, a block-bodied arrow function) from any other block by what
//! comes before its `{`.

/// A function found in a script: its name (or `=>` for an unnamed
/// arrow), its first line and its length in lines, closing brace
/// included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsFunction {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// An identifier, keyword or number.
    Word(String),
    /// One punctuation character, or `=>`.
    Punct(&'static str),
    Other(char),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
}

/// Keywords after which a `/` starts a regular expression, not a division.
const BEFORE_REGEX: &[&str] = &[
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "instanceof",
    "yield",
    "await",
];

/// Words that take `( … ) {` without being a function.
const CONTROL: &[&str] = &["if", "for", "while", "switch", "catch", "with"];

const PUNCT: &[&str] = &[
    "{", "}", "(", ")", "[", "]", ";", ",", "=", ":", "?", "!", "&", "|", "+", "-", "*", "%", "<",
    ">", "~", "^", ".",
];

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    tokens: Vec<Token>,
    /// Brace depth in code, and the depths at which a template literal's
    /// `${ … }` ends and its text resumes.
    depth: usize,
    templates: Vec<usize>,
}

impl Lexer {
    fn new(text: &str) -> Self {
        Lexer {
            chars: text.chars().collect(),
            at: 0,
            line: 1,
            tokens: Vec::new(),
            depth: 0,
            templates: Vec::new(),
        }
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn push(&mut self, tok: Tok, line: usize) {
        self.tokens.push(Token { tok, line });
    }

    fn run(mut self) -> Vec<Token> {
        while let Some(c) = self.peek(0) {
            let line = self.line;
            match c {
                '/' if self.peek(1) == Some('/') => self.skip_line_comment(),
                '/' if self.peek(1) == Some('*') => self.skip_block_comment(),
                '/' if self.regex_allowed() => self.skip_regex(),
                '\'' | '"' => self.skip_string(c),
                '`' => {
                    self.bump();
                    self.skip_template();
                }
                '}' if self.templates.last() == Some(&self.depth) => {
                    self.templates.pop();
                    self.bump();
                    self.skip_template();
                }
                '=' if self.peek(1) == Some('>') => {
                    self.at += 2;
                    self.push(Tok::Punct("=>"), line);
                }
                c if c.is_alphanumeric() || c == '_' || c == '$' => self.word(),
                c if c.is_whitespace() => {
                    self.bump();
                }
                c => {
                    self.bump();
                    if c == '{' {
                        self.depth += 1;
                    } else if c == '}' {
                        self.depth = self.depth.saturating_sub(1);
                    }
                    let s = c.to_string();
                    match PUNCT.iter().find(|p| **p == s) {
                        Some(p) => self.push(Tok::Punct(p), line),
                        None => self.push(Tok::Other(c), line),
                    }
                }
            }
        }
        self.tokens
    }

    fn word(&mut self) {
        let line = self.line;
        let mut word = String::new();
        while let Some(c) = self.peek(0) {
            if !(c.is_alphanumeric() || c == '_' || c == '$') {
                break;
            }
            word.push(c);
            self.bump();
        }
        self.push(Tok::Word(word), line);
    }

    /// Whether a `/` here starts a regular expression: where a value is
    /// expected (after an operator, an opening bracket or a keyword such
    /// as `return`), not after a value (a name, a number, `)` or `]`).
    fn regex_allowed(&self) -> bool {
        match self.tokens.last().map(|t| &t.tok) {
            None => true,
            Some(Tok::Word(w)) => BEFORE_REGEX.contains(&w.as_str()),
            Some(Tok::Punct(p)) => !matches!(*p, ")" | "]"),
            Some(Tok::Other(_)) => true,
        }
    }

    fn skip_line_comment(&mut self) {
        while let Some(c) = self.peek(0) {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    fn skip_block_comment(&mut self) {
        self.at += 2;
        while let Some(c) = self.bump() {
            if c == '*' && self.peek(0) == Some('/') {
                self.bump();
                return;
            }
        }
    }

    fn skip_string(&mut self, quote: char) {
        self.bump();
        while let Some(c) = self.bump() {
            if c == '\\' {
                self.bump();
            } else if c == quote || c == '\n' {
                return;
            }
        }
    }

    /// A template literal's text, up to its closing backtick or a `${`
    /// (whose code is lexed as code until its `}`).
    fn skip_template(&mut self) {
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '`' => return,
                '$' if self.peek(0) == Some('{') => {
                    self.bump();
                    self.templates.push(self.depth);
                    return;
                }
                _ => {}
            }
        }
    }

    fn skip_regex(&mut self) {
        let line = self.line;
        self.bump();
        let mut class = false;
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '[' => class = true,
                ']' => class = false,
                '/' if !class => break,
                '\n' => break,
                _ => {}
            }
        }
        while self.peek(0).is_some_and(|c| c.is_alphabetic()) {
            self.bump();
        }
        // A value, so that a `/` after it divides.
        self.push(Tok::Word("/regex/".into()), line);
    }
}

/// The name and first line of the function whose body opens at token
/// `open` (a `{`), or `None` for any other block.
fn function_head(tokens: &[Token], open: usize) -> Option<(String, usize)> {
    let before = tokens.get(open.checked_sub(1)?)?;
    match &before.tok {
        Tok::Punct("=>") => Some((arrow_name(tokens, open - 1), before.line)),
        Tok::Punct(")") => {
            let paren = matching_open_paren(tokens, open - 1)?;
            let head = tokens.get(paren.checked_sub(1)?)?;
            match &head.tok {
                Tok::Word(w) if w == "function" => Some(("function".into(), head.line)),
                Tok::Word(w) if !CONTROL.contains(&w.as_str()) => Some((w.clone(), head.line)),
                // `function* name(` and `async function (` are covered
                // above; `*name(` is a generator method.
                _ => None,
            }
        }
        _ => None,
    }
}

/// An arrow function's name where it is assigned (`const f = (…) =>`,
/// `f: (…) =>`), else `=>`.
fn arrow_name(tokens: &[Token], arrow: usize) -> String {
    let mut i = arrow;
    if i > 0 && tokens[i - 1].tok == Tok::Punct(")") {
        match matching_open_paren(tokens, i - 1) {
            Some(p) => i = p,
            None => return "=>".into(),
        }
    } else {
        i = i.saturating_sub(1); // one bare parameter
    }
    if i >= 1 && tokens[i - 1].tok == Tok::Word("async".into()) {
        i -= 1;
    }
    match (
        i.checked_sub(2).map(|j| &tokens[j].tok),
        i.checked_sub(1).map(|j| &tokens[j].tok),
    ) {
        (Some(Tok::Word(name)), Some(Tok::Punct("=" | ":"))) => name.clone(),
        _ => "=>".into(),
    }
}

fn matching_open_paren(tokens: &[Token], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for i in (0..=close).rev() {
        match tokens[i].tok {
            Tok::Punct(")") => depth += 1,
            Tok::Punct("(") => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Every function in `text`, outer ones after the functions they hold.
pub fn functions(text: &str) -> Vec<JsFunction> {
    let tokens = Lexer::new(text).run();
    let mut open: Vec<Option<(String, usize)>> = Vec::new();
    let mut found = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token.tok {
            Tok::Punct("{") => open.push(function_head(&tokens, i)),
            Tok::Punct("}") => {
                if let Some(Some((name, line))) = open.pop() {
                    found.push(JsFunction {
                        name,
                        line,
                        lines: token.line - line + 1,
                    });
                }
            }
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(text: &str) -> Vec<(String, usize)> {
        let mut found: Vec<(String, usize)> = functions(text)
            .into_iter()
            .map(|f| (f.name, f.lines))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn declarations_methods_and_arrows_are_measured() {
        let text = "\
import { x } from './x.js';
export function outer(a) {
  if (a) {
    return 1;
  }
  const inner = (b) => {
    return b;
  };
  return inner(a);
}
class Board {
  constructor(svg) {
    this.svg = svg;
  }
  async render({ game }) { return game; }
}
const table = { a: 1, b: { c: 2 } };
for (const k of [1]) { table[k] = 0; }
";
        assert_eq!(
            sizes(text),
            vec![
                ("constructor".into(), 3),
                ("inner".into(), 3),
                ("outer".into(), 9),
                ("render".into(), 1),
            ]
        );
    }

    #[test]
    fn braces_in_strings_comments_templates_and_regexes_are_not_code() {
        let text = "\
function f() {
  const s = '{' + \"}}\" + `${ { a: '}' }.a } {`;
  // }
  /* { */
  const r = /[}{]\\//g;
  const half = 1 / 2; const q = `a${`b${'}'}`}`;
  return s + r + half + q;
}
const g = async () => {
  return `}`;
};
";
        assert_eq!(sizes(text), vec![("f".into(), 8), ("g".into(), 3)]);
    }

    #[test]
    fn control_blocks_and_object_literals_are_not_functions() {
        let text = "while (x) { y(); }\nswitch (k) { case 1: break; }\ntry { a(); } catch (e) { b(); }\nconst o = { k: (1) };\n";
        assert!(functions(text).is_empty(), "{:?}", functions(text));
    }
}
