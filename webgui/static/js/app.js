// The page's shared state: the game from the server, the viewed ply, the
// board orientation and premove, and the questions every part asks of
// them (is the live position on view, may a person move). The other
// modules read and change `app`; `ui` holds the page's widgets, made by
// main.js, so that no module creates another's.

import { isWhitePiece, squareIndex } from './board.js';

export const $ = (id) => document.getElementById(id);
export const STORAGE_KEY = 'webgui.game';

export const app = {
  id: null,
  state: null,
  viewPly: null, // null: the live position
  viewPosition: null,
  positions: new Map(), // ply -> position, for the current move list
  flipped: false,
  source: null,
  // The laser of a new move draws in: its ply and when it started, so
  // that renders meanwhile (the event that follows the answer) carry on.
  laserAnimation: null,
  navToken: 0,
  // The analysis line (its MultiPV number) the pointer rests on.
  hoverLine: null,
  // The last strength of each kind, restored when the kind is switched
  // back to (and told).
  lastLimit: { time: 1000, depth: 4 },
};

// The board, the move input, the analysis log and the clocks (main.js).
export const ui = { board: null, input: null, log: null, clocks: null };

export function showError(message) {
  const el = $('error');
  el.textContent = message;
  el.hidden = false;
}

export function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
}

export function isLive() {
  return app.viewPly === null;
}

// The ply on view: the live one, or the one stepped back to.
export function viewedPly(s) {
  return isLive() ? s.moves.length : app.viewPly;
}

export function playerOf(state, side) {
  return side === 'white' ? state.players.white : state.players.black;
}

// The side a person plays against the engine, if that is the game.
export function personSide(s) {
  const { white, black } = s.players;
  if (white === 'human' && black === 'engine') return 'white';
  if (black === 'human' && white === 'engine') return 'black';
  return null;
}

// Whether the person may queue a premove now: the engine is to move
// against them in the live position.
export function canPremove() {
  const s = app.state;
  if (!s || !isLive() || s.result) return false;
  const side = personSide(s);
  return !!side && s.position.side_to_move !== side;
}

// Whether the piece on `square` is the person's (for a premove).
export function ownPiece(square) {
  const s = app.state;
  const code = s.position.board[squareIndex(square, s.meta.first_rank)];
  return !!code && isWhitePiece(s.meta.pieces, code) === (personSide(s) === 'white');
}

export function canMove() {
  const s = app.state;
  if (!s || !isLive() || s.result || s.thinking) return false;
  const stm = s.position.side_to_move;
  const other = stm === 'white' ? 'black' : 'white';
  return !(playerOf(s, stm) === 'engine' && playerOf(s, other) === 'human');
}

// The ply analysis looks at (the current position unless asked).
export function analysedPly(s) {
  return s.analysis_ply ?? s.moves.length;
}
