//! The parts of a README that hold commands: its fenced code blocks (with
//! their language and line numbers), its inline code spans, and the
//! commands of a shell block as a shell would read them. Enough Markdown
//! for `readme` to check what the READMEs tell a user to type, not a
//! general parser.

/// A fenced code block: its language and its lines with their numbers.
pub struct Block {
    pub lang: String,
    pub lines: Vec<(usize, String)>,
}

/// The fenced blocks of a Markdown text, and its inline code spans outside
/// them (with the line each starts on; a span may cross a line break).
pub fn parse_markdown(text: &str) -> (Vec<Block>, Vec<(usize, String)>) {
    let mut blocks = Vec::new();
    let mut spans = Vec::new();
    let mut open: Option<Block> = None;
    let mut prose = String::new();
    let mut prose_lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if let Some(rest) = line.trim_start().strip_prefix("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None => {
                    open = Some(Block {
                        lang: rest.trim().to_string(),
                        lines: Vec::new(),
                    })
                }
            }
            // A fence ends a paragraph.
            prose.push('\n');
            prose_lines.push(number);
            continue;
        }
        match open.as_mut() {
            Some(block) => block.lines.push((number, line.to_string())),
            None => {
                // Indented code (four spaces) holds no spans.
                if !line.starts_with("    ") {
                    prose.push_str(line);
                }
                prose.push('\n');
                prose_lines.push(number);
            }
        }
    }
    // Inline code: text between single backticks, within one paragraph.
    let mut line_of_byte = Vec::with_capacity(prose.len());
    let mut line = 0;
    for b in prose.bytes() {
        line_of_byte.push(prose_lines.get(line).copied().unwrap_or(0));
        if b == b'\n' {
            line += 1;
        }
    }
    let mut rest = prose.as_str();
    let mut offset = 0;
    while let Some(start) = rest.find('`') {
        let after = &rest[start + 1..];
        let Some(len) = after.find('`') else { break };
        let span = &after[..len];
        if !span.contains("\n\n") {
            let flat = span.split_whitespace().collect::<Vec<_>>().join(" ");
            spans.push((line_of_byte[offset + start], flat));
        }
        let consumed = start + 1 + len + 1;
        offset += consumed;
        rest = &rest[consumed..];
    }
    (blocks, spans)
}

/// The commands of a sh block: continuation lines joined, comments and
/// blank lines dropped; each with the line it starts on.
pub fn sh_commands(block: &Block) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (number, line) in &block.lines {
        let code = match line.find(" #") {
            Some(at) => &line[..at],
            None if line.trim_start().starts_with('#') => "",
            None => line.as_str(),
        };
        let code = code.trim();
        let (text, goes_on) = match code.strip_suffix('\\') {
            Some(t) => (t.trim(), true),
            None => (code, false),
        };
        let (start, mut joined) = current.take().unwrap_or((*number, String::new()));
        if !text.is_empty() {
            if !joined.is_empty() {
                joined.push(' ');
            }
            joined.push_str(text);
        }
        if goes_on {
            current = Some((start, joined));
        } else if !joined.is_empty() {
            commands.push((start, joined));
        }
    }
    commands.extend(current);
    commands
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_like_a_shell_would() {
        let (blocks, spans) = parse_markdown(
            "Build with `cargo build\n--release`.\n\n```sh\n# a comment\n\
             a one \\\n  two   # note\nb\n```\n\n```text\nwebgui [--port 8080]\n```\n",
        );
        assert_eq!(spans, [(1, "cargo build --release".to_string())]);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[1].lang, "text");
        assert_eq!(
            sh_commands(&blocks[0]),
            [(6, "a one two".to_string()), (8, "b".to_string())]
        );
    }

    #[test]
    fn indented_code_and_fenced_blocks_hold_no_spans() {
        let (blocks, spans) =
            parse_markdown("    `not a span`\n```sh\n`nor this`\n```\nbut `this`\n");
        assert_eq!(spans, [(5, "this".to_string())]);
        assert_eq!(blocks[0].lines, [(3, "`nor this`".to_string())]);
    }
}
