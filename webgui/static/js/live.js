// The live match viewer: every game of each autotester run in progress on
// a small board (with its laser in Leiserchess), and the standings with
// Elo ± its 95% margin, updated from the server's event stream.

import { Board } from './board.js';

const $ = (id) => document.getElementById(id);
const runs = new Map(); // run name -> { view, section, boards: Map(game id -> Board) }
const NO_HOOKS = {
  square() {}, draggable: () => false, dragStart() {}, drop() {}, dragCancel() {}, promote() {},
};

function text(tag, content, cls) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (cls) el.className = cls;
  return el;
}

function standingsTable(view) {
  const table = document.createElement('table');
  table.className = 'standings';
  const head = document.createElement('tr');
  for (const h of ['Player', 'W', 'D', 'L', 'Score', 'Elo']) head.appendChild(text('th', h));
  table.appendChild(head);
  for (const p of view.standings) {
    const games = p.wins + p.draws + p.losses;
    const score = games ? ((100 * (p.wins + p.draws / 2)) / games).toFixed(1) + '%' : '–';
    const elo = p.elo ? `${p.elo.elo >= 0 ? '+' : ''}${p.elo.elo.toFixed(0)} ± ${p.elo.error.toFixed(0)}` : '–';
    const tr = document.createElement('tr');
    tr.dataset.player = p.name;
    for (const c of [p.name, p.wins, p.draws, p.losses, score, elo]) tr.appendChild(text('td', String(c)));
    table.appendChild(tr);
  }
  return table;
}

function renderRun(view) {
  let entry = runs.get(view.run);
  if (!entry) {
    const section = document.createElement('section');
    section.className = 'panel live-run';
    section.dataset.run = view.run;
    $('runs').appendChild(section);
    entry = { section, boards: new Map() };
    runs.set(view.run, entry);
  }
  if (entry.view && entry.view.version > view.version) return;
  entry.view = view;
  const { section } = entry;
  // The server marks a run whose autotester went silent with games in
  // progress (killed, most likely): its boards will not move again.
  const title = text('h2', `${view.run} · ${view.meta.title}` +
    (view.interrupted ? ' · interrupted (no events from the autotester)' : ''));
  section.classList.toggle('interrupted', Boolean(view.interrupted));
  const grid = document.createElement('div');
  grid.className = 'live-boards';
  const seen = new Set();
  for (const b of view.boards) {
    seen.add(b.id);
    let board = entry.boards.get(b.id);
    const figure = document.createElement('figure');
    figure.className = 'live-board' + (b.result ? ' finished' : '') +
      (!b.result && view.interrupted ? ' interrupted' : '');
    figure.dataset.game = b.id;
    const holder = document.createElement('div');
    holder.className = 'board';
    if (!board) {
      board = new Board(holder, NO_HOOKS);
      entry.boards.set(b.id, board);
    } else {
      board.container = holder;
    }
    const p = b.position;
    board.render({
      game: view.game, title: view.meta.title, pieces: view.meta.pieces, firstRank: view.meta.first_rank,
      sideNames: view.side_names, board: p.board, flipped: false, positionKey: `${b.id}:${p.ply}`,
      lastMove: p.last_move, check: p.check, laser: p.laser, pinned: [],
    });
    holder.replaceChildren(board.svg);
    const caption = text('figcaption', `Round ${b.round}: ${b.white} – ${b.black}` +
      (b.result ? ` · ${b.result}` : ` · ply ${p.ply}${view.interrupted ? ' · interrupted' : ''}`));
    figure.append(holder, caption);
    grid.appendChild(figure);
  }
  for (const id of [...entry.boards.keys()]) if (!seen.has(id)) entry.boards.delete(id);
  section.replaceChildren(title, standingsTable(view), grid);
  $('no-runs').hidden = runs.size > 0;
  document.body.dataset.boards = String(document.querySelectorAll('.live-board:not(.finished):not(.interrupted)').length);
}

function start() {
  const source = new EventSource('/api/live/stream');
  source.addEventListener('snapshot', (e) => {
    for (const view of JSON.parse(e.data).runs) renderRun(view);
    document.body.dataset.ready = 'true';
  });
  source.addEventListener('run', (e) => renderRun(JSON.parse(e.data)));
  source.addEventListener('resync', async () => {
    const snap = await fetch('/api/live').then((r) => r.json());
    for (const view of snap.runs) renderRun(view);
  });
}

start();
