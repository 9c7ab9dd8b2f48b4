//! What the perft tests share: the EPD perft data format (a FEN, then
//! `;D<depth> <count>` for each depth published).

pub struct Case {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// The cases of an EPD perft file's text; `#` lines are comments.
pub fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().expect("fen").trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().trim_start_matches('D').split_whitespace();
                    let depth = it.next().expect("depth").parse().expect("depth number");
                    let count = it.next().expect("count").parse().expect("count number");
                    (depth, count)
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}
