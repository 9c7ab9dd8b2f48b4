// The position editor (issue 39): a board of its own in a dialog where a
// person places and removes pieces from a palette (Leiserchess pieces
// with their orientations, and a rotation of a placed one), picks the
// side to move and, in chess, the castling rights and the en passant
// square. It writes the FEN as it goes and starts a game or an analysis
// from it. It judges nothing: whether the position is legal is the
// server's to say (creating a game from a FEN goes through the rules),
// and its refusal is shown in the dialog, which stays open to fix it.

import { api } from './api.js';
import { Board, squareIndex } from './board.js';
import { svgEl, chessPiece, leiserPiece, leiserInfo, CHESS_NAMES, KING_DIRS, PAWN_DIRS } from './pieces.js';
import { $, app, ui, clearError } from './app.js';
import { render } from './render.js';
import { adopt, attempt } from './state.js';
import { newGameRequest } from './forms.js';

// What the editor needs of each game choice: its pieces, its first rank
// number and its start (the rules' START_FEN).
const GAMES = {
  chess: {
    pieces: 'chess', firstRank: 1, title: 'Chess',
    start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  },
  leiserchess: {
    pieces: 'leiserchess', firstRank: 1, title: 'Leiserchess',
    start: 'ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W',
  },
  chess960: {
    pieces: 'chess', firstRank: 1, title: 'Chess960', chess960: true,
    start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  },
  leiserchess2016: {
    pieces: 'leiserchess', firstRank: 0, title: 'Leiserchess 2016',
    start: 'ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W',
  },
};

const SIDE_NAMES = { chess: ['White', 'Black'], leiserchess: ['Tangerine', 'Lavender'] };

// The castling rights and the squares the king and rook must stand on
// for each (a right without them is not written, and its box is off).
const CASTLING = [
  { right: 'K', king: 'e1', rook: 'h1', kingCode: 'K', rookCode: 'R' },
  { right: 'Q', king: 'e1', rook: 'a1', kingCode: 'K', rookCode: 'R' },
  { right: 'k', king: 'e8', rook: 'h8', kingCode: 'k', rookCode: 'r' },
  { right: 'q', king: 'e8', rook: 'a8', kingCode: 'k', rookCode: 'r' },
];

// tool: a piece code to place, 'erase' or 'rotate'.
const ed = {
  game: 'chess',
  board: new Array(64).fill(''),
  side: 'white',
  castling: new Set(),
  ep: '-',
  tool: 'K',
  widget: null,
};

const info = () => GAMES[ed.game];

// ---- FEN in and out ---------------------------------------------------------

// The board of a FEN's placement, index 0 = a1 as the server's states
// have it. Chess writes a piece as one letter, Leiserchess as two (the
// piece and its orientation, rule 7.2).
export function parsePlacement(placement, pieces) {
  const width = pieces === 'chess' ? 1 : 2;
  const board = new Array(64).fill('');
  placement.split('/').slice(0, 8).forEach((row, r) => {
    const rank = 7 - r;
    let file = 0;
    for (let i = 0; i < row.length && file < 8;) {
      if (/[1-8]/.test(row[i])) {
        file += Number(row[i]);
        i += 1;
      } else {
        board[rank * 8 + file] = row.slice(i, i + width);
        file += 1;
        i += width;
      }
    }
  });
  return board;
}

export function writePlacement(board) {
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = board[rank * 8 + file];
      if (!code) { empty += 1; continue; }
      if (empty) row += String(empty);
      empty = 0;
      row += code;
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return rows.join('/');
}

// The rights whose king and rook stand where castling needs them.
function possibleRights() {
  if (info().chess960) return possibleRights960();
  const at = (name) => ed.board[squareIndex(name)];
  return CASTLING.filter((c) => at(c.king) === c.kingCode && at(c.rook) === c.rookCode).map((c) => c.right);
}

// Chess960, in X-FEN: a right needs the king on its back rank and a rook
// of its colour on that side of it (the outermost one is meant).
function possibleRights960() {
  return CASTLING.filter((c) => {
    const rank = c.king[1];
    const files = [...'abcdefgh'];
    const at = (file) => ed.board[squareIndex(file + rank)];
    const king = files.findIndex((f) => at(f) === c.kingCode);
    if (king < 0) return false;
    const side = c.rook[0] === 'h' ? files.slice(king + 1) : files.slice(0, king);
    return side.some((f) => at(f) === c.rookCode);
  }).map((c) => c.right);
}

// Squares a pawn of the side not to move could just have passed with a
// double step: it stands in front of the square, and the square and the
// one it came from are empty.
function epCandidates() {
  const white = ed.side === 'white';
  const [passed, pawnRank, fromRank, pawn] = white ? [6, 5, 7, 'p'] : [3, 4, 2, 'P'];
  const squares = [];
  for (const file of 'abcdefgh') {
    const at = (rank) => ed.board[squareIndex(file + rank)];
    if (at(pawnRank) === pawn && !at(passed) && !at(fromRank)) squares.push(file + passed);
  }
  return squares;
}

export function editorFen() {
  const placement = writePlacement(ed.board);
  if (info().pieces !== 'chess') return `${placement} ${ed.side === 'white' ? 'W' : 'B'}`;
  const possible = possibleRights();
  const rights = CASTLING.map((c) => c.right).filter((r) => ed.castling.has(r) && possible.includes(r)).join('') || '-';
  const ep = epCandidates().includes(ed.ep) ? ed.ep : '-';
  return `${placement} ${ed.side === 'white' ? 'w' : 'b'} ${rights} ${ep} 0 1`;
}

// Loads a FEN of the editor's game: the board, the side, and in chess
// the rights and en passant square.
function loadFen(fen) {
  const [placement = '', side = 'w', rights = '-', ep = '-'] = fen.trim().split(/\s+/);
  ed.board = parsePlacement(placement, info().pieces);
  ed.side = side.toLowerCase() === 'b' ? 'black' : 'white';
  ed.castling = new Set(info().pieces === 'chess' && rights !== '-' ? rights.split('') : []);
  ed.ep = info().pieces === 'chess' ? ep : '-';
}

// ---- pieces -----------------------------------------------------------------

// A Leiserchess piece turned a quarter clockwise (rule 2's order),
// keeping its side.
export function rotated(code) {
  const upper = code.toUpperCase();
  const dirs = KING_DIRS.includes(upper) ? KING_DIRS : PAWN_DIRS;
  const next = dirs[(dirs.indexOf(upper) + 1) % 4];
  return code === upper ? next : next.toLowerCase();
}

function paletteCodes() {
  if (info().pieces === 'chess') return [...'KQRBNP', ...'kqrbnp'];
  const side = (white) => [...KING_DIRS, ...PAWN_DIRS].map((d) => (white ? d : d.toLowerCase()));
  return [...side(true), ...side(false)];
}

function pieceName(code) {
  const names = SIDE_NAMES[info().pieces];
  if (info().pieces === 'chess') {
    return `${code === code.toUpperCase() ? names[0] : names[1]} ${CHESS_NAMES[code.toLowerCase()]}`;
  }
  const p = leiserInfo(code);
  const facing = code.toUpperCase();
  return `${names[p.white ? 0 : 1]} ${p.kind} ${p.kind === 'king' ? 'firing' : 'facing'} ${facing}`;
}

function isKing(code) {
  if (info().pieces === 'chess') return code.toLowerCase() === 'k';
  return leiserInfo(code).kind === 'king';
}

const sameSide = (a, b) => (a === a.toUpperCase()) === (b === b.toUpperCase());

// A click on a square with the tool in hand. Placing a king moves the
// side's king there (a side has exactly one in both games); the same
// chess piece again takes it off; in Leiserchess a piece of the same
// side and kind again turns it, so a placed piece is rotated without
// leaving the palette.
function placeOn(name) {
  const i = squareIndex(name, info().firstRank);
  const here = ed.board[i];
  const tool = ed.tool;
  if (tool === 'erase') ed.board[i] = '';
  else if (tool === 'rotate') ed.board[i] = here ? rotated(here) : '';
  else if (here === tool && info().pieces === 'chess') ed.board[i] = '';
  else if (here && info().pieces !== 'chess' && sameSide(here, tool) && isKing(here) === isKing(tool)) ed.board[i] = rotated(here);
  else {
    if (isKing(tool)) {
      ed.board = ed.board.map((c) => (c && isKing(c) && sameSide(c, tool) ? '' : c));
    }
    ed.board[i] = tool;
  }
  $('ed-error').hidden = true;
  show();
}

// ---- drawing ----------------------------------------------------------------

function paletteButton(code) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'palette-piece';
  b.dataset.code = code;
  b.title = pieceName(code);
  b.setAttribute('aria-label', pieceName(code));
  const svg = svgEl('svg', { viewBox: '0 0 100 100', width: 34, height: 34, 'aria-hidden': 'true' }, b);
  svg.appendChild(info().pieces === 'chess' ? chessPiece(code, 0, 0) : leiserPiece(code, 0, 0));
  b.addEventListener('click', () => { ed.tool = code; show(); });
  return b;
}

function drawPalette() {
  const palette = $('ed-palette');
  palette.replaceChildren(...paletteCodes().map(paletteButton));
  palette.dataset.pieces = info().pieces;
}

function showTools() {
  for (const b of document.querySelectorAll('#ed-palette [data-code], #editor [data-tool]')) {
    const tool = b.dataset.code || b.dataset.tool;
    b.setAttribute('aria-pressed', String(tool === ed.tool));
  }
  $('ed-rotate').hidden = info().pieces === 'chess';
}

// The chess fields follow the board: a right whose pieces are not in
// place cannot be ticked, and en passant offers only possible squares.
function showChessFields() {
  const chess = info().pieces === 'chess';
  $('ed-chess').hidden = !chess;
  if (!chess) return;
  const possible = possibleRights();
  for (const c of CASTLING) {
    const box = $(`ed-castle-${c.right === c.right.toUpperCase() ? 'w' : 'b'}${c.right.toLowerCase()}`);
    box.disabled = !possible.includes(c.right);
    box.checked = ed.castling.has(c.right) && possible.includes(c.right);
  }
  const select = $('ed-ep');
  const options = ['-', ...epCandidates()];
  select.replaceChildren(...options.map((sq) => new Option(sq === '-' ? 'none' : sq, sq)));
  select.value = options.includes(ed.ep) ? ed.ep : '-';
}

function show() {
  const names = SIDE_NAMES[info().pieces];
  ed.widget.render({
    game: ed.game,
    title: `${info().title} editor`,
    pieces: info().pieces,
    firstRank: info().firstRank,
    sideNames: names,
    board: ed.board,
    flipped: false,
    positionKey: 'editor',
    targets: [],
  });
  $('ed-side').options[0].textContent = `${names[0]} to move`;
  $('ed-side').options[1].textContent = `${names[1]} to move`;
  $('ed-side').value = ed.side;
  $('ed-hint').textContent = info().pieces === 'chess'
    ? 'Pick a piece, then click squares to place it; the same piece again takes it off.'
    : 'Pick a piece, then click squares to place it; the same side\'s piece of the same kind again turns it a quarter clockwise.';
  showTools();
  showChessFields();
  $('ed-fen').value = editorFen();
}

// ---- opening, starting ------------------------------------------------------

// Opens the editor on the position on view (the game's own choice), so
// a person edits from where they are.
export function openEditor() {
  const s = app.state;
  const game = s && GAMES[s.game] ? s.game : 'chess';
  const fen = s ? $('fen').textContent || s.position.fen : GAMES[game].start;
  setGame(game, fen);
  $('ed-error').hidden = true;
  const dialog = $('editor');
  if (!dialog.open) dialog.showModal();
}

function setGame(game, fen) {
  ed.game = game;
  $('ed-game').value = game;
  ed.tool = paletteCodes()[0];
  loadFen(fen || info().start);
  drawPalette();
  show();
}

function refused(message) {
  $('ed-error').textContent = message;
  $('ed-error').hidden = false;
}

// A new game from the editor's FEN, with the players, strength and
// clock of the New game form. Refused, the server's reason is shown and
// the editor stays open.
async function startGame(analyse) {
  const request = analyse
    ? { game: ed.game, analysis_board: true }
    : { ...newGameRequest(), game: ed.game };
  delete request.pgn;
  delete request.moves;
  request.fen = editorFen();
  let state;
  try {
    state = await api.create(request);
  } catch (e) {
    refused(e.message);
    return;
  }
  $('editor').close();
  clearError();
  ui.input.reset();
  adopt(state);
  render();
  if (analyse) attempt(() => api.analysis(state.id, true, Number($('analysis-count').value)));
}

async function copyFen() {
  const field = $('ed-fen');
  try {
    await navigator.clipboard.writeText(field.value);
  } catch (e) {
    // No clipboard (an insecure origin, a refusal): the text is
    // selected so that a copy by hand takes it.
    field.select();
  }
}

function wireFields() {
  $('ed-game').addEventListener('change', () => setGame($('ed-game').value, null));
  $('ed-side').addEventListener('change', () => { ed.side = $('ed-side').value; show(); });
  for (const c of CASTLING) {
    const box = $(`ed-castle-${c.right === c.right.toUpperCase() ? 'w' : 'b'}${c.right.toLowerCase()}`);
    box.addEventListener('change', () => {
      if (box.checked) ed.castling.add(c.right);
      else ed.castling.delete(c.right);
      show();
    });
  }
  $('ed-ep').addEventListener('change', () => { ed.ep = $('ed-ep').value; show(); });
}

export function wireEditor() {
  ed.widget = new Board($('editor-board'), {
    square: placeOn,
    draggable: () => false,
    dragStart: () => {},
    drop: () => {},
    dragCancel: () => {},
  });
  $('edit-position').addEventListener('click', openEditor);
  for (const b of document.querySelectorAll('#editor [data-tool]')) {
    b.addEventListener('click', () => { ed.tool = b.dataset.tool; show(); });
  }
  // An empty board keeps no rights: whoever builds from nothing ticks
  // the ones they mean (a right ticked before would otherwise come back
  // unasked as soon as a king and rook land on their squares).
  $('ed-clear').addEventListener('click', () => {
    ed.board = new Array(64).fill('');
    ed.castling.clear();
    ed.ep = '-';
    show();
  });
  $('ed-start').addEventListener('click', () => { loadFen(info().start); show(); });
  wireFields();
  $('ed-copy').addEventListener('click', copyFen);
  $('ed-play').addEventListener('click', () => startGame(false));
  $('ed-analyse').addEventListener('click', () => startGame(true));
  $('ed-close').addEventListener('click', () => $('editor').close());
}
