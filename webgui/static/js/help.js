// Diagrams of the Leiserchess help page: small boards drawn with the game
// page's own piece drawings. Each diagram is data: a corner of the board,
// its pieces, and the beam, moves and marks to draw over it.

import { svgEl, leiserPiece } from './pieces.js';

const SIZE = 100;
const FILES = 'abcdefgh';
// A step of the beam on screen for each direction of travel.
const STEP = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };
// Table 4.4: the beam's new direction, or 'zap', by direction of travel
// and pawn orientation, as the server's rules have it (the page carries it).
const REFLECT = JSON.parse(document.getElementById('reflections').textContent);

// One small board. `spec`: files (e.g. 'def'), ranks (top first, e.g.
// [5, 4, 3]), pieces { square: code }, and optional beam (squares the
// beam passes, in order, plus `exit`: the direction it leaves by), zap
// (a square), arrows ([[from, to]]), cross (a square marked ✗), dots.
function board(spec, caption) {
  const cols = spec.files.length;
  const rows = spec.ranks.length;
  const figure = document.createElement('figure');
  figure.className = 'diagram';
  const svg = svgEl('svg', {
    viewBox: `-24 0 ${cols * SIZE + 24} ${rows * SIZE + 24}`,
    role: 'img',
    'aria-label': caption,
  });
  const where = (square) => {
    const c = spec.files.indexOf(square[0]);
    const r = spec.ranks.indexOf(Number(square.slice(1)));
    return [c * SIZE, r * SIZE];
  };
  const centre = (square) => where(square).map((v) => v + SIZE / 2);
  drawSquares(svg, spec);
  for (const square of spec.dots || []) {
    const [x, y] = centre(square);
    svgEl('circle', { cx: x, cy: y, r: 12, fill: 'rgba(20,85,30,0.6)' }, svg);
  }
  for (const [square, code] of Object.entries(spec.pieces || {})) {
    const [x, y] = where(square);
    svg.appendChild(leiserPiece(code, x, y));
  }
  if (spec.beam) drawBeam(svg, spec, centre);
  if (spec.zap) {
    const [x, y] = centre(spec.zap);
    const g = svgEl('g', { class: 'help-zap' }, svg);
    svgEl('circle', { cx: x, cy: y, r: 40 }, g);
    svgEl('path', { d: `M${x - 26} ${y - 26} L${x + 26} ${y + 26} M${x + 26} ${y - 26} L${x - 26} ${y + 26}` }, g);
  }
  for (const [from, to] of spec.arrows || []) drawArrow(svg, centre(from), centre(to));
  if (spec.cross) {
    const [x, y] = where(spec.cross);
    svgEl('path', { d: `M${x + 8} ${y + 8} L${x + 92} ${y + 92} M${x + 92} ${y + 8} L${x + 8} ${y + 92}`, class: 'help-cross' }, svg);
  }
  figure.appendChild(svg);
  const text = document.createElement('figcaption');
  text.textContent = caption;
  figure.appendChild(text);
  return figure;
}

// The squares of a diagram with its file letters and rank numbers.
function drawSquares(svg, spec) {
  const rows = spec.ranks.length;
  spec.ranks.forEach((rank, r) => {
    [...spec.files].forEach((file, c) => {
      const light = (FILES.indexOf(file) + rank) % 2 === 1;
      svgEl('rect', { x: c * SIZE, y: r * SIZE, width: SIZE, height: SIZE, fill: light ? '#dde3ec' : '#8e9bb3' }, svg);
      if (r === rows - 1) svgEl('text', { x: c * SIZE + 50, y: rows * SIZE + 19, 'text-anchor': 'middle', class: 'help-coord' }, svg).textContent = file;
    });
    svgEl('text', { x: -12, y: r * SIZE + 56, 'text-anchor': 'middle', class: 'help-coord' }, svg).textContent = String(rank);
  });
}

// The beam through its squares, coming in from the edge it enters by and
// going out by the one it leaves by.
function drawBeam(svg, spec, centre) {
  const points = spec.beam.map(centre);
  if (spec.enter) {
    const [dx, dy] = STEP[spec.enter];
    const [x, y] = points[0];
    points.unshift([x - dx * SIZE / 2, y - dy * SIZE / 2]);
  }
  if (spec.exit) {
    const [dx, dy] = STEP[spec.exit];
    const [x, y] = points[points.length - 1];
    points.push([x + dx * SIZE / 2, y + dy * SIZE / 2]);
  }
  svgEl('polyline', { points: points.map((p) => p.join(',')).join(' '), class: 'help-beam' }, svg);
}

function drawArrow(svg, [x0, y0], [x1, y1]) {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const g = svgEl('g', { class: 'help-arrow' }, svg);
  svgEl('line', { x1: x0 + ux * 22, y1: y0 + uy * 22, x2: x1 - ux * 30, y2: y1 - uy * 30 }, g);
  svgEl('path', { d: `M${x1 - ux * 12} ${y1 - uy * 12} L${x1 - ux * 38 - uy * 16} ${y1 - uy * 38 + ux * 16} L${x1 - ux * 38 + uy * 16} ${y1 - uy * 38 - ux * 16} Z` }, g);
}

function fill(id, figures) {
  document.getElementById(id).replaceChildren(...figures);
}

// The 3 × 3 corner around a pawn on e4 with a beam reaching it.
function reflection(orientation, travel) {
  const back = { north: 'e3', east: 'd4', south: 'e5', west: 'f4' }[travel];
  const outcome = REFLECT[travel][orientation];
  const spec = {
    files: 'def',
    ranks: [5, 4, 3],
    pieces: { e4: orientation },
    beam: [back, 'e4'],
    enter: travel,
  };
  if (outcome === 'zap') spec.zap = 'e4';
  else spec.exit = outcome;
  const said = outcome === 'zap' ? 'the back: zapped' : `turned ${outcome}`;
  return board(spec, `${orientation}, beam travelling ${travel}: ${said}`);
}

function draw() {
  fill('diagram-shift', [
    board({ files: 'def', ranks: [5, 4, 3], pieces: { e4: 'NE', f5: 'sw' }, dots: ['d5', 'e5', 'd4', 'f4', 'd3', 'e3', 'f3'] },
      'Shift (3.2): the pawn on e4 may step to any empty neighbour (dots)'),
    board({ files: 'def', ranks: [5, 4, 3], pieces: { e4: 'NE' }, arrows: [['e4', 'e5']] },
      'e4e5: it steps north and keeps facing NE'),
  ]);
  fill('diagram-swap', [
    board({ files: 'def', ranks: [5, 4, 3], pieces: { d4: 'NE', e3: 'sw' }, arrows: [['d4', 'e3']] },
      'Swap (3.3), d4e3f4: Tangerine\'s d4 pawn changes places with Lavender\'s on e3 …'),
    board({ files: 'def', ranks: [5, 4, 3], pieces: { e3: 'NE', d4: 'sw' }, arrows: [['e3', 'f4']] },
      '… both keep their orientations; then the same pawn must shift or rotate …'),
    board({ files: 'def', ranks: [5, 4, 3], pieces: { f4: 'NE', d4: 'sw' } },
      '… here it steps from e3 to f4: one move, d4e3f4'),
  ]);
  fill('diagram-zap', [
    board({ files: 'abcde', ranks: [1, 0], pieces: { a0: 'EE', c0: 'NW', c1: 'nw', e1: 'ww' }, beam: ['a0', 'b0', 'c0', 'c1'], zap: 'c1' },
      'The king on a0 fires east; the NW mirror on c0 turns the beam north; it meets the back of Lavender\'s c1 pawn, which is zapped'),
    board({ files: 'abcde', ranks: [1, 0], pieces: { a0: 'EE', c0: 'NW', c1: 'se', e1: 'ww' }, beam: ['a0', 'b0', 'c0', 'c1', 'd1', 'e1'], zap: 'e1' },
      'With c1 facing SE its mirror turns the beam east, onto Lavender\'s king: zapped, Tangerine wins (5.1)'),
  ]);
  const grid = [];
  for (const orientation of ['NW', 'NE', 'SE', 'SW']) {
    for (const travel of ['north', 'east', 'south', 'west']) grid.push(reflection(orientation, travel));
  }
  fill('diagram-reflections', grid);
  fill('diagram-ko', [
    board({ files: 'abc', ranks: [3, 2, 1], pieces: { b3: 'sw', c2: 'NE' }, arrows: [['b3', 'c2'], ['c2', 'b2']] },
      '1. Lavender plays b3c2b2: its b3 pawn swaps with Tangerine\'s c2 pawn and steps to b2'),
    board({ files: 'abc', ranks: [3, 2, 1], pieces: { b3: 'NE', b2: 'sw' }, arrows: [['b3', 'b2'], ['b2', 'c2']] },
      '2. Tangerine would answer b3b2c2, swapping back and stepping to c2 …'),
    board({ files: 'abc', ranks: [3, 2, 1], pieces: { b3: 'sw', c2: 'NE' }, cross: 'c2' },
      '3. … but that brings back the position from before Lavender\'s move: ko forbids it (6.1)'),
  ]);
  document.body.dataset.ready = 'true';
}

draw();
