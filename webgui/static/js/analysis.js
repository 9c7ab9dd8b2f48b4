// Analysis: the engine's lines (MultiPV), the evaluation bar, the
// evaluation graph over the game's moves and the search statistics panel.
// Scores arrive from White's (Tangerine's) view.

import { svgEl } from './pieces.js';
import { formatScore } from './panels.js';

// The graph and the bar saturate at this many pawns.
const CLAMP_PAWNS = 6;
const GRAPH_W = 600;
const GRAPH_H = 120;

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

export function renderLines(container, infos, sideNames) {
  const rows = infos.map((info) => {
    const row = document.createElement('div');
    row.className = 'line';
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

// The bar: White's share grows with White's advantage.
export function renderBar(bar, score, sideNames) {
  const share = 50 + (pawns(score) / CLAMP_PAWNS) * 50;
  bar.querySelector('.fill').style.width = `${share}%`;
  const text = score ? `${formatScore(score)} (${sideNames[0]}'s view)` : '–';
  bar.querySelector('.label').textContent = text;
  bar.setAttribute('aria-valuenow', String(Math.round(share)));
  bar.setAttribute('aria-valuetext', text);
}

// The evaluation graph: a point per ply the engine has evaluated (all of
// them after a whole-game pass), a
// marker at the ply on view; a click jumps to the nearest ply.
export function renderGraph(container, evals, plies, viewPly, onPick) {
  const svg = svgEl('svg', {
    viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`,
    preserveAspectRatio: 'none',
    role: 'img',
    'aria-label': 'Evaluation graph over the moves (click to jump to a move)',
  });
  const x = (ply) => (plies === 0 ? 0 : (ply / plies) * GRAPH_W);
  const y = (p) => GRAPH_H / 2 - (p / CLAMP_PAWNS) * (GRAPH_H / 2 - 4);
  svgEl('rect', { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: 'graph-bg' }, svg);
  svgEl('line', { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2, class: 'graph-axis' }, svg);
  const points = Object.entries(evals || {})
    .map(([ply, score]) => [Number(ply), pawns(score)])
    .filter(([ply]) => ply <= plies)
    .sort((a, b) => a[0] - b[0]);
  if (points.length) {
    const line = points.map(([ply, p]) => `${x(ply).toFixed(1)},${y(p).toFixed(1)}`);
    const area = [`${x(points[0][0]).toFixed(1)},${GRAPH_H / 2}`, ...line, `${x(points[points.length - 1][0]).toFixed(1)},${GRAPH_H / 2}`];
    svgEl('polygon', { points: area.join(' '), class: 'graph-area' }, svg);
    svgEl('polyline', { points: line.join(' '), class: 'graph-line' }, svg);
    for (const [ply, p] of points) {
      svgEl('circle', { cx: x(ply), cy: y(p), r: 3, class: 'graph-point', 'data-ply': String(ply) }, svg);
    }
  }
  svgEl('line', { x1: x(viewPly), y1: 0, x2: x(viewPly), y2: GRAPH_H, class: 'graph-cursor', 'data-ply': String(viewPly) }, svg);
  svg.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    const ply = Math.round(((e.clientX - r.left) / r.width) * plies);
    onPick(Math.max(0, Math.min(plies, ply)));
  });
  container.replaceChildren(svg);
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
