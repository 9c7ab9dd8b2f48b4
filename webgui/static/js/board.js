// The SVG board: squares (clickable, labelled, with stable data-square
// attributes), coordinates, highlights, pieces, pinned pawns and the
// Leiserchess laser. Square names follow the game: its first rank number
// comes from the server (1, or 0 in 2016 Leiserchess).

import { svgEl, chessPiece, leiserPiece, leiserInfo, CHESS_NAMES } from './pieces.js';
import { drawLaser } from './laser.js';
import { drawPin, drawTarget } from './marks.js';

const FILES = 'abcdefgh';
const SIZE = 100;
const THEMES = {
  chess: { light: '#f0d9b5', dark: '#b58863' },
  leiserchess: { light: '#dde3ec', dark: '#8e9bb3' },
};
const EXIT_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

export function squareName(index, firstRank = 1) {
  return FILES[index % 8] + (Math.floor(index / 8) + firstRank);
}

export function squareIndex(name, firstRank = 1) {
  return (Number(name.slice(1)) - firstRank) * 8 + FILES.indexOf(name[0]);
}

function pieceLabel(pieces, code, sideNames) {
  if (!code) return 'empty';
  if (pieces === 'chess') {
    const white = code === code.toUpperCase();
    return `${white ? 'white' : 'black'} ${CHESS_NAMES[code.toLowerCase()]}`;
  }
  const info = leiserInfo(code);
  const side = sideNames[info.white ? 0 : 1];
  const facing = code.toUpperCase();
  return info.kind === 'king' ? `${side} king firing ${facing}` : `${side} pawn, mirror facing ${facing}`;
}

export class Board {
  constructor(container, onSquare) {
    this.container = container;
    this.onSquare = onSquare;
    this.focusIndex = 12; // e2 in chess
    this.firstRank = 1;
    this.svg = null;
  }

  get focusName() {
    return squareName(this.focusIndex, this.firstRank);
  }

  // Top-left corner of a square on screen.
  corner(name, flipped) {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name.slice(1)) - this.firstRank;
    const col = flipped ? 7 - file : file;
    const row = flipped ? rank : 7 - rank;
    return [col * SIZE, row * SIZE];
  }

  centre(name, flipped) {
    const [x, y] = this.corner(name, flipped);
    return [x + SIZE / 2, y + SIZE / 2];
  }

  render(view) {
    const hadFocus = this.svg && this.svg.contains(document.activeElement);
    const theme = THEMES[view.pieces] || THEMES.chess;
    const flipped = !!view.flipped;
    this.firstRank = view.firstRank ?? 1;
    const svg = svgEl('svg', {
      viewBox: `0 0 ${8 * SIZE} ${8 * SIZE}`,
      role: 'group',
      'aria-label': `${view.title} board${flipped ? ', flipped' : ''}`,
      'data-game': view.game,
    });
    const squares = svgEl('g', { class: 'squares' }, svg);
    const marks = svgEl('g', { class: 'overlay marks' }, svg);
    const pieces = svgEl('g', { class: 'pieces' }, svg);
    const top = svgEl('g', { class: 'overlay top' }, svg);

    const last = view.lastMove ? [view.lastMove.from, view.lastMove.to, view.lastMove.swap].filter(Boolean) : [];
    const targets = new Map((view.targets || []).map((t) => [t.square, t.kind]));
    const pinned = new Set(view.pinned || []);

    for (let i = 0; i < 64; i++) {
      const name = squareName(i, this.firstRank);
      const [x, y] = this.corner(name, flipped);
      const file = i % 8;
      const rank = Math.floor(i / 8);
      const light = (file + rank) % 2 === 1;
      const code = view.board[i] || '';
      const rect = svgEl('rect', {
        x, y, width: SIZE, height: SIZE,
        fill: light ? theme.light : theme.dark,
        class: 'sq',
        'data-square': name,
        'data-piece': code,
        role: 'button',
        tabindex: name === this.focusName ? '0' : '-1',
        'aria-label': `${name}, ${pieceLabel(view.pieces, code, view.sideNames)}` + (pinned.has(name) ? ', pinned' : ''),
      }, squares);
      if (name === view.selected) rect.setAttribute('aria-pressed', 'true');
      rect.addEventListener('click', () => {
        this.focusIndex = i;
        this.onSquare(name);
      });
      rect.addEventListener('keydown', (e) => this.squareKey(e, name, flipped));

      if (last.includes(name)) {
        svgEl('rect', { x, y, width: SIZE, height: SIZE, fill: 'rgba(155,199,0,0.41)', class: 'last-move' }, marks);
      }
      if (name === view.selected) {
        svgEl('rect', { x, y, width: SIZE, height: SIZE, fill: 'rgba(20,85,30,0.55)', class: 'selected' }, marks);
      }
      if (name === view.check) {
        svgEl('circle', { cx: x + 50, cy: y + 50, r: 48, fill: 'rgba(230,20,20,0.55)', class: 'check' }, marks);
      }
      // Coordinates like a real board: files on the bottom row, ranks on
      // the left column (from the viewer's side).
      const bottomRow = flipped ? rank === 7 : rank === 0;
      const leftCol = flipped ? file === 7 : file === 0;
      const coordFill = light ? theme.dark : theme.light;
      if (bottomRow) {
        svgEl('text', { x: x + SIZE - 5, y: y + SIZE - 6, 'text-anchor': 'end', fill: coordFill, class: 'coord' }, marks).textContent = FILES[file];
      }
      if (leftCol) {
        svgEl('text', { x: x + 4, y: y + 16, fill: coordFill, class: 'coord rank' }, marks).textContent = String(rank + this.firstRank);
      }
      if (code) {
        const piece = view.pieces === 'chess' ? chessPiece(code, x, y) : leiserPiece(code, x, y, flipped);
        piece.setAttribute('data-on', name);
        pieces.appendChild(piece);
      }
      if (pinned.has(name)) drawPin(top, x, y, name);
      drawTarget(top, x, y, targets.get(name));
    }
    if (view.laser) {
      const [dx, dy] = EXIT_STEP[view.laser.exit] || [0, 0];
      const sign = flipped ? -SIZE / 2 : SIZE / 2;
      const exit = view.laser.exit ? [dx * sign, dy * sign] : null;
      const style = { kind: view.laserStyle || '', elapsed: view.laserElapsed || 0 };
      drawLaser(top, view.laser, (sq) => this.centre(sq, flipped), exit, style);
    }

    this.container.replaceChildren(svg);
    this.svg = svg;
    if (hadFocus) this.focusSquare(this.focusName);
  }

  focusSquare(name) {
    if (!this.svg) return;
    const rect = this.svg.querySelector(`[data-square="${name}"]`);
    if (!rect) return;
    for (const r of this.svg.querySelectorAll('.sq[tabindex="0"]')) r.setAttribute('tabindex', '-1');
    rect.setAttribute('tabindex', '0');
    this.focusIndex = squareIndex(name, this.firstRank);
    rect.focus();
  }

  // Arrow keys move between squares (as seen on screen); Enter or Space
  // clicks the square.
  squareKey(e, name, flipped) {
    const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      this.onSquare(name);
      return;
    }
    const step = moves[e.key];
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const sign = flipped ? -1 : 1;
    const file = Math.min(7, Math.max(0, FILES.indexOf(name[0]) + step[0] * sign));
    const rank = Math.min(7, Math.max(0, Number(name.slice(1)) - this.firstRank + step[1] * sign));
    this.focusSquare(FILES[file] + (rank + this.firstRank));
  }
}
