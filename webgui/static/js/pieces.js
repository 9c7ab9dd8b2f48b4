// Piece drawings in a 100 × 100 box, our own simple silhouettes.

const NS = 'http://www.w3.org/2000/svg';

export function svgEl(name, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

const CHESS_SHAPES = {
  p: [
    ['circle', { cx: 50, cy: 32, r: 13 }],
    ['path', { d: 'M34 80 Q37 56 44 46 L56 46 Q63 56 66 80 Z' }],
    ['rect', { x: 26, y: 78, width: 48, height: 11, rx: 4 }],
  ],
  r: [
    ['path', { d: 'M26 18 h10 v8 h8 v-8 h12 v8 h8 v-8 h10 v22 h-48 Z' }],
    ['rect', { x: 33, y: 40, width: 34, height: 38 }],
    ['rect', { x: 24, y: 78, width: 52, height: 11, rx: 3 }],
  ],
  n: [
    ['path', { d: 'M30 88 L74 88 Q74 66 70 52 Q66 30 52 22 L50 12 L44 22 Q34 26 28 40 L22 56 Q26 64 32 60 L42 52 Q44 60 36 70 Q30 78 30 88 Z' }],
    ['circle', { cx: 42, cy: 34, r: 3.2, class: 'detail' }],
  ],
  b: [
    ['circle', { cx: 50, cy: 15, r: 6 }],
    ['path', { d: 'M36 78 Q26 58 40 42 Q48 32 50 24 Q52 32 60 42 Q74 58 64 78 Z' }],
    ['path', { d: 'M50 42 L58 52', class: 'detail-line' }],
    ['rect', { x: 26, y: 78, width: 48, height: 11, rx: 4 }],
  ],
  q: [
    ['path', { d: 'M28 78 L20 34 L36 54 L40 26 L50 52 L60 26 L64 54 L80 34 L72 78 Z' }],
    ['circle', { cx: 20, cy: 32, r: 5 }],
    ['circle', { cx: 40, cy: 24, r: 5 }],
    ['circle', { cx: 60, cy: 24, r: 5 }],
    ['circle', { cx: 80, cy: 32, r: 5 }],
    ['rect', { x: 24, y: 78, width: 52, height: 11, rx: 4 }],
  ],
  k: [
    ['rect', { x: 46, y: 8, width: 8, height: 26 }],
    ['rect', { x: 38, y: 15, width: 24, height: 8 }],
    ['path', { d: 'M30 78 Q22 56 36 44 L64 44 Q78 56 70 78 Z' }],
    ['rect', { x: 24, y: 78, width: 52, height: 11, rx: 4 }],
  ],
};

export const CHESS_NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

// A chess piece from its FEN letter, at the given top-left corner.
export function chessPiece(code, x, y) {
  const white = code === code.toUpperCase();
  const g = svgEl('g', {
    class: 'piece ' + (white ? 'white' : 'black'),
    transform: `translate(${x} ${y})`,
    fill: white ? '#fafafa' : '#262421',
    stroke: white ? '#1b1b1b' : '#000',
    'stroke-width': 3,
    'stroke-linejoin': 'round',
  });
  for (const [name, attrs] of CHESS_SHAPES[code.toLowerCase()] || []) {
    const el = svgEl(name, attrs, g);
    if (attrs.class === 'detail') {
      el.setAttribute('fill', white ? '#1b1b1b' : '#eee');
      el.setAttribute('stroke', 'none');
    } else if (attrs.class === 'detail-line') {
      el.setAttribute('stroke', white ? '#1b1b1b' : '#eee');
      el.setAttribute('fill', 'none');
    }
  }
  return g;
}

// Leiserchess: orientation codes in clockwise order (rule 2).
export const KING_DIRS = ['NN', 'EE', 'SS', 'WW'];
export const PAWN_DIRS = ['NW', 'NE', 'SE', 'SW'];
export const LEISER_COLOURS = {
  white: { fill: '#f28c28', stroke: '#5a2d00' },
  black: { fill: '#b79ce6', stroke: '#34215a' },
};

export function leiserInfo(code) {
  const upper = code.toUpperCase();
  const white = code === upper;
  const king = KING_DIRS.indexOf(upper);
  if (king >= 0) return { white, kind: 'king', orientation: king };
  return { white, kind: 'pawn', orientation: PAWN_DIRS.indexOf(upper) };
}

// A Leiserchess piece: a pawn is a right triangle whose long edge (the
// mirror, drawn silver) faces its orientation; a king is a disc with a
// cannon pointing where its laser fires.
export function leiserPiece(code, x, y, flipped = false) {
  const info = leiserInfo(code);
  // Orientations are compass directions: on a flipped board north is down.
  const turn = info.orientation * 90 + (flipped ? 180 : 0);
  const colours = LEISER_COLOURS[info.white ? 'white' : 'black'];
  const g = svgEl('g', {
    class: `piece ${info.kind} ${info.white ? 'white' : 'black'}`,
    transform: `translate(${x} ${y}) rotate(${turn} 50 50)`,
    'stroke-linejoin': 'round',
  });
  if (info.kind === 'pawn') {
    // Orientation NW: the body fills the south-east half, the mirror runs
    // from the north-east corner to the south-west corner.
    svgEl('path', { d: 'M88 12 L88 88 L12 88 Z', fill: colours.fill, stroke: colours.stroke, 'stroke-width': 3 }, g);
    svgEl('path', { d: 'M88 12 L12 88', stroke: '#1d2a33', 'stroke-width': 9, 'stroke-linecap': 'round' }, g);
    svgEl('path', { d: 'M86 14 L14 86', stroke: '#e8f6ff', 'stroke-width': 5, 'stroke-linecap': 'round', class: 'mirror' }, g);
  } else {
    svgEl('path', { d: 'M50 4 L64 26 L36 26 Z', fill: '#d42020', stroke: colours.stroke, 'stroke-width': 2.5, class: 'cannon' }, g);
    svgEl('circle', { cx: 50, cy: 54, r: 30, fill: colours.fill, stroke: colours.stroke, 'stroke-width': 3 }, g);
    svgEl('path', { d: 'M36 62 L34 44 L43 52 L50 40 L57 52 L66 44 L64 62 Z', fill: colours.stroke, opacity: 0.85 }, g);
  }
  return g;
}
