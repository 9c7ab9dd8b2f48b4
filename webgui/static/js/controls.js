// The page's buttons, forms and keys, each wired to what it does; and the
// colour theme.

import { api } from './api.js';
import * as sound from './sound.js';
import { $, app, ui, showError, clearError, isLive, canMove, viewedPly } from './app.js';
import { render } from './render.js';
import { attempt, applyState, goTo, step } from './state.js';
import { rotate, cancelPremove, playMove } from './moves.js';
import {
  limitChanged, limitKindChanged, newGame, newGameRequest, rematch, showPgn, downloadPgn,
} from './forms.js';
import { isBoard, openBoard, returnToGame } from './variations.js';

const THEME_KEY = 'webgui.theme';

export function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try { localStorage.setItem(THEME_KEY, theme); } catch (e) { /* private mode */ }
  $('theme').textContent = theme === 'light' ? 'Dark theme' : 'Light theme';
  $('theme').setAttribute('aria-label', `Switch to the ${theme === 'light' ? 'dark' : 'light'} theme`);
}

// The theme theme.js set before the page was drawn (saved, or the
// system's).
export function initialTheme() {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function wire() {
  wireNavigation();
  wireGame();
  wireAnalysis();
  wireEngine();
  wireLeiserchess();
  wireForms();
  wireExport();
  document.addEventListener('keydown', onKey);
  wireSound();
}

const click = (id, handler) => $(id).addEventListener('click', handler);

function wireNavigation() {
  click('nav-first', () => goTo(0));
  click('nav-prev', () => step(-1));
  click('nav-next', () => step(1));
  click('nav-last', () => goTo(Infinity));
  click('flip', () => { app.flipped = !app.flipped; render(); });
}

// Resigning, offering a draw, a rematch, a takeback, the theme.
function wireGame() {
  // Resign takes a second click within three seconds.
  let resignArmed = null;
  click('resign', () => {
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
  click('offer-draw', async () => {
    try {
      const answer = await api.offerDraw(app.id);
      clearError();
      $('draw-note').textContent = answer.reason;
      $('draw-note').hidden = false;
      $('draw-note').dataset.accepted = String(answer.accepted);
      applyState(answer.state);
    } catch (e) { showError(e.message); }
  });
  click('rematch', rematch);
  click('theme', () => {
    setTheme(document.documentElement.dataset.theme === 'light' ? 'dark' : 'light');
  });
  click('undo', () => {
    app.viewPly = null;
    attempt(() => api.undo(app.id));
  });
}

function wireAnalysis() {
  // A game opens an analysis board at the position on view; a board's
  // engine goes on and off.
  click('analysis-toggle', () => {
    if (!isBoard(app.state)) {
      openBoard(viewedPly(app.state));
      return;
    }
    const on = !app.state.analysis;
    ui.log.reset();
    attempt(() => api.analysis(app.id, on, Number($('analysis-count').value)));
  });
  click('board-return', returnToGame);
  wireLines($('analysis-lines'));
  click('review-toggle', () => {
    const running = !!(app.state && app.state.review);
    attempt(() => api.review(app.id, !running));
  });
  $('analysis-count').addEventListener('change', () => {
    if (!app.state || !app.state.analysis) return;
    ui.log.reset();
    attempt(() => api.analysis(app.id, true, Number($('analysis-count').value), isLive() ? null : app.viewPly));
  });
}

function wireEngine() {
  click('engine-go', () => attempt(() => api.engineGo(app.id)));
  click('auto-step', () => attempt(() => api.engineGo(app.id)));
  click('engine-stop', () => attempt(() => api.engineStop(app.id, true)));
  click('auto-start', () => attempt(() => api.autoplay(app.id, true)));
  click('auto-pause', () => attempt(() => api.autoplay(app.id, false)));
  $('limit-kind').addEventListener('change', limitKindChanged);
  $('limit-value').addEventListener('change', limitChanged);
}

// Rotations, firing, the null move, Cancel, and the promotion choices.
function wireLeiserchess() {
  for (const b of document.querySelectorAll('[data-rotate]')) {
    b.addEventListener('click', () => rotate(b.dataset.rotate));
  }
  click('fire', () => ui.input.fire());
  click('null-move', () => { if (canMove()) ui.input.nullMove(); });
  click('cancel', () => { if (!cancelPremove()) ui.input.cancel(); });
  for (const b of document.querySelectorAll('[data-promo]')) {
    b.addEventListener('click', () => ui.input.choosePromotion(b.dataset.promo));
  }
}

// The typed move and the new-game form.
function wireForms() {
  $('ng-clock').addEventListener('change', () => {
    $('ng-custom').hidden = $('ng-clock').value !== 'custom';
  });
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
}

function wireExport() {
  click('copy-fen', async () => {
    try { await navigator.clipboard.writeText($('fen').textContent); } catch (e) { showError('copy failed: select the FEN text instead'); }
  });
  click('show-pgn', showPgn);
  click('download-pgn', downloadPgn);
}

function wireSound() {
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
  // The position editor is modal: the game behind it takes no keys
  // (Escape closes the dialog by itself).
  if ($('editor').open) return;
  const leiser = app.state && app.state.meta.pieces === 'leiserchess';
  const input = ui.input;
  const key = e.key;
  let handled = true;
  if (key === 'ArrowLeft') step(-1);
  else if (key === 'ArrowRight') step(1);
  else if (key === 'Home' || key === 'ArrowUp') goTo(0);
  else if (key === 'End' || key === 'ArrowDown') goTo(Infinity);
  else if (key === 'f' || key === 'F') { app.flipped = !app.flipped; render(); }
  else if (key === 'Escape') {
    input.cancel();
    ui.board.clearDrawings();
    cancelPremove();
  }
  else if (leiser && key === 'Enter' && input.staged && tag !== 'BUTTON') input.fire();
  else if (leiser && /^[lruLRU]$/.test(key)) rotate(key.toUpperCase());
  else if (leiser && (key === 'n' || key === 'N') && canMove()) input.nullMove();
  else handled = false;
  if (handled) e.preventDefault();
}

// The analysis lines of a board: a click plays a line's first move, the
// pointer on a line draws its first moves on the board. Listened to on
// the container: the rows are redrawn at every report of the engine.
function wireLines(container) {
  const lineOf = (e) => {
    const row = e.target.closest('.line');
    return row ? Number(row.dataset.multipv) : null;
  };
  container.addEventListener('click', (e) => {
    const info = ui.log.lines.get(lineOf(e));
    if (info && info.pv.length && isBoard(app.state) && !app.state.result) playMove(info.pv[0]);
  });
  container.addEventListener('mouseover', (e) => {
    if (app.hoverLine === lineOf(e)) return;
    app.hoverLine = lineOf(e);
    render();
  });
  container.addEventListener('mouseleave', () => {
    app.hoverLine = null;
    render();
  });
}
