// The forms: a new game (its players, level, strength, clock and start), the
// engine's strength while playing, a rematch, and the game's PGN.

import { api } from './api.js';
import { $, app, ui, showError, clearError } from './app.js';
import { render } from './render.js';
import { adopt, attempt } from './state.js';

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

// The fields follow the server when its limit changes, never over a
// person's edit in progress.
export function syncLimitFields(s) {
  const kind = $('limit-kind');
  const value = $('limit-value');
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

// The Strength field changed: the server is told, and the value is kept
// as its kind's last.
export function limitChanged() {
  const limit = currentLimit();
  if (!limit || !app.id) return;
  attempt(async () => {
    const state = await api.setLimit(app.id, limit);
    if (limit.depth !== undefined) app.lastLimit.depth = limit.depth;
    else app.lastLimit.time = limit.movetime_ms;
    return state;
  });
}

// The value stays when it suits the new kind; otherwise the kind's last
// value comes back, and the page says so.
export function limitKindChanged() {
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
}

export async function newGame(request) {
  try {
    const state = await api.create(request);
    clearError();
    ui.input.reset();
    adopt(state);
    // The form's button may have scrolled the page down; the new game is
    // played on the board, so bring it (its top rank included) into view.
    $('board').scrollIntoView({ block: 'nearest' });
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  }
}

export function newGameRequest() {
  const side = $('ng-side').value;
  const players = {
    white: { white: 'human', black: 'engine', both: 'human', none: 'engine' }[side],
    black: { white: 'engine', black: 'human', both: 'human', none: 'engine' }[side],
  };
  const request = { game: $('ng-game').value, ...players, level: Number($('ng-level').value) };
  const limit = currentLimit();
  if (limit) request.limit = limit;
  const clock = clockRequest();
  if (clock) request.clock = clock;
  const fen = $('ng-fen').value.trim();
  const pgn = $('ng-pgn').value.trim();
  if (pgn) request.pgn = pgn;
  if (fen) request.fen = fen;
  if (side === 'none') request.autoplay = false;
  return request;
}

// The new game's clock: a preset `initial+increment` in milliseconds, or
// a custom Fischer clock (minutes for the game plus seconds a move).
function clockRequest() {
  const clock = $('ng-clock').value;
  if (clock === 'custom') {
    return {
      initial_ms: Math.round(Number($('ng-minutes').value) * 60000),
      increment_ms: Math.round(Number($('ng-increment').value) * 1000),
    };
  }
  if (!clock) return null;
  const [initial, increment] = clock.split('+').map(Number);
  return { initial_ms: initial, increment_ms: increment };
}

// The same start, the colours reversed, the same strength and clock
// (the limit carries the level).
export async function rematch() {
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

// Shows the current game's PGN; an answer for a game that is no longer
// the page's is dropped.
export async function showPgn() {
  const id = app.id;
  try {
    const { pgn } = await api.pgn(id);
    if (id !== app.id) return;
    $('pgn').textContent = pgn;
    $('pgn').hidden = false;
  } catch (e) { showError(e.message); }
}

export async function downloadPgn() {
  try {
    const { pgn } = await api.pgn(app.id);
    const url = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${app.state.game}-${app.id}.pgn`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) { showError(e.message); }
}

// The level the engine plays at, as the server keeps it, and the
// engine's word when it cannot play below full strength.
export function levelLabel(s) {
  const level = s.limit.level ?? 8;
  const text = level >= 8 ? 'Level 8 (full strength)' : `Level ${level} of 8`;
  const note = s.info && s.info.note;
  return note ? `${text} — ${note}` : text;
}
