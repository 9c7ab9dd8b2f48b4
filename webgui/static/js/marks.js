// Marks drawn over the squares, in a 100 × 100 box at (x, y): the targets
// a click offers, the lock on a pinned pawn, and the turn a queued
// rotation premove will make.

import { svgEl } from './pieces.js';

// Told to people where a pinned pawn is marked (2016 Leiserchess).
export const PINNED_TEXT = "pinned: on the enemy laser's path";

// `dot` on an empty square, `ring` on a piece, `null` on a king for its
// null move (a dashed ring).
export function drawTarget(layer, x, y, kind) {
  if (kind === 'dot') {
    svgEl('circle', { cx: x + 50, cy: y + 50, r: 14, fill: 'rgba(20,85,30,0.6)', class: 'target' }, layer);
  } else if (kind === 'ring') {
    svgEl('circle', { cx: x + 50, cy: y + 50, r: 44, fill: 'none', stroke: 'rgba(20,85,30,0.7)', 'stroke-width': 8, class: 'target' }, layer);
  } else if (kind === 'null') {
    const mark = svgEl('circle', {
      cx: x + 50, cy: y + 50, r: 44, fill: 'none', stroke: 'rgba(20,85,30,0.85)', 'stroke-width': 7,
      'stroke-dasharray': '10 8', class: 'target null-target',
    }, layer);
    svgEl('title', {}, mark).textContent = 'click the king again for its null move';
  }
}

// A small padlock in the square's top-right corner, with the reason as
// its title (shown on hover, read by screen readers).
export function drawPin(layer, x, y, square) {
  const g = svgEl('g', { class: 'pinned', 'data-pinned': square, transform: `translate(${x + 66} ${y + 4})` }, layer);
  svgEl('title', {}, g).textContent = `${square} ${PINNED_TEXT}`;
  svgEl('path', { d: 'M7 12 V8 a6 6 0 0 1 12 0 V12', fill: 'none', stroke: '#1d2a33', 'stroke-width': 3.5 }, g);
  svgEl('rect', { x: 3, y: 12, width: 20, height: 15, rx: 3, fill: '#f5d442', stroke: '#1d2a33', 'stroke-width': 2.5 }, g);
  svgEl('circle', { cx: 13, cy: 19, r: 2.5, fill: '#1d2a33' }, g);
  return g;
}

// The rotation buttons' arrows, and their names for people.
const ROTATIONS = {
  L: { glyph: '⟲', name: 'left' },
  R: { glyph: '⟳', name: 'right' },
  U: { glyph: '↻', name: 'a U-turn' },
};

// A queued rotation premove: its arrow in a badge in the square's
// bottom-left corner, where it hides least of the piece.
export function drawRotation(layer, x, y, letter) {
  const rotation = ROTATIONS[letter];
  if (!rotation) return null;
  const g = svgEl('g', { class: 'premove-rotate', 'data-rotate': letter }, layer);
  svgEl('title', {}, g).textContent = `premove: rotate ${rotation.name}`;
  svgEl('circle', { cx: x + 24, cy: y + 76, r: 20, fill: 'rgba(20,30,85,0.85)' }, g);
  svgEl('text', {
    x: x + 24, y: y + 77, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 28, fill: '#fff',
  }, g).textContent = rotation.glyph;
  return g;
}
