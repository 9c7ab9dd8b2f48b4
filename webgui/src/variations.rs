//! An analysis board's variations: every line played on it, kept as a
//! tree of moves from its start position, as lichess's analysis board
//! does. The board's current line is always a path from the root; going
//! back or into another line keeps what was played, and a move played
//! where the line already has one goes into a new branch. The first line
//! played through a position stays its main continuation.

use serde::Serialize;

use crate::error::ApiError;
use crate::session::MoveRecord;

/// Most moves the tree holds: a line that would add more is refused, so a
/// board left to a script cannot grow without bound.
pub const MAX_NODES: usize = 5000;

/// One move of the tree, as the page draws it. Node 0, the start
/// position, is not listed: its children are the first moves of the
/// lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeView {
    pub id: usize,
    /// 0: a first move.
    pub parent: usize,
    /// The ply the move leads to (1 for a first move).
    pub ply: usize,
    /// Protocol notation (what a line is made of).
    pub text: String,
    /// Record notation (SAN for chess).
    pub record: String,
    pub side: &'static str,
    /// Continuations, the main one first.
    pub children: Vec<usize>,
}

/// The tree of lines (node 0 is the start position).
#[derive(Clone, Debug, Default)]
pub struct Variations {
    nodes: Vec<NodeView>,
    /// The root's children (the first moves), the main one first.
    roots: Vec<usize>,
}

impl Variations {
    /// Adds the moves of `line` the tree does not have yet, refusing a line
    /// that would take it past [`MAX_NODES`] (the tree is then unchanged).
    pub fn record(&mut self, line: &[MoveRecord]) -> Result<(), ApiError> {
        let known = self.path(line.iter().map(|r| r.text.as_str())).len();
        if self.nodes.len() + line.len() - known > MAX_NODES {
            return Err(ApiError::Conflict(format!(
                "the analysis board holds at most {MAX_NODES} moves: take a new board"
            )));
        }
        let mut parent = 0;
        for record in line {
            parent = match self.child(parent, &record.text) {
                Some(id) => id,
                None => self.add(parent, record),
            };
        }
        Ok(())
    }

    /// The nodes along `texts` from the start, as far as the tree has them.
    pub fn path<'a>(&self, texts: impl IntoIterator<Item = &'a str>) -> Vec<usize> {
        let mut path = Vec::new();
        let mut parent = 0;
        for text in texts {
            match self.child(parent, text) {
                Some(id) => {
                    path.push(id);
                    parent = id;
                }
                None => break,
            }
        }
        path
    }

    /// Every move, in the order played (a parent before its children).
    pub fn nodes(&self) -> &[NodeView] {
        &self.nodes
    }

    fn children(&self, parent: usize) -> &[usize] {
        match parent {
            0 => &self.roots,
            id => &self.nodes[id - 1].children,
        }
    }

    fn child(&self, parent: usize, text: &str) -> Option<usize> {
        self.children(parent)
            .iter()
            .copied()
            .find(|&id| self.nodes[id - 1].text == text)
    }

    fn add(&mut self, parent: usize, record: &MoveRecord) -> usize {
        let id = self.nodes.len() + 1;
        self.nodes.push(NodeView {
            id,
            parent,
            ply: record.ply,
            text: record.text.clone(),
            record: record.record.clone(),
            side: record.side,
            children: Vec::new(),
        });
        match parent {
            0 => self.roots.push(id),
            p => self.nodes[p - 1].children.push(id),
        }
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(texts: &[&str]) -> Vec<MoveRecord> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| MoveRecord {
                ply: i + 1,
                text: t.to_string(),
                record: t.to_uppercase(),
                side: if i % 2 == 0 { "white" } else { "black" },
                from: String::new(),
                to: String::new(),
                swap: None,
            })
            .collect()
    }

    #[test]
    fn lines_branch_where_they_part_and_keep_the_first_as_main() {
        let mut tree = Variations::default();
        tree.record(&line(&["e2e4", "e7e5", "g1f3"])).unwrap();
        tree.record(&line(&["e2e4"])).unwrap();
        tree.record(&line(&["e2e4", "c7c5"])).unwrap();
        tree.record(&line(&["d2d4"])).unwrap();
        let texts: Vec<&str> = tree.nodes().iter().map(|n| n.text.as_str()).collect();
        assert_eq!(texts, ["e2e4", "e7e5", "g1f3", "c7c5", "d2d4"]);
        assert_eq!(tree.nodes()[0].children, [2, 4], "e5 main, c5 a variation");
        assert_eq!(tree.roots, [1, 5]);
        assert_eq!(tree.nodes()[3].ply, 2);
        assert_eq!(tree.path(["e2e4", "c7c5", "b1c3"]), [1, 4]);
    }

    #[test]
    fn a_line_past_the_bound_is_refused_whole() {
        let mut tree = Variations::default();
        let texts: Vec<String> = (0..MAX_NODES).map(|i| format!("m{i}")).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        tree.record(&line(&refs)).unwrap();
        assert!(tree.record(&line(&["other", "moves"])).is_err());
        assert_eq!(tree.nodes().len(), MAX_NODES);
        tree.record(&line(&refs[..10]))
            .expect("a known line adds nothing");
    }
}
