// Analysis: the engine's lines (MultiPV), the evaluation bar, the
// evaluation graph over the game's moves and the search statistics panel.
// Scores arrive from White's (Tangerine's) view.

import { svgEl } from './pieces.js';
import {
  formatScore, plyLabel, moveNumberAt, marksByPly, judgementTitle, ANNOTATIONS,
} from './panels.js';

// The graph and the bar saturate at this many pawns.
const CLAMP_PAWNS = 6;
// The graph's drawing: its height in pixels, and its width when the
// container has none yet (hidden).
const GRAPH_W = 600;
const GRAPH_H = 150;

// A score as pawns for drawing (a mate is off the scale).
export function pawns(score) {
  if (!score) return 0;
  if ('end' in score) return score.end * CLAMP_PAWNS;
  if ('mate' in score) return score.mate >= 0 ? CLAMP_PAWNS : -CLAMP_PAWNS;
  return Math.max(-CLAMP_PAWNS, Math.min(CLAMP_PAWNS, score.cp / 100));
}

function formatCount(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(2) + 'G';
  if (n >= 1e6) return (n / 1e6).toFixed(2) + 'M';
  if (n >= 1e3) return (n / 1e3).toFixed(1) + 'k';
  return String(n);
}

// What one search has reported so far: its lines (latest per MultiPV
// number) and, per depth, the last report of that depth.
export class AnalysisLog {
  constructor() {
    this.reset();
  }

  reset() {
    this.lines = new Map();
    this.depths = new Map();
    this.lastTime = -1;
  }

  add(info) {
    // A new search starts again from a short time.
    if (info.time_ms < this.lastTime) this.reset();
    this.lastTime = info.time_ms;
    this.lines.set(info.multipv || 1, info);
    const previous = this.depths.get(info.depth);
    if (!previous || info.nodes >= previous.nodes) this.depths.set(info.depth, info);
  }

  // The lines best first for `side` (the side to move in the position
  // analysed; scores are White's view), at most `count` (lines numbered
  // above it were asked for before). The engine numbers lines by rank
  // only when an iteration ends: meanwhile a newer line may outscore an
  // older one ranked above it, so the page sorts them itself (issue 39,
  // defect 3). While an iteration is under way, a line of the last one
  // may also start with the move a newer line has taken: that line is
  // stale and left out until its number is reported again.
  ordered(count, side = 'white') {
    const taken = new Set();
    const sign = side === 'black' ? -1 : 1;
    return [...this.lines.entries()]
      .filter(([k]) => k <= count)
      .sort((a, b) => a[0] - b[0])
      .map(([, info]) => info)
      .filter((info) => {
        const first = info.pv[0];
        if (first === undefined) return true;
        if (taken.has(first)) return false;
        taken.add(first);
        return true;
      })
      .sort((a, b) => sign * (scoreRank(b.score) - scoreRank(a.score)));
  }
}

// A score as one number from White's view, for sorting: a win above any
// centipawns (a sooner mate higher), a loss below them.
export function scoreRank(score) {
  if (!score) return 0;
  if ('end' in score) return score.end * 2e6;
  if ('mate' in score) return score.mate >= 0 ? 1e6 - score.mate : -1e6 - score.mate;
  return score.cp;
}

// The lines, best first. On an analysis board (`playable`) a click on a
// line plays its first move there (controls.js listens on the container,
// which outlives the rows redrawn at every report).
export function renderLines(container, infos, sideNames, playable = false) {
  const rows = infos.map((info) => {
    const row = document.createElement('div');
    row.className = playable ? 'line playable' : 'line';
    if (playable && info.pv.length) row.title = `Play ${info.pv[0]} on the board; the pointer on a line draws its first moves`;
    row.dataset.multipv = String(info.multipv || 1);
    row.dataset.rank = String(scoreRank(info.score)); // for tests: the order
    const score = document.createElement('span');
    score.className = 'line-score';
    score.textContent = formatScore(info.score);
    score.title = `${sideNames[0]}'s view`;
    const pv = document.createElement('span');
    pv.className = 'line-pv';
    pv.textContent = info.pv.join(' ');
    const depth = document.createElement('span');
    depth.className = 'muted line-depth';
    depth.textContent = `d${info.depth}`;
    row.append(score, ' ', pv, ' ', depth);
    return row;
  });
  container.replaceChildren(...rows);
}

// The bar beside the board: White's share grows with White's advantage,
// from White's side of the board (the bottom unless `flipped`).
export function renderBar(bar, score, sideNames, flipped) {
  const share = 50 + (pawns(score) / CLAMP_PAWNS) * 50;
  bar.style.setProperty('--share', `${share}%`);
  bar.classList.toggle('flipped', !!flipped);
  const text = score ? `${formatScore(score)} (${sideNames[0]}'s view)` : '–';
  bar.querySelector('.label').textContent = text;
  bar.title = text;
  bar.setAttribute('aria-valuenow', String(Math.round(share)));
  bar.setAttribute('aria-valuetext', text);
}

// The evaluation graph: a point per ply the engine has evaluated (all of
// them after a whole-game pass) over axes (the even line, score ticks in
// pawns, move numbers along the bottom), a marker on each judged move, a
// cursor at the ply on view and a hover read-out (move, score, mark). A
// click jumps to the nearest ply, a click on a marker to its move.
//
// The drawing is sized in the container's own pixels (not stretched to
// it), so the text stays legible and the points round; it scales evenly
// if the window is resized before the next redraw.
export function renderGraph(container, s, viewPly, onPick) {
  const width = Math.max(240, Math.round(container.clientWidth || GRAPH_W));
  const frame = graphFrame(width, s.moves.length);
  const svg = svgEl('svg', {
    viewBox: `0 0 ${width} ${GRAPH_H}`,
    role: 'img',
    'aria-label': 'Evaluation graph over the moves (click to jump to a move)',
  });
  svgEl('rect', { x: 0, y: 0, width, height: GRAPH_H, class: 'graph-bg' }, svg);
  drawAxes(svg, frame, s);
  drawCurve(svg, frame, s.evals);
  svgEl('line', { x1: frame.x(viewPly), y1: frame.top, x2: frame.x(viewPly), y2: frame.bottom, class: 'graph-cursor', 'data-ply': String(viewPly) }, svg);
  const hover = svgEl('line', { y1: frame.top, y2: frame.bottom, class: 'graph-hover' }, svg);
  drawMarks(svg, frame, s, onPick);
  const readout = document.createElement('div');
  readout.className = 'graph-readout';
  readout.setAttribute('aria-live', 'off');
  const show = (ply) => {
    hover.setAttribute('visibility', ply === null ? 'hidden' : 'visible');
    if (ply !== null) for (const a of ['x1', 'x2']) hover.setAttribute(a, frame.x(ply));
    readout.dataset.ply = String(ply ?? viewPly);
    readout.textContent = readoutText(s, ply ?? viewPly);
  };
  const plyAt = (e) => {
    const r = svg.getBoundingClientRect();
    return frame.plyAt(((e.clientX - r.left) / r.width) * width);
  };
  svg.addEventListener('mousemove', (e) => { graphHover = plyAt(e); show(graphHover); });
  svg.addEventListener('mouseleave', () => { graphHover = null; show(null); });
  svg.addEventListener('click', (e) => onPick(plyAt(e)));
  // Redrawn under a resting pointer (a new score), the read-out stays; the
  // container outlives the drawing, so it knows whether the pointer left
  // while an older drawing was being replaced.
  if (!container.matches(':hover') || (graphHover ?? 0) > s.moves.length) graphHover = null;
  show(graphHover);
  container.replaceChildren(svg, readout);
}

// The ply under the pointer, kept across redraws (a pass redraws the
// graph several times a second).
let graphHover = null;

// Where the plot lies in the drawing, and its scales: ply to x, pawns
// (White's view) to y, and back from x to the nearest ply.
function graphFrame(width, plies) {
  const left = 30;
  const right = width - 8;
  const top = 6;
  const bottom = GRAPH_H - 18;
  const x = (ply) => (plies === 0 ? left : left + (ply / plies) * (right - left));
  const y = (p) => (top + bottom) / 2 - (p / CLAMP_PAWNS) * ((bottom - top) / 2);
  const plyAt = (px) => Math.max(0, Math.min(plies, Math.round(((px - left) / (right - left)) * plies)));
  return { left, right, top, bottom, plies, x, y, plyAt };
}

// The even line, a few score ticks (pawns, White's view) and move
// numbers under the plies of the first side's moves, a label every
// `step` moves so that they never crowd.
function drawAxes(svg, f, s) {
  for (const p of [-CLAMP_PAWNS, -CLAMP_PAWNS / 2, 0, CLAMP_PAWNS / 2, CLAMP_PAWNS]) {
    const cls = p === 0 ? 'graph-axis' : 'graph-grid';
    svgEl('line', { x1: f.left, y1: f.y(p), x2: f.right, y2: f.y(p), class: cls }, svg);
    const label = svgEl('text', { x: f.left - 4, y: f.y(p) + 3, class: 'graph-tick', 'text-anchor': 'end' }, svg);
    label.textContent = p > 0 ? `+${p}` : (p < 0 ? `−${-p}` : '0');
  }
  svgEl('line', { x1: f.left, y1: f.top, x2: f.left, y2: f.bottom, class: 'graph-axis' }, svg);
  const room = Math.max(1, Math.floor((f.right - f.left) / 32));
  const moves = Math.ceil(f.plies / 2);
  const step = [1, 2, 5, 10, 20, 50, 100, 200, 500].find((n) => moves / n <= room) || 1000;
  for (let ply = 1; ply <= f.plies; ply += 1) {
    const number = moveNumberAt(s, ply);
    if (number === null || number % step !== 0) continue;
    svgEl('line', { x1: f.x(ply), y1: f.bottom, x2: f.x(ply), y2: f.bottom + 3, class: 'graph-axis' }, svg);
    const label = svgEl('text', { x: f.x(ply), y: GRAPH_H - 4, class: 'graph-tick graph-move', 'text-anchor': 'middle', 'data-ply': String(ply) }, svg);
    label.textContent = String(number);
  }
}

// The scores as a line over a filled area (White's share above the even
// line) with a point per position scored.
function drawCurve(svg, f, evals) {
  const points = Object.entries(evals || {})
    .map(([ply, score]) => [Number(ply), pawns(score)])
    .filter(([ply]) => ply <= f.plies)
    .sort((a, b) => a[0] - b[0]);
  if (!points.length) return;
  const at = ([ply, p]) => `${f.x(ply).toFixed(1)},${f.y(p).toFixed(1)}`;
  const line = points.map(at);
  const even = f.y(0).toFixed(1);
  const area = [`${f.x(points[0][0]).toFixed(1)},${even}`, ...line, `${f.x(points[points.length - 1][0]).toFixed(1)},${even}`];
  svgEl('polygon', { points: area.join(' '), class: 'graph-area' }, svg);
  svgEl('polyline', { points: line.join(' '), class: 'graph-line' }, svg);
  for (const [ply, p] of points) {
    svgEl('circle', { cx: f.x(ply), cy: f.y(p), r: 3, class: 'graph-point', 'data-ply': String(ply) }, svg);
  }
}

// A marker on each judged move, coloured by its kind, at the score it
// led to; a click shows the board after the move.
function drawMarks(svg, f, s, onPick) {
  const marks = (s.judgements && s.judgements.marks) || [];
  for (const mark of marks) {
    if (mark.ply > f.plies) continue;
    const move = s.moves[mark.ply - 1];
    const dot = svgEl('circle', {
      cx: f.x(mark.ply),
      cy: f.y(pawns((s.evals || {})[mark.ply])),
      r: 5.5,
      class: `graph-mark ${mark.judgement}`,
      'data-ply': String(mark.ply),
    }, svg);
    const mover = s.side_names[move.side === 'white' ? 0 : 1];
    svgEl('title', {}, dot).textContent = `${plyLabel(s, mark.ply)}${ANNOTATIONS[mark.judgement]} · ${judgementTitle(mark, mover)}`;
    dot.addEventListener('click', (e) => {
      e.stopPropagation();
      onPick(mark.ply);
    });
  }
}

// The read-out under the graph: the position's move, its mark and its
// score (`12. Nf3?? −3.20 · blunder`).
function readoutText(s, ply) {
  const mark = marksByPly(s).get(ply);
  const score = (s.evals || {})[ply];
  const judged = mark ? ` · ${mark.judgement} (lost ${mark.lost} points of expected score)` : '';
  const scored = score ? formatScore(score) : 'not scored';
  return `${plyLabel(s, ply)}${mark ? ANNOTATIONS[mark.judgement] : ''} ${scored}${judged}`;
}

// The statistics panel: per depth the nodes of that iteration, the
// effective branching factor (its nodes over the last iteration's) and
// its time; below, the table hit rate and the share of quiescence nodes.
export function renderStats(table, summary, log) {
  const depths = [...log.depths.keys()].sort((a, b) => a - b);
  const rows = [];
  let prevNodes = 0;
  let prevTime = 0;
  let prevIter = 0;
  for (const d of depths) {
    const info = log.depths.get(d);
    const iterNodes = info.nodes - prevNodes;
    const iterTime = info.time_ms - prevTime;
    const ebf = prevIter > 0 ? (iterNodes / prevIter).toFixed(2) : '–';
    const tr = document.createElement('tr');
    for (const text of [String(d), formatCount(iterNodes), ebf, `${iterTime}`]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    rows.push(tr);
    prevNodes = info.nodes;
    prevTime = info.time_ms;
    prevIter = iterNodes;
  }
  table.replaceChildren(...rows);
  const last = depths.length ? log.depths.get(depths[depths.length - 1]) : null;
  const stats = last && last.stats;
  if (!stats) {
    summary.textContent = last ? 'The engine reports no table or quiescence counts.' : '';
    return;
  }
  const pct = (a, b) => (b > 0 ? ((100 * a) / b).toFixed(1) + '%' : '–');
  summary.textContent = `TT hit rate ${pct(stats.tt_hits, stats.tt_probes)} · quiescence nodes ${pct(stats.qnodes, stats.nodes)}`;
  summary.dataset.ttHits = pct(stats.tt_hits, stats.tt_probes);
  summary.dataset.qshare = pct(stats.qnodes, stats.nodes);
}
