// The page controller: holds the game state from the server, the viewed
// ply and the board orientation, and wires the controls together.

import { api, subscribe } from './api.js';
import { Board, isWhitePiece, squareIndex } from './board.js';
import * as sound from './sound.js';
import { AnalysisLog, renderLines, renderBar, renderGraph, renderStats } from './analysis.js';
import { LASER_MS } from './laser.js';
import { MoveInput } from './input.js';
import { Clocks } from './clock.js';
import { renderMoveList, renderEngineInfo, statusText } from './panels.js';

const $ = (id) => document.getElementById(id);
const STORAGE_KEY = 'webgui.game';

const app = {
  id: null,
  state: null,
  viewPly: null, // null: the live position
  viewPosition: null,
  positions: new Map(), // ply -> position, for the current move list
  flipped: false,
  source: null,
  // The laser of a new move draws in: its ply and when it started, so
  // that renders meanwhile (the event that follows the answer) carry on.
  laserAnimation: null,
  navToken: 0,
  // The last strength of each kind, restored when the kind is switched
  // back to (and told).
  lastLimit: { time: 1000, depth: 4 },
};

const board = new Board($('board'), {
  square: onSquare,
  draggable,
  dragStart,
  drop,
  dragCancel: () => render(),
  secondary: cancelPremove,
  promote: (letter) => (letter ? input.choosePromotion(letter) : input.cancel()),
});
const log = new AnalysisLog();
const input = new MoveInput({ play: playMove, changed: render });
const clocks = new Clocks(
  { white: () => clockElement('white'), black: () => clockElement('black') },
  () => refresh(),
);

// ---- helpers --------------------------------------------------------------

function clockElement(side) {
  const bottom = app.flipped ? 'black' : 'white';
  return side === bottom ? $('clock-bottom') : $('clock-top');
}

function showError(message) {
  const el = $('error');
  el.textContent = message;
  el.hidden = false;
}

function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
}

function isLive() {
  return app.viewPly === null;
}

function playerOf(state, side) {
  return side === 'white' ? state.players.white : state.players.black;
}

// The side a person plays against the engine, if that is the game.
function personSide(s) {
  const { white, black } = s.players;
  if (white === 'human' && black === 'engine') return 'white';
  if (black === 'human' && white === 'engine') return 'black';
  return null;
}

// Whether the person may queue a premove now: the engine is to move
// against them in the live position.
function canPremove() {
  const s = app.state;
  if (!s || !isLive() || s.result) return false;
  const side = personSide(s);
  return !!side && s.position.side_to_move !== side;
}

// Whether the piece on `square` is the person's (for a premove).
function ownPiece(square) {
  const s = app.state;
  const code = s.position.board[squareIndex(square, s.meta.first_rank)];
  return !!code && isWhitePiece(s.meta.pieces, code) === (personSide(s) === 'white');
}

function canMove() {
  const s = app.state;
  if (!s || !isLive() || s.result || s.thinking) return false;
  const stm = s.position.side_to_move;
  const other = stm === 'white' ? 'black' : 'white';
  return !(playerOf(s, stm) === 'engine' && playerOf(s, other) === 'human');
}

async function attempt(action) {
  try {
    const state = await action();
    clearError();
    if (state) applyState(state);
    return true;
  } catch (e) {
    showError(e.message);
    render();
    return false;
  }
}

// ---- state ----------------------------------------------------------------

function adopt(state) {
  app.id = state.id;
  app.state = null;
  app.premove = null;
  app.premoveFrom = null;
  // The person's side at the bottom (a reload or a rematch as Black too).
  const side = personSide(state);
  if (side) app.flipped = side === 'black';
  app.viewPly = null;
  app.positions = new Map();
  $('ng-game').value = state.game;
  try { sessionStorage.setItem(STORAGE_KEY, state.id); } catch (e) { /* private mode */ }
  // The address names this game, so a reload reopens it (clocks and all:
  // the server keeps them).
  const url = new URL(location.href);
  url.searchParams.set('game', state.game);
  url.searchParams.set('id', state.id);
  for (const key of ['depth', 'movetime']) url.searchParams.delete(key);
  history.replaceState(null, '', url);
  // Nothing of the last game's export may stay on show.
  $('pgn').hidden = true;
  $('pgn').textContent = '';
  $('draw-note').hidden = true;
  $('premove-note').hidden = true;
  if (app.source) app.source.close();
  app.source = subscribe(state.id, {
    state: applyState,
    info: (info) => {
      const s = app.state;
      if (!s || !(s.thinking || s.analysing)) return;
      log.add(info);
      if ((info.multipv || 1) === 1) {
        s.info = info;
        // The server keeps it too (the next state carries it).
        const ply = s.analysis ? analysedPly(s) : s.moves.length;
        s.evals = { ...(s.evals || {}), [ply]: info.score };
        renderEngineInfo(info, s.side_names);
      }
      renderAnalysis(s);
      if (s.analysis) render(); // the arrows
    },
    review: applyReview,
    resync: refresh,
  });
  applyState(state);
}

function applyState(state) {
  const old = app.state;
  if (old && state.id !== old.id) return;
  if (old && state.version < old.version) return; // an older answer
  const moved = !old || old.moves.length !== state.moves.length || old.position.fen !== state.position.fen;
  app.state = state;
  if (old && (old.analysis_ply ?? null) !== (state.analysis_ply ?? null)) log.reset();
  if (old && state.moves.length === old.moves.length + 1) {
    sound.play(sound.soundOf(state.moves[state.moves.length - 1], state.position));
  }
  if (moved) {
    log.reset();
    app.positions = new Map();
    if (old && state.moves.length > old.moves.length) {
      app.laserAnimation = { ply: state.moves.length, start: performance.now() };
    }
    if (app.viewPly !== null && app.viewPly > state.moves.length) app.viewPly = null;
    input.setPosition(state);
    if (!$('pgn').hidden) showPgn();
    $('ko-note').hidden = true;
    $('premove-note').hidden = true;
    if (state.moves.length < (old ? old.moves.length : 0)) {
      app.premove = null; // taken back
      app.premoveFrom = null;
    }
    if (app.premove && canMove()) {
      const premove = app.premove;
      app.premove = null;
      app.premoveFrom = null;
      if (!input.playPremove(premove)) showPremoveDropped(premove);
    }
  } else if (!$('pgn').hidden && old && old.result !== state.result) {
    showPgn();
  }
  clocks.update(state.clock);
  render();
}

// A position the whole-game pass has scored: its point on the graph and
// the progress. Only the analysis panel is drawn again (points come
// several times a second; the board has not changed).
function applyReview(event) {
  const s = app.state;
  if (!s || event.version <= s.version) return; // a newer state has it
  s.version = event.version;
  s.evals = { ...(s.evals || {}), [event.ply]: event.score };
  s.review = event.review;
  renderAnalysis(s);
}

async function refresh() {
  if (app.id) await attempt(() => api.state(app.id));
}

// ---- rendering ------------------------------------------------------------

function render() {
  const s = app.state;
  if (!s) return;
  const live = isLive();
  const position = live ? s.position : (app.viewPosition || s.position);
  let laser = position.laser;
  let laserStyle = '';
  let laserElapsed = 0;
  if (live && input.staged) {
    laser = input.stagedLaser;
    laserStyle = 'staged';
  } else if (laser && app.laserAnimation && app.laserAnimation.ply === position.ply) {
    laserElapsed = performance.now() - app.laserAnimation.start;
    if (laserElapsed < LASER_MS) {
      laserStyle = 'animate';
      document.body.dataset.laserPly = String(position.ply);
    } else {
      app.laserAnimation = null;
    }
  }
  const movable = canMove();
  const staged = live && !!input.staged;
  const pinned = staged ? [] : (position.pinned || []);
  board.render({
    game: s.game,
    title: s.meta.title,
    pieces: s.meta.pieces,
    firstRank: s.meta.first_rank,
    pinned,
    sideNames: s.side_names,
    board: live ? input.displayBoard() : position.board,
    flipped: app.flipped,
    positionKey: `${s.id}:${position.ply}`,
    lastMove: live && input.staged ? null : position.last_move,
    selected: live ? (input.selected || app.premoveFrom) : null,
    premove: live ? app.premove : null,
    promotion: movable && input.promotion ? {
      square: input.promotionSquare,
      white: s.position.side_to_move === 'white',
      letters: Object.keys(input.promotion),
    } : null,
    targets: movable ? input.targets() : [],
    check: position.check,
    laser,
    laserStyle,
    laserElapsed,
    arrows: s.analysis && position.ply === analysedPly(s) ? log.ordered(s.analysis).map((i) => i.first).filter(Boolean) : [],
  });

  const leiser = s.meta.pieces === 'leiserchess';
  $('leiser-controls').hidden = !leiser;
  $('pin-legend').hidden = pinned.length === 0;
  if (leiser) {
    const rotations = movable ? input.rotations() : premoveRotations();
    for (const letter of ['L', 'R', 'U']) $('rot-' + letter).disabled = !rotations.has(letter);
    // Only where the rules offer it (a 2016 king whose shot zaps).
    $('null-move').hidden = !(movable && input.nullMoveSquare());
    $('null-move').disabled = !!input.staged;
    $('fire').disabled = !(movable && input.staged);
    $('cancel').disabled = !(input.staged || input.selected || app.premove || app.premoveFrom);
    $('leiser-hint').textContent = movable ? input.hint() : (live ? premoveHint() : 'Viewing an earlier position.');
  }

  $('status').textContent = live ? statusText(s) : `Viewing ply ${position.ply} of ${s.moves.length}`;
  const result = $('result');
  result.hidden = !s.result;
  result.textContent = s.result ? `${s.result.result} · ${s.result.text}` : '';
  if (s.result) result.dataset.reason = s.result.reason; else delete result.dataset.reason;

  const viewPly = live ? s.moves.length : app.viewPly;
  renderMoveList($('move-list'), s, viewPly, goTo);
  $('fen').textContent = position.fen;

  renderPlayers(s);
  renderEngine(s);
  renderAnalysis(s);

  $('undo').disabled = s.moves.length === 0;
  const people = s.players.white === 'human' || s.players.black === 'human';
  $('resign').disabled = !!s.result || !people;
  $('offer-draw').disabled = !!s.result || !people;
  $('nav-first').disabled = viewPly === 0;
  $('nav-prev').disabled = viewPly === 0;
  $('nav-next').disabled = live;
  $('nav-last').disabled = live;

  document.body.dataset.game = s.game;
  document.body.dataset.ply = String(s.moves.length);
  document.body.dataset.viewPly = String(viewPly);
  document.body.dataset.thinking = String(s.thinking);
  if (document.body.dataset.ready !== 'true') {
    document.body.dataset.ready = 'true';
    window.__webguiReadyAt = performance.now();
  }
}

// The ply analysis looks at (the current position unless asked).
function analysedPly(s) {
  return s.analysis_ply ?? s.moves.length;
}

// In analysis, the engine follows the position on view.
function followView() {
  const s = app.state;
  if (!s || !s.analysis) return;
  const ply = isLive() ? null : app.viewPly;
  if ((s.analysis_ply ?? null) === ply) return;
  attempt(() => api.analysis(app.id, true, s.analysis, ply));
}

// The analysis panel, the evaluation bar and graph, the statistics.
function renderAnalysis(s) {
  const on = !!s.analysis;
  const toggle = $('analysis-toggle');
  toggle.setAttribute('aria-pressed', String(on));
  toggle.textContent = on ? 'Stop analysis' : 'Analyse';
  document.body.dataset.analysis = String(on);
  const viewPly = isLive() ? s.moves.length : app.viewPly;
  const lines = on && viewPly === analysedPly(s) ? log.ordered(s.analysis) : [];
  renderLines($('analysis-lines'), lines, s.side_names);
  const score = lines.length ? lines[0].score : (s.evals || {})[viewPly];
  $('eval-bar').hidden = !(on || score);
  renderBar($('eval-bar'), score, s.side_names);
  const hasEvals = Object.keys(s.evals || {}).length > 0;
  $('eval-graph').hidden = !hasEvals;
  if (hasEvals) renderGraph($('eval-graph'), s.evals, s.moves.length, viewPly, goTo);
  renderStats($('stats-rows'), $('stats-summary'), log);
  renderReview(s);
}

// The whole-game pass: its button, its progress, and why it stopped if
// it failed.
function renderReview(s) {
  const review = s.review;
  const button = $('review-toggle');
  button.textContent = review ? 'Cancel whole-game analysis' : 'Analyse the whole game';
  button.disabled = !review && s.moves.length === 0;
  const progress = $('review-progress');
  progress.hidden = !review;
  progress.textContent = review ? `ply ${review.ply}/${review.plies}` : '';
  const note = $('review-note');
  note.hidden = !s.review_error;
  note.textContent = s.review_error ? `Whole-game analysis stopped: ${s.review_error}` : '';
  document.body.dataset.review = review ? 'running' : 'idle';
}

function renderPlayers(s) {
  const label = (side) => {
    const i = side === 'white' ? 0 : 1;
    return `${s.side_names[i]} · ${playerOf(s, side) === 'human' ? 'You' : 'Engine'}`;
  };
  const bottom = app.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  $('name-bottom').textContent = label(bottom);
  $('name-top').textContent = label(top);
  const who = (p) => (p === 'human' ? 'person' : 'engine');
  $('game-title').textContent = `${s.meta.title}: ${who(s.players.white)} vs ${who(s.players.black)}`;
  clocks.draw();
}

function renderEngine(s) {
  $('engine-name').textContent = s.engine_error ? `${s.engine} — ${s.engine_error}` : s.engine;
  renderEngineInfo(s.info, s.side_names);
  const over = !!s.result;
  const engines = s.players.white === 'engine' && s.players.black === 'engine';
  $('engine-go').disabled = over || s.thinking || !!s.analysis;
  $('engine-stop').disabled = !s.thinking;
  $('auto-start').hidden = !engines;
  $('auto-pause').hidden = !engines;
  $('auto-step').hidden = !engines;
  $('engine-go').hidden = engines;
  $('auto-start').disabled = over || s.autoplay;
  $('auto-pause').disabled = !s.autoplay;
  $('auto-step').disabled = over || s.thinking;
  const kind = $('limit-kind');
  const value = $('limit-value');
  // The fields follow the server when its limit changes, never over a
  // person's edit in progress.
  const synced = JSON.stringify(s.limit);
  if (app.syncedLimit !== synced && document.activeElement !== kind && document.activeElement !== value) {
    app.syncedLimit = synced;
    const byDepth = s.limit.depth !== undefined && s.limit.movetime_ms === undefined;
    kind.value = byDepth ? 'depth' : 'time';
    value.value = String(byDepth ? s.limit.depth : s.limit.movetime_ms);
    app.lastLimit[kind.value] = Number(value.value);
    setLimitBounds(kind.value);
  }
}

// ---- actions --------------------------------------------------------------

function onSquare(name) {
  if (!app.state) return;
  if (!isLive()) {
    goTo(app.state.moves.length);
    return;
  }
  if (canPremove()) {
    premoveClick(name);
    return;
  }
  if (!canMove()) return;
  const ko = koMove(name, null);
  if (ko && !input.targets().some((t) => t.square === name)) {
    showKo(ko);
    return;
  }
  input.click(name);
}

// The move the ko rule forbids that a click on `square` (or rotation
// `letter`) would have made with the piece selected, if any.
function koMove(square, letter) {
  const s = app.state;
  if (!s || !s.ko || !input.selected || input.staged) return null;
  return s.ko.find((k) => {
    if (k.from !== input.selected) return false;
    if (input.swap) {
      if (k.swap !== input.swap) return false;
    } else if (k.swap) {
      return false;
    }
    return letter ? k.rotate === letter : (!k.rotate && k.to === square);
  }) || null;
}

function showKo(move) {
  const note = $('ko-note');
  note.replaceChildren(
    `${move.text} is not allowed: the ko rule (rule 6.1) forbids a move that brings back the position from before your opponent's last move. `,
  );
  const link = document.createElement('a');
  link.href = '/help/leiserchess#ko';
  link.target = '_blank';
  link.textContent = 'The ko rule explained';
  note.append(link);
  note.hidden = false;
  note.dataset.move = move.text;
}

function rotate(letter) {
  if (canPremove()) {
    queueRotation(letter);
    return;
  }
  const ko = koMove(null, letter);
  if (ko && !input.rotations().has(letter)) showKo(ko);
  else input.rotate(letter);
}

// Click-click while the engine thinks: one premove, shown until it is
// played or cleared (any click once one is queued clears it).
function premoveClick(name) {
  if (app.premove) {
    app.premove = null;
    app.premoveFrom = null;
  } else if (app.premoveFrom && app.premoveFrom !== name) {
    app.premove = { from: app.premoveFrom, to: name };
    app.premoveFrom = null;
  } else if (!app.premoveFrom && ownPiece(name)) {
    app.premoveFrom = name;
  } else {
    app.premoveFrom = null;
  }
  render();
}

// The rotations the piece picked for a premove may queue: any (every
// piece turns in place; whether it still may is checked when the turn
// comes, as for any premove).
function premoveRotations() {
  return canPremove() && app.premoveFrom && !app.premove ? new Set(['L', 'R', 'U']) : new Set();
}

// A rotation premove, made as a rotation is made in turn: the piece
// picked, then L, R or U (key or button).
function queueRotation(letter) {
  if (!premoveRotations().has(letter)) return;
  app.premove = { from: app.premoveFrom, rotate: letter };
  app.premoveFrom = null;
  render();
}

// Clears a queued premove, or the piece picked for one (Escape, a right
// click on the board, Cancel); true if there was one.
function cancelPremove() {
  if (!app.premove && !app.premoveFrom) return false;
  app.premove = null;
  app.premoveFrom = null;
  render();
  return true;
}

// A premove in move notation: `g1f3`, or a rotation `e1R`.
function premoveText(premove) {
  return premove.from + (premove.rotate || premove.to);
}

function premoveHint() {
  if (app.premove) return `Premove ${premoveText(app.premove)} queued: Escape or a right click cancels it.`;
  if (app.premoveFrom) return `Premove from ${app.premoveFrom}: click a target, or rotate (L/R/U).`;
  return canPremove() ? 'You may queue a premove while the engine thinks.' : '';
}

function showPremoveDropped(premove) {
  const note = $('premove-note');
  note.textContent = `Premove ${premoveText(premove)} dropped: it is not legal now.`;
  note.dataset.move = premoveText(premove);
  note.hidden = false;
}

function draggable(square) {
  if (!app.state || !isLive()) return false;
  if (canPremove()) return ownPiece(square);
  return canMove() && input.canGrab(square);
}

function dragStart(square) {
  if (canPremove()) {
    app.premove = null;
    app.premoveFrom = square;
    render();
  } else if (canMove()) {
    input.grab(square);
  }
}

function drop(from, to) {
  if (canPremove()) {
    app.premove = { from, to };
    app.premoveFrom = null;
    render();
  } else if (canMove()) {
    input.drop(from, to);
  }
}

function playMove(text) {
  return attempt(() => api.play(app.id, text));
}

async function goTo(ply) {
  const s = app.state;
  if (!s) return;
  const target = Math.max(0, Math.min(ply, s.moves.length));
  const token = ++app.navToken;
  if (target === s.moves.length) {
    app.viewPly = null;
    app.viewPosition = null;
    render();
    followView();
    return;
  }
  let position = app.positions.get(target);
  if (!position) {
    try {
      position = await api.position(app.id, target);
    } catch (e) {
      showError(e.message);
      return;
    }
    app.positions.set(target, position);
  }
  if (token !== app.navToken) return;
  input.reset();
  app.viewPly = target;
  app.viewPosition = position;
  render();
  followView();
}

function step(delta) {
  const s = app.state;
  if (!s) return;
  const current = isLive() ? s.moves.length : app.viewPly;
  goTo(current + delta);
}

// What the Strength field accepts for each kind (as the server does).
const LIMIT_RANGE = {
  time: { min: 10, max: 600000, label: 'Time per move' },
  depth: { min: 1, max: 64, label: 'Depth' },
};

function setLimitBounds(kind) {
  $('limit-value').min = String(LIMIT_RANGE[kind].min);
  $('limit-value').max = String(LIMIT_RANGE[kind].max);
}

function currentLimit() {
  const value = Number($('limit-value').value);
  if (!Number.isFinite(value) || value < 1) return null;
  return $('limit-kind').value === 'depth' ? { depth: Math.round(value) } : { movetime_ms: Math.round(value) };
}

async function newGame(request) {
  try {
    const state = await api.create(request);
    clearError();
    input.reset();
    adopt(state);
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  }
}

function newGameRequest() {
  const side = $('ng-side').value;
  const players = {
    white: { white: 'human', black: 'engine', both: 'human', none: 'engine' }[side],
    black: { white: 'engine', black: 'human', both: 'human', none: 'engine' }[side],
  };
  const request = { game: $('ng-game').value, ...players };
  const limit = currentLimit();
  if (limit) request.limit = limit;
  const clock = $('ng-clock').value;
  if (clock === 'custom') {
    // A Fischer clock: minutes for the game plus seconds a move.
    request.clock = {
      initial_ms: Math.round(Number($('ng-minutes').value) * 60000),
      increment_ms: Math.round(Number($('ng-increment').value) * 1000),
    };
  } else if (clock) {
    const [initial, increment] = clock.split('+').map(Number);
    request.clock = { initial_ms: initial, increment_ms: increment };
  }
  const fen = $('ng-fen').value.trim();
  const pgn = $('ng-pgn').value.trim();
  if (pgn) request.pgn = pgn;
  if (fen) request.fen = fen;
  if (side === 'none') request.autoplay = false;
  return request;
}

// Shows the current game's PGN; an answer for a game that is no longer
// the page's is dropped.
async function showPgn() {
  const id = app.id;
  try {
    const { pgn } = await api.pgn(id);
    if (id !== app.id) return;
    $('pgn').textContent = pgn;
    $('pgn').hidden = false;
  } catch (e) { showError(e.message); }
}

// The same start, the colours reversed, the same strength and clock.
async function rematch() {
  const s = app.state;
  if (!s) return;
  const request = {
    game: s.game,
    white: s.players.black,
    black: s.players.white,
    limit: s.limit,
  };
  if (s.start_fen) request.fen = s.start_fen;
  if (s.clock) request.clock = { initial_ms: s.clock.initial_ms, increment_ms: s.clock.increment_ms };
  if (await newGame(request)) {
    app.flipped = request.black === 'human' && request.white !== 'human';
    render();
  }
}

const THEME_KEY = 'webgui.theme';

function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try { localStorage.setItem(THEME_KEY, theme); } catch (e) { /* private mode */ }
  $('theme').textContent = theme === 'light' ? 'Dark theme' : 'Light theme';
  $('theme').setAttribute('aria-label', `Switch to the ${theme === 'light' ? 'dark' : 'light'} theme`);
}

function initialTheme() {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch (e) { /* private mode */ }
  return window.matchMedia && matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

// ---- wiring ---------------------------------------------------------------

function wire() {
  $('nav-first').addEventListener('click', () => goTo(0));
  $('nav-prev').addEventListener('click', () => step(-1));
  $('nav-next').addEventListener('click', () => step(1));
  $('nav-last').addEventListener('click', () => goTo(Infinity));
  $('ng-clock').addEventListener('change', () => {
    $('ng-custom').hidden = $('ng-clock').value !== 'custom';
  });
  // Resign takes a second click within three seconds.
  let resignArmed = null;
  $('resign').addEventListener('click', () => {
    if (!resignArmed) {
      $('resign').textContent = 'Really resign?';
      resignArmed = setTimeout(() => { resignArmed = null; $('resign').textContent = 'Resign'; }, 3000);
      return;
    }
    clearTimeout(resignArmed);
    resignArmed = null;
    $('resign').textContent = 'Resign';
    attempt(() => api.resign(app.id));
  });
  $('offer-draw').addEventListener('click', async () => {
    try {
      const answer = await api.offerDraw(app.id);
      clearError();
      $('draw-note').textContent = answer.reason;
      $('draw-note').hidden = false;
      $('draw-note').dataset.accepted = String(answer.accepted);
      applyState(answer.state);
    } catch (e) { showError(e.message); }
  });
  $('rematch').addEventListener('click', rematch);
  $('theme').addEventListener('click', () => {
    setTheme(document.documentElement.dataset.theme === 'light' ? 'dark' : 'light');
  });
  $('analysis-toggle').addEventListener('click', () => {
    const on = !app.state.analysis;
    log.reset();
    attempt(() => api.analysis(app.id, on, Number($('analysis-count').value), on && !isLive() ? app.viewPly : null));
  });
  $('review-toggle').addEventListener('click', () => {
    const running = !!(app.state && app.state.review);
    attempt(() => api.review(app.id, !running));
  });
  $('analysis-count').addEventListener('change', () => {
    if (!app.state || !app.state.analysis) return;
    log.reset();
    attempt(() => api.analysis(app.id, true, Number($('analysis-count').value), isLive() ? null : app.viewPly));
  });
  $('flip').addEventListener('click', () => { app.flipped = !app.flipped; render(); });
  $('undo').addEventListener('click', () => {
    app.viewPly = null;
    attempt(() => api.undo(app.id));
  });
  $('engine-go').addEventListener('click', () => attempt(() => api.engineGo(app.id)));
  $('auto-step').addEventListener('click', () => attempt(() => api.engineGo(app.id)));
  $('engine-stop').addEventListener('click', () => attempt(() => api.engineStop(app.id, true)));
  $('auto-start').addEventListener('click', () => attempt(() => api.autoplay(app.id, true)));
  $('auto-pause').addEventListener('click', () => attempt(() => api.autoplay(app.id, false)));
  const limitChanged = () => {
    const limit = currentLimit();
    if (!limit || !app.id) return;
    attempt(async () => {
      const state = await api.setLimit(app.id, limit);
      if (limit.depth !== undefined) app.lastLimit.depth = limit.depth;
      else app.lastLimit.time = limit.movetime_ms;
      return state;
    });
  };
  $('limit-kind').addEventListener('change', () => {
    // The value stays when it suits the new kind; otherwise the kind's
    // last value comes back, and the page says so.
    const kind = $('limit-kind').value;
    const field = $('limit-value');
    const value = Number(field.value);
    const range = LIMIT_RANGE[kind];
    setLimitBounds(kind);
    if (!(Number.isInteger(value) && value >= range.min && value <= range.max)) {
      const typed = field.value;
      field.value = String(app.lastLimit[kind]);
      $('limit-note').textContent = `${range.label} set to ${field.value}: ${typed} is outside ${range.min}–${range.max}.`;
      $('limit-note').hidden = false;
    } else {
      $('limit-note').hidden = true;
    }
    limitChanged();
  });
  $('limit-value').addEventListener('change', limitChanged);

  for (const b of document.querySelectorAll('[data-rotate]')) {
    b.addEventListener('click', () => rotate(b.dataset.rotate));
  }
  $('fire').addEventListener('click', () => input.fire());
  $('null-move').addEventListener('click', () => { if (canMove()) input.nullMove(); });
  $('cancel').addEventListener('click', () => { if (!cancelPremove()) input.cancel(); });
  for (const b of document.querySelectorAll('[data-promo]')) {
    b.addEventListener('click', () => input.choosePromotion(b.dataset.promo));
  }

  $('move-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const field = $('move-input');
    const text = field.value.trim();
    if (!text) return;
    if (!isLive()) goTo(Infinity);
    if (await playMove(text)) field.value = '';
  });
  $('new-game').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (await newGame(newGameRequest())) {
      const side = $('ng-side').value;
      app.flipped = side === 'black';
      render();
    }
  });

  $('copy-fen').addEventListener('click', async () => {
    try { await navigator.clipboard.writeText($('fen').textContent); } catch (e) { showError('copy failed: select the FEN text instead'); }
  });
  $('show-pgn').addEventListener('click', showPgn);
  $('download-pgn').addEventListener('click', async () => {
    try {
      const { pgn } = await api.pgn(app.id);
      const url = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${app.state.game}-${app.id}.pgn`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) { showError(e.message); }
  });

  document.addEventListener('keydown', onKey);
  const mute = $('mute');
  const showMute = () => {
    const muted = sound.isMuted();
    mute.setAttribute('aria-pressed', String(muted));
    mute.textContent = muted ? 'Sound off' : 'Sound on';
    mute.title = muted ? 'Sounds are off (click to turn them on)' : 'Sounds are on (click to mute)';
  };
  mute.addEventListener('click', () => { sound.setMuted(!sound.isMuted()); showMute(); });
  showMute();
  sound.unlockOnGesture();
}

// Fields that take typed text (and arrow keys) for themselves.
function isTextField(el) {
  if (!el || !el.tagName) return false;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable) return true;
  if (el.tagName !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(el.type);
}

// Keys work whatever has the focus, except a text field: arrows, Home
// and End step through the moves; Enter plays a staged Leiserchess move
// (a focused button keeps its own Enter); Escape cancels.
function onKey(e) {
  const tag = (e.target && e.target.tagName) || '';
  if (isTextField(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
  const leiser = app.state && app.state.meta.pieces === 'leiserchess';
  const key = e.key;
  let handled = true;
  if (key === 'ArrowLeft') step(-1);
  else if (key === 'ArrowRight') step(1);
  else if (key === 'Home' || key === 'ArrowUp') goTo(0);
  else if (key === 'End' || key === 'ArrowDown') goTo(Infinity);
  else if (key === 'f' || key === 'F') { app.flipped = !app.flipped; render(); }
  else if (key === 'Escape') {
    input.cancel();
    board.clearDrawings();
    cancelPremove();
  }
  else if (leiser && key === 'Enter' && input.staged && tag !== 'BUTTON') input.fire();
  else if (leiser && /^[lruLRU]$/.test(key)) rotate(key.toUpperCase());
  else if (leiser && (key === 'n' || key === 'N') && canMove()) input.nullMove();
  else handled = false;
  if (handled) e.preventDefault();
}

async function start() {
  setTheme(initialTheme());
  wire();
  const params = new URLSearchParams(location.search);
  // `?id=` opens an existing game (a link to it, or this page reloaded:
  // the address carries the game's id); a bare `/` reopens this tab's
  // last game; `?game=` without an id starts a new game.
  const saved = params.get('id') || (params.has('game') ? null :
    (() => { try { return sessionStorage.getItem(STORAGE_KEY); } catch (e) { return null; } })());
  if (saved) {
    try {
      adopt(await api.state(saved));
      return;
    } catch (e) { /* gone: start a new one */ }
  }
  // `?game=` names one of the form's game choices; the first is the default.
  const games = [...$('ng-game').options].map((o) => o.value);
  const game = games.includes(params.get('game')) ? params.get('game') : games[0];
  const request = { game, white: 'human', black: 'engine' };
  if (params.has('depth')) request.limit = { depth: Number(params.get('depth')) };
  else if (params.has('movetime')) request.limit = { movetime_ms: Number(params.get('movetime')) };
  $('ng-game').value = request.game;
  await newGame(request);
}

start();
