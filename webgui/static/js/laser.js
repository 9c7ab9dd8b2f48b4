// The Leiserchess laser: one polyline through the squares of its path and
// a mark on every piece it zapped, as the server sent them (a 2016 shot
// can zap several, in order). A new move's laser is drawn in: the beam
// grows from the king at an even speed and each zap mark appears when the
// beam reaches it. The timings are CSS custom properties, so
// prefers-reduced-motion (style.css) shows everything at once.

import { svgEl } from './pieces.js';

// How long the beam takes to draw in, and a zap mark to appear, in ms.
const DRAW_MS = 450;
const ZAP_MS = 120;
// How long a new move's laser animates.
export const LASER_MS = DRAW_MS + ZAP_MS;

// `centre(square)` gives a square's centre on screen; `exit` is the
// on-screen step ([dx, dy]) to the edge the beam left the board by;
// `style.kind` is '', 'staged' or 'animate', and an animation redrawn
// part-way goes on from `style.elapsed` ms.
export function drawLaser(layer, laser, centre, exit, style) {
  const points = laser.path.map(centre);
  if (!points.length) return;
  if (exit) {
    const [x, y] = points[points.length - 1];
    points.push([x + exit[0], y + exit[1]]);
  }
  // Length of the beam up to each point.
  const reach = [0];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    reach.push(reach[i - 1] + Math.hypot(x1 - x0, y1 - y0));
  }
  const length = reach[reach.length - 1] || 1;
  const zapped = laser.zaps.map((z) => z.square);
  const line = svgEl('polyline', {
    points: points.map((p) => p.join(',')).join(' '),
    class: 'laser ' + style.kind,
    'data-laser': laser.path.join(' '),
    'aria-label': `laser from ${laser.path[0]}` + (zapped.length ? `, zaps ${zapped.join(', ')}` : ', leaves the board'),
  }, layer);
  const animate = style.kind === 'animate';
  if (animate) {
    line.style.strokeDasharray = String(length);
    line.style.setProperty('--len', String(length));
    line.style.setProperty('--draw-ms', `${DRAW_MS}ms`);
    line.style.setProperty('--draw-delay', `${-style.elapsed}ms`);
  }
  laser.zaps.forEach((zap, order) => {
    // When the growing beam reaches the zapped piece.
    const appear = Math.round((DRAW_MS * reach[Math.min(zap.at, reach.length - 1)]) / length);
    const [cx, cy] = centre(zap.square);
    const mark = svgEl('g', {
      class: 'zap' + (animate ? ' animate' : ''),
      'data-zapped': zap.square,
      'data-order': String(order + 1),
      'data-appear-ms': String(appear),
    }, layer);
    svgEl('title', {}, mark).textContent = `zap ${order + 1}: the ${zap.kind} on ${zap.square}`;
    svgEl('circle', { cx, cy, r: 40 }, mark);
    svgEl('path', { d: `M${cx - 26} ${cy - 26} L${cx + 26} ${cy + 26} M${cx + 26} ${cy - 26} L${cx - 26} ${cy + 26}` }, mark);
    if (animate) {
      mark.style.setProperty('--zap-ms', `${ZAP_MS}ms`);
      mark.style.setProperty('--zap-delay', `${appear - style.elapsed}ms`);
    }
  });
}
