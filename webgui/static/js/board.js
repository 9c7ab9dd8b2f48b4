// The SVG board: squares (clickable, labelled, with stable data-square
// attributes), coordinates, highlights, pieces and the Leiserchess laser.

import { svgEl, chessPiece, leiserPiece, leiserInfo, CHESS_NAMES } from './pieces.js';

const FILES = 'abcdefgh';
const SIZE = 100;
const THEMES = {
  chess: { light: '#f0d9b5', dark: '#b58863' },
  leiserchess: { light: '#dde3ec', dark: '#8e9bb3' },
};
const EXIT_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

export function squareName(index) {
  return FILES[index % 8] + (Math.floor(index / 8) + 1);
}

export function squareIndex(name) {
  return (Number(name[1]) - 1) * 8 + FILES.indexOf(name[0]);
}

function pieceLabel(game, code, sideNames) {
  if (!code) return 'empty';
  if (game === 'chess') {
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
    this.focusName = 'e2';
    this.svg = null;
  }

  // Top-left corner of a square on screen.
  corner(name, flipped) {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name[1]) - 1;
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
    const theme = THEMES[view.game] || THEMES.chess;
    const flipped = !!view.flipped;
    const svg = svgEl('svg', {
      viewBox: `0 0 ${8 * SIZE} ${8 * SIZE}`,
      role: 'group',
      'aria-label': `${view.game === 'chess' ? 'Chess' : 'Leiserchess'} board${flipped ? ', flipped' : ''}`,
      'data-game': view.game,
    });
    const squares = svgEl('g', { class: 'squares' }, svg);
    const marks = svgEl('g', { class: 'overlay marks' }, svg);
    const pieces = svgEl('g', { class: 'pieces' }, svg);
    const top = svgEl('g', { class: 'overlay top' }, svg);

    const last = view.lastMove ? [view.lastMove.from, view.lastMove.to, view.lastMove.swap].filter(Boolean) : [];
    const targets = new Map((view.targets || []).map((t) => [t.square, t.kind]));

    for (let i = 0; i < 64; i++) {
      const name = squareName(i);
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
        'aria-label': `${name}, ${pieceLabel(view.game, code, view.sideNames)}`,
      }, squares);
      if (name === view.selected) rect.setAttribute('aria-pressed', 'true');
      rect.addEventListener('click', () => {
        this.focusName = name;
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
        svgEl('text', { x: x + 4, y: y + 16, fill: coordFill, class: 'coord' }, marks).textContent = String(rank + 1);
      }
      if (code) {
        const piece = view.game === 'chess' ? chessPiece(code, x, y) : leiserPiece(code, x, y, flipped);
        piece.setAttribute('data-on', name);
        pieces.appendChild(piece);
      }
      const target = targets.get(name);
      if (target === 'dot') {
        svgEl('circle', { cx: x + 50, cy: y + 50, r: 14, fill: 'rgba(20,85,30,0.6)', class: 'target' }, top);
      } else if (target === 'ring') {
        svgEl('circle', { cx: x + 50, cy: y + 50, r: 44, fill: 'none', stroke: 'rgba(20,85,30,0.7)', 'stroke-width': 8, class: 'target' }, top);
      }
    }
    if (view.laser) this.drawLaser(top, view.laser, flipped, view.laserStyle || '');

    this.container.replaceChildren(svg);
    this.svg = svg;
    if (hadFocus) this.focusSquare(this.focusName);
  }

  drawLaser(layer, laser, flipped, style) {
    const points = laser.path.map((sq) => this.centre(sq, flipped));
    if (!points.length) return;
    if (laser.exit) {
      // Carry the beam on to the edge of the board.
      let [dx, dy] = EXIT_STEP[laser.exit];
      if (flipped) { dx = -dx; dy = -dy; }
      const [x, y] = points[points.length - 1];
      points.push([x + dx * SIZE / 2, y + dy * SIZE / 2]);
    }
    const line = svgEl('polyline', {
      points: points.map((p) => p.join(',')).join(' '),
      class: 'laser ' + style,
      'data-laser': laser.path.join(' '),
      'aria-label': `laser from ${laser.path[0]}` + (laser.zaps.length ? `, zaps ${laser.zaps.map((z) => z.square).join(', ')}` : ', leaves the board'),
    }, layer);
    if (style === 'animate') {
      // Length for the draw-in animation (the beam grows from the king).
      let length = 0;
      for (let i = 1; i < points.length; i++) {
        length += Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
      }
      line.style.strokeDasharray = String(length);
      line.style.setProperty('--len', String(length));
    }
    for (const zap of laser.zaps) {
      const [cx, cy] = this.centre(zap.square, flipped);
      const mark = svgEl('g', { class: 'zap', 'data-zapped': zap.square }, layer);
      svgEl('circle', { cx, cy, r: 40 }, mark);
      svgEl('path', { d: `M${cx - 26} ${cy - 26} L${cx + 26} ${cy + 26} M${cx + 26} ${cy - 26} L${cx - 26} ${cy + 26}` }, mark);
    }
  }

  focusSquare(name) {
    if (!this.svg) return;
    const rect = this.svg.querySelector(`[data-square="${name}"]`);
    if (!rect) return;
    for (const r of this.svg.querySelectorAll('.sq[tabindex="0"]')) r.setAttribute('tabindex', '-1');
    rect.setAttribute('tabindex', '0');
    this.focusName = name;
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
    const rank = Math.min(7, Math.max(0, Number(name[1]) - 1 + step[1] * sign));
    this.focusSquare(FILES[file] + (rank + 1));
  }
}
