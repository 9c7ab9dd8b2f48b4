// The SVG board: squares (clickable, labelled, with stable data-square
// attributes), coordinates, highlights, pieces, pinned pawns and the
// Leiserchess laser. Square names follow the game: its first rank number
// comes from the server (1, or 0 in 2016 Leiserchess).
//
// Pieces move by click-click or by drag and drop (pointer events, so
// mouse, pen and touch alike). A right-button drag draws an arrow (a
// circle when it ends where it began), as people annotate boards; a left
// click clears the drawings. A right click first cancels a queued
// premove (and draws nothing), as on lichess. The squares are not in the
// tab order: the keyboard steps through the moves (main.js) and the move
// field takes typed moves.

import { svgEl, chessPiece, leiserPiece, leiserInfo, CHESS_NAMES } from './pieces.js';
import { drawLaser } from './laser.js';
import { drawPin, drawRotation, drawTarget } from './marks.js';

const FILES = 'abcdefgh';
const SIZE = 100;
const COLOURS = {
  chess: { light: '#f0d9b5', dark: '#b58863' },
  leiserchess: { light: '#dde3ec', dark: '#8e9bb3' },
};
const EXIT_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
// A press that moves less than this (screen pixels) is a click.
const DRAG_THRESHOLD_PX = 5;
// The order of the promotion chooser, from the promotion square inwards.
const PROMOTION_ORDER = ['q', 'n', 'r', 'b'];

export function squareName(index, firstRank = 1) {
  return FILES[index % 8] + (Math.floor(index / 8) + firstRank);
}

export function squareIndex(name, firstRank = 1) {
  return (Number(name.slice(1)) - firstRank) * 8 + FILES.indexOf(name[0]);
}

// Whether a piece code belongs to White (Tangerine).
export function isWhitePiece(pieces, code) {
  if (!code) return false;
  return pieces === 'chess' ? code === code.toUpperCase() : leiserInfo(code).white;
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
  // hooks: square(name) for a click; draggable(name) whether a press on
  // the square may start a drag; drop(from, to) for a drag that ended on
  // another square; promote(letter) from the promotion chooser;
  // secondary() for a right-button press, true if it was used (then it
  // starts no drawing).
  constructor(container, hooks) {
    this.container = container;
    this.hooks = hooks;
    this.firstRank = 1;
    this.svg = null;
    this.view = null;
    this.drag = null; // { from, x0, y0, x, y, moved, pointerId }
    this.drawStart = null; // the square a right-button drag began on
    this.drawings = new Map(); // key -> { from, to } (to === from: a circle)
    this.suppressClick = false;
    container.addEventListener('pointerdown', (e) => this.pointerDown(e));
    container.addEventListener('pointermove', (e) => this.pointerMove(e));
    container.addEventListener('pointerup', (e) => this.pointerUp(e));
    container.addEventListener('pointercancel', () => this.cancelDrag());
    container.addEventListener('contextmenu', (e) => e.preventDefault());
    container.addEventListener('click', (e) => {
      if (this.suppressClick) {
        e.stopPropagation();
        e.preventDefault();
        this.suppressClick = false;
      }
    }, true);
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

  // The square under a point of the screen, or null off the board.
  squareAt(clientX, clientY) {
    if (!this.svg) return null;
    const r = this.svg.getBoundingClientRect();
    const col = Math.floor(((clientX - r.left) / r.width) * 8);
    const row = Math.floor(((clientY - r.top) / r.height) * 8);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    const flipped = !!(this.view && this.view.flipped);
    const file = flipped ? 7 - col : col;
    const rank = flipped ? row : 7 - row;
    return FILES[file] + (rank + this.firstRank);
  }

  // A point of the screen in board units.
  toBoard(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    return [((clientX - r.left) / r.width) * 8 * SIZE, ((clientY - r.top) / r.height) * 8 * SIZE];
  }

  // ---- pointer input ------------------------------------------------------

  pointerDown(e) {
    const square = this.squareAt(e.clientX, e.clientY);
    if (!square) return;
    if (e.button === 2) {
      if (this.hooks.secondary && this.hooks.secondary()) return;
      this.drawStart = square;
      return;
    }
    if (e.button !== 0 || (this.view && this.view.promotion)) return;
    if (this.drawings.size) {
      this.drawings.clear();
      this.redraw();
    }
    if (!this.hooks.draggable(square)) return;
    this.drag = { from: square, x0: e.clientX, y0: e.clientY, x: e.clientX, y: e.clientY, moved: false, pointerId: e.pointerId };
    // Touch would scroll the page instead.
    if (e.pointerType !== 'mouse') e.preventDefault();
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    d.x = e.clientX;
    d.y = e.clientY;
    if (!d.moved) {
      if (Math.hypot(d.x - d.x0, d.y - d.y0) < DRAG_THRESHOLD_PX) return;
      d.moved = true;
      // Captured only once it is a drag, so a plain click still reaches
      // the square under it.
      try { this.container.setPointerCapture(e.pointerId); } catch (err) { /* gone */ }
      this.hooks.dragStart(d.from);
    }
    this.placeGhost();
    e.preventDefault();
  }

  pointerUp(e) {
    if (e.button === 2 && this.drawStart) {
      const to = this.squareAt(e.clientX, e.clientY);
      if (to) this.toggleDrawing(this.drawStart, to);
      this.drawStart = null;
      return;
    }
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    this.drag = null;
    if (!d.moved) return; // a click: the click event handles it
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, 0);
    const to = this.squareAt(e.clientX, e.clientY);
    if (to && to !== d.from) this.hooks.drop(d.from, to);
    else this.hooks.dragCancel(d.from);
  }

  cancelDrag() {
    if (!this.drag) return;
    const from = this.drag.from;
    const moved = this.drag.moved;
    this.drag = null;
    if (moved) this.hooks.dragCancel(from);
  }

  // The dragged piece follows the pointer; its square shows it faded.
  placeGhost() {
    const d = this.drag;
    if (!d || !d.moved || !this.svg) return;
    let ghost = this.svg.querySelector('.drag-ghost');
    if (!ghost) {
      const original = this.svg.querySelector(`.piece[data-on="${d.from}"]`);
      if (!original) return;
      ghost = original.cloneNode(true);
      ghost.classList.add('drag-ghost');
      ghost.removeAttribute('data-on');
      ghost.dataset.base = original.getAttribute('transform').replace(/^translate\([^)]*\)\s*/, '');
      original.classList.add('dragged');
      this.svg.appendChild(ghost);
    }
    const [x, y] = this.toBoard(d.x, d.y);
    ghost.setAttribute('transform', `translate(${x - SIZE / 2} ${y - SIZE / 2}) ${ghost.dataset.base}`);
  }

  // ---- drawings -------------------------------------------------------------

  toggleDrawing(from, to) {
    const key = from + to;
    if (this.drawings.has(key)) this.drawings.delete(key);
    else this.drawings.set(key, { from, to });
    this.redraw();
  }

  clearDrawings() {
    if (!this.drawings.size) return;
    this.drawings.clear();
    this.redraw();
  }

  redraw() {
    if (this.view) this.render(this.view);
  }

  // An arrow from the centre of one square to another, or a circle.
  drawArrow(layer, from, to, flipped, cls, opacity = 1) {
    const [x0, y0] = this.centre(from, flipped);
    const [x1, y1] = this.centre(to, flipped);
    const g = svgEl('g', { class: cls, 'data-from': from, 'data-to': to, opacity }, layer);
    if (from === to) {
      svgEl('circle', { cx: x0, cy: y0, r: 44, fill: 'none', 'stroke-width': 7 }, g);
      return g;
    }
    const len = Math.hypot(x1 - x0, y1 - y0);
    const ux = (x1 - x0) / len;
    const uy = (y1 - y0) / len;
    const head = 34;
    const bx = x1 - ux * head;
    const by = y1 - uy * head;
    svgEl('line', { x1: x0 + ux * 20, y1: y0 + uy * 20, x2: bx, y2: by, 'stroke-width': 16, 'stroke-linecap': 'round' }, g);
    const px = -uy * 22;
    const py = ux * 22;
    svgEl('path', { d: `M${x1} ${y1} L${bx + px} ${by + py} L${bx - px} ${by - py} Z`, stroke: 'none' }, g);
    return g;
  }

  // ---- drawing the board -----------------------------------------------------

  render(view) {
    if (this.view && view.positionKey !== this.view.positionKey) this.drawings.clear();
    this.view = view;
    const flipped = !!view.flipped;
    this.firstRank = view.firstRank ?? 1;
    const svg = svgEl('svg', {
      viewBox: `0 0 ${8 * SIZE} ${8 * SIZE}`,
      role: 'group',
      'aria-label': `${view.title} board${flipped ? ', flipped' : ''}`,
      'data-game': view.game,
    });
    const layers = {
      squares: svgEl('g', { class: 'squares' }, svg),
      marks: svgEl('g', { class: 'overlay marks' }, svg),
      pieces: svgEl('g', { class: 'pieces' }, svg),
      top: svgEl('g', { class: 'overlay top' }, svg),
    };
    // What every square asks about, worked out once.
    const marked = {
      colours: COLOURS[view.pieces] || COLOURS.chess,
      last: view.lastMove ? [view.lastMove.from, view.lastMove.to, view.lastMove.swap].filter(Boolean) : [],
      premove: view.premove ? [view.premove.from, view.premove.to].filter(Boolean) : [],
      targets: new Map((view.targets || []).map((t) => [t.square, t.kind])),
      pinned: new Set(view.pinned || []),
    };
    for (let i = 0; i < 64; i++) this.drawSquare(i, view, layers, marked);
    this.drawOverlays(layers.top, view, flipped);
    if (view.promotion) this.drawPromotion(svg, view, flipped);

    this.container.replaceChildren(svg);
    this.svg = svg;
    this.placeGhost();
  }

  // Square `i`: its colour, its marks (last move, premove, selection,
  // check, coordinates), its piece, and a pin or target over it.
  drawSquare(i, view, layers, marked) {
    const { colours, last, premove, targets, pinned } = marked;
    const flipped = !!view.flipped;
    const { squares, marks, pieces, top } = layers;
    const name = squareName(i, this.firstRank);
    const [x, y] = this.corner(name, flipped);
    const file = i % 8;
    const rank = Math.floor(i / 8);
    const light = (file + rank) % 2 === 1;
    const code = view.board[i] || '';
    const rect = svgEl('rect', {
      x, y, width: SIZE, height: SIZE,
      fill: light ? colours.light : colours.dark,
      class: 'sq',
      'data-square': name,
      'data-piece': code,
      'aria-label': `${name}, ${pieceLabel(view.pieces, code, view.sideNames)}` + (pinned.has(name) ? ', pinned' : ''),
    }, squares);
    if (name === view.selected) rect.setAttribute('aria-pressed', 'true');
    rect.addEventListener('click', () => this.hooks.square(name));

    if (last.includes(name)) {
      svgEl('rect', { x, y, width: SIZE, height: SIZE, fill: 'rgba(155,199,0,0.41)', class: 'last-move' }, marks);
    }
    if (premove.includes(name)) {
      svgEl('rect', { x, y, width: SIZE, height: SIZE, fill: 'rgba(20,30,85,0.45)', class: 'premove' }, marks);
    }
    if (name === view.selected) {
      svgEl('rect', { x, y, width: SIZE, height: SIZE, fill: 'rgba(20,85,30,0.55)', class: 'selected' }, marks);
    }
    if (name === view.check) {
      svgEl('circle', { cx: x + 50, cy: y + 50, r: 48, fill: 'rgba(230,20,20,0.55)', class: 'check' }, marks);
    }
    this.drawCoordinates(marks, x, y, file, rank, light ? colours.dark : colours.light, flipped);
    if (code) {
      const piece = view.pieces === 'chess' ? chessPiece(code, x, y) : leiserPiece(code, x, y, flipped);
      piece.setAttribute('data-on', name);
      pieces.appendChild(piece);
    }
    if (pinned.has(name)) drawPin(top, x, y, name);
    drawTarget(top, x, y, targets.get(name));
  }

  // Coordinates like a real board: files on the bottom row, ranks on the
  // left column (from the viewer's side).
  drawCoordinates(marks, x, y, file, rank, fill, flipped) {
    const bottomRow = flipped ? rank === 7 : rank === 0;
    const leftCol = flipped ? file === 7 : file === 0;
    if (bottomRow) {
      svgEl('text', { x: x + SIZE - 5, y: y + SIZE - 6, 'text-anchor': 'end', fill, class: 'coord file' }, marks).textContent = FILES[file];
    }
    if (leftCol) {
      svgEl('text', { x: x + 4, y: y + 4, 'dominant-baseline': 'hanging', fill, class: 'coord rank' }, marks).textContent = String(rank + this.firstRank);
    }
  }

  // Over the pieces: a queued rotation, the laser, the engine's arrows
  // and the person's drawings.
  drawOverlays(top, view, flipped) {
    if (view.premove && view.premove.rotate) {
      drawRotation(top, ...this.corner(view.premove.from, flipped), view.premove.rotate);
    }
    if (view.laser) {
      const [dx, dy] = EXIT_STEP[view.laser.exit] || [0, 0];
      const sign = flipped ? -SIZE / 2 : SIZE / 2;
      const exit = view.laser.exit ? [dx * sign, dy * sign] : null;
      const style = { kind: view.laserStyle || '', elapsed: view.laserElapsed || 0 };
      drawLaser(top, view.laser, (sq) => this.centre(sq, flipped), exit, style);
    }
    // The engine's lines (analysis): the best one boldest.
    (view.arrows || []).forEach((a, i) => {
      this.drawArrow(top, a.from, a.to, flipped, 'engine-arrow', Math.max(0.35, 0.85 - i * 0.15));
    });
    for (const d of this.drawings.values()) this.drawArrow(top, d.from, d.to, flipped, 'drawing');
  }

  // The promotion chooser: the pieces in a column over the promotion
  // square, reaching towards the middle of the board; a click elsewhere
  // cancels.
  drawPromotion(svg, view, flipped) {
    const { square, white, letters } = view.promotion;
    const layer = svgEl('g', { class: 'promotion-chooser', role: 'group', 'aria-label': 'Promote to' }, svg);
    const shade = svgEl('rect', { x: 0, y: 0, width: 8 * SIZE, height: 8 * SIZE, fill: 'rgba(0,0,0,0.45)', class: 'promo-shade' }, layer);
    shade.addEventListener('click', () => this.hooks.promote(null));
    const [x, y0] = this.corner(square, flipped);
    const down = y0 === 0 ? 1 : -1;
    PROMOTION_ORDER.filter((l) => letters.includes(l)).forEach((letter, i) => {
      const y = y0 + down * i * SIZE;
      const g = svgEl('g', { class: 'promo-choice', 'data-promo': letter, role: 'button', 'aria-label': `Promote to ${CHESS_NAMES[letter]}` }, layer);
      svgEl('rect', { x, y, width: SIZE, height: SIZE, fill: '#b0b0b0' }, g);
      svgEl('circle', { cx: x + 50, cy: y + 50, r: 46, fill: '#f4f4f4' }, g);
      g.appendChild(chessPiece(white ? letter.toUpperCase() : letter, x, y));
      g.addEventListener('click', (e) => {
        e.stopPropagation();
        this.hooks.promote(letter);
      });
    });
  }
}
