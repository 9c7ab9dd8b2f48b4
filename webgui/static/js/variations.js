// The analysis board: a board of its own, opened from a game (running or
// finished) or a position, where a person moves both sides and every
// line played stays as a variation, drawn in the move list as lichess
// does (`1. e4 e5 (1… c5 2. Nf3) 2. Nf3`). The server keeps the tree and
// the board's line; stepping through the tree sets the line, so the board
// always shows the end of the line with its legal moves and analysis.

import { api } from './api.js';
import { $, app, ui, showError, clearError } from './app.js';
import { adopt, attempt } from './state.js';
import { startNumber } from './panels.js';

// The lines asked for when a board opens with the engine on.
const lines = () => Number($('analysis-count').value);

export function isBoard(s) {
  return !!(s && s.analysis_board);
}

// Opens an analysis board from the game on view at the ply on view (all
// the game's moves stay there as its main line), then plays `extra` (a
// line's first move) if given, with the engine analysing.
export async function openBoard(ply, extra = null) {
  const s = app.state;
  const moves = s.moves.map((m) => m.text);
  try {
    const board = await api.create({ game: s.game, fen: s.start_fen, moves, origin: s.id });
    clearError();
    ui.input.reset();
    trail = [];
    adopt(board);
    const line = moves.slice(0, ply).concat(extra ? [extra] : []);
    if (line.length !== moves.length || extra) await attempt(() => api.setLine(board.id, line));
    await attempt(() => api.analysis(board.id, true, lines()));
  } catch (e) {
    showError(e.message);
  }
}

// Back to the game the board was opened from (still running, perhaps).
export async function returnToGame() {
  const origin = app.state.analysis_board.origin;
  try {
    ui.input.reset();
    trail = [];
    adopt(await api.state(origin));
  } catch (e) {
    showError(`The game this board came from is gone: ${e.message}`);
  }
}

// The lines the board has shown, longest first: a step back and then
// forward again returns along the line left, as on lichess.
let trail = [];

function lineOf(s) {
  return s.moves.map((m) => m.text);
}

function remember(line) {
  const extends_ = line.length <= trail.length && line.every((t, i) => trail[i] === t);
  if (!extends_) trail = line;
}

// The continuation of `line` one move on: the trail's, else the tree's
// main one; null at the end of every line.
function nextMove(s, line) {
  if (trail.length > line.length && line.every((t, i) => trail[i] === t)) return trail[line.length];
  const children = childrenOf(s, nodeAt(s, line));
  return children.length ? children[0].text : null;
}

// Shows the position after `ply` moves of the line (beyond its end: on
// along the continuation) by setting the board's line; steps run one at a
// time, each from the line the last one left.
let steps = Promise.resolve();

export function boardGoTo(ply) {
  steps = steps.then(() => stepTo(ply)).catch(() => {});
}

async function stepTo(ply) {
  const s = app.state;
  let line = lineOf(s);
  remember(line);
  if (ply < line.length) line = line.slice(0, Math.max(0, ply));
  for (let next = nextMove(s, line); line.length < ply && next; next = nextMove(s, line)) {
    line = line.concat([next]);
  }
  if (line.length === s.moves.length && line.every((t, i) => t === s.moves[i].text)) return;
  await attempt(() => api.setLine(s.id, line));
}

// The line to a node: its moves from the start.
function pathTo(s, id) {
  const { byId } = treeOf(s);
  return pathIds(s, id).reverse().map((i) => byId.get(i).text);
}

export function goToNode(id) {
  const s = app.state;
  remember(lineOf(s));
  steps = steps.then(() => attempt(() => api.setLine(s.id, pathTo(s, id)))).catch(() => {});
}

// The tree's nodes by id and the first moves, made once per state: a
// drawing asks for every node's children, and a state holds up to 5000.
const trees = new WeakMap();

function treeOf(s) {
  const nodes = s.analysis_board.tree;
  let tree = trees.get(nodes);
  if (!tree) {
    tree = { byId: new Map(nodes.map((n) => [n.id, n])), roots: nodes.filter((n) => n.parent === 0) };
    trees.set(nodes, tree);
  }
  return tree;
}

function childrenOf(s, id) {
  const { byId, roots } = treeOf(s);
  if (id === 0) return roots;
  return (byId.get(id) ? byId.get(id).children : []).map((c) => byId.get(c));
}

// The node at the end of `line` (0: the start).
function nodeAt(s, line) {
  let id = 0;
  for (const text of line) {
    const child = childrenOf(s, id).find((n) => n.text === text);
    if (!child) return id;
    id = child.id;
  }
  return id;
}

// The move list of a board: the main line, each variation in brackets
// after the move it replaces, nested as deep as they go. The board's
// position is the current move; the line leading to it is marked too.
export function renderTree(container, s) {
  const current = nodeAt(s, lineOf(s));
  const onLine = new Set(pathIds(s, current));
  const firstBlack = (childrenOf(s, 0)[0] || {}).side === 'black';
  const number = (ply) => startNumber(s.start_fen) + Math.floor((ply - 1 + (firstBlack ? 1 : 0)) / 2);
  const move = (node, numbered) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tree-move';
    b.dataset.node = String(node.id);
    b.dataset.ply = String(node.ply);
    const white = node.side === 'white';
    const label = white ? `${number(node.ply)}. ` : (numbered ? `${number(node.ply)}… ` : '');
    b.textContent = label + node.record;
    b.setAttribute('role', 'listitem');
    if (onLine.has(node.id)) b.classList.add('on-line');
    if (node.id === current) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => goToNode(node.id));
    return b;
  };
  const out = [];
  const continueFrom = (children, numbered, into) => {
    if (!children.length) return;
    const [main, ...others] = children;
    into.push(move(main, numbered));
    for (const other of others) {
      const variation = document.createElement('span');
      variation.className = 'variation';
      const inner = [move(other, true)];
      continueFrom(childrenOf(s, other.id), false, inner);
      variation.append('(', ...inner, ')');
      into.push(variation);
    }
    continueFrom(childrenOf(s, main.id), others.length > 0, into);
  };
  continueFrom(childrenOf(s, 0), true, out);
  container.classList.add('tree');
  container.replaceChildren(...out);
  const active = container.querySelector('[aria-current="true"]');
  if (active) active.scrollIntoView({ block: 'nearest' });
}

// The ids from a node up to the first move (none for the start).
function pathIds(s, id) {
  const { byId } = treeOf(s);
  const ids = [];
  for (let node = byId.get(id); node; node = byId.get(node.parent)) ids.push(node.id);
  return ids;
}

// Whether the board's line goes on (the trail's or the tree's way).
export function hasNext(s) {
  return nextMove(s, lineOf(s)) !== null;
}
