// The game state from the server: adopting a game, applying its states
// and events in order, and stepping through its positions.

import { api, subscribe } from './api.js';
import * as sound from './sound.js';
import { renderEngineInfo } from './panels.js';
import {
  $, app, ui, STORAGE_KEY, showError, clearError, isLive, canMove, canPremove, personSide,
  analysedPly,
} from './app.js';
import { render, renderAnalysis } from './render.js';
import { showPremoveDropped } from './moves.js';
import { showPgn } from './forms.js';
import { isBoard, boardGoTo } from './variations.js';

// Runs a request; its state (if any) is applied and its error shown.
export async function attempt(action) {
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

export function adopt(state) {
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
  $('address-note').hidden = true;
  if (app.source) app.source.close();
  app.source = subscribe(state.id, {
    state: applyState,
    info: applyInfo,
    review: applyReview,
    resync: refresh,
  });
  applyState(state);
}

// A line of the engine's progress, while it thinks or analyses.
function applyInfo(info) {
  const s = app.state;
  if (!s || !(s.thinking || s.analysing)) return;
  ui.log.add(info);
  if ((info.multipv || 1) === 1) {
    s.info = info;
    // The server keeps it too (the next state carries it).
    const ply = s.analysis ? analysedPly(s) : s.moves.length;
    s.evals = { ...(s.evals || {}), [ply]: info.score };
    renderEngineInfo(info, s.side_names);
  }
  renderAnalysis(s);
  if (s.analysis) render(); // the arrows
}

export function applyState(state) {
  const old = app.state;
  if (old && state.id !== old.id) return;
  if (old && state.version < old.version) return; // an older answer
  const moved = !old || old.moves.length !== state.moves.length || old.position.fen !== state.position.fen;
  app.state = state;
  if (old && (old.analysis_ply ?? null) !== (state.analysis_ply ?? null)) ui.log.reset();
  if (old && state.moves.length === old.moves.length + 1) {
    sound.play(sound.soundOf(state.moves[state.moves.length - 1], state.position));
  }
  if (moved) {
    applyMoved(old, state);
  } else if (!$('pgn').hidden && old && old.result !== state.result) {
    showPgn();
  }
  settlePremovePick();
  ui.clocks.update(state.clock);
  render();
}

// A piece picked for a premove but no premove made when the turn came
// (or the game ended): the pick becomes the move input's selection, so
// its targets and L/R/U work as for any selected piece; where it cannot
// (the piece is gone, the game is over), it is cleared. Left alone it
// stayed highlighted, with Cancel enabled, while its keys did nothing
// (issue 39, defect 4).
function settlePremovePick() {
  const from = app.premoveFrom;
  if (!from || app.premove || canPremove()) return;
  app.premoveFrom = null;
  if (canMove() && ui.input.canGrab(from) && !ui.input.selected) ui.input.click(from);
}

// A state with a new position (a move, a takeback, a new game): what
// belonged to the old one goes, and a queued premove is tried.
function applyMoved(old, state) {
  ui.log.reset();
  app.positions = new Map();
  if (old && state.moves.length > old.moves.length) {
    app.laserAnimation = { ply: state.moves.length, start: performance.now() };
  }
  if (app.viewPly !== null && app.viewPly > state.moves.length) app.viewPly = null;
  ui.input.setPosition(state);
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
    if (!ui.input.playPremove(premove)) showPremoveDropped(premove);
  }
}

// A position the whole-game pass has scored: its point on the graph, the
// progress and the moves judged so far. Only the analysis panel is drawn
// again (points come several times a second; the board has not
// changed), unless a move's mark changed: then the move list too.
function applyReview(event) {
  const s = app.state;
  if (!s || event.version <= s.version) return; // a newer state has it
  s.version = event.version;
  s.evals = { ...(s.evals || {}), [event.ply]: event.score };
  s.review = event.review;
  const marks = (j) => JSON.stringify(j ? j.marks : null);
  const marked = marks(s.judgements) !== marks(event.judgements);
  s.judgements = event.judgements;
  if (marked) render();
  else renderAnalysis(s);
}

export async function refresh() {
  if (app.id) await attempt(() => api.state(app.id));
}

// Shows ply `ply` (the live position at the end), fetching it once.
export async function goTo(ply) {
  const s = app.state;
  if (!s) return;
  if (isBoard(s)) {
    boardGoTo(ply);
    return;
  }
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
  ui.input.reset();
  app.viewPly = target;
  app.viewPosition = position;
  render();
  followView();
}

export function step(delta) {
  const s = app.state;
  if (!s) return;
  const current = isLive() ? s.moves.length : app.viewPly;
  goTo(current + delta);
}

// In analysis, the engine follows the position on view.
function followView() {
  const s = app.state;
  if (!s || !s.analysis) return;
  const ply = isLive() ? null : app.viewPly;
  if ((s.analysis_ply ?? null) === ply) return;
  attempt(() => api.analysis(app.id, true, s.analysis, ply));
}
