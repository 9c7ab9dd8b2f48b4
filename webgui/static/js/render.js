// Drawing the page from the state: the board, the Leiserchess controls,
// the status, the players, the engine and analysis panels, and the
// buttons that are enabled. Nothing here asks the server anything.

import { renderLines, renderBar, renderGraph, renderStats } from './analysis.js';
import { LASER_MS } from './laser.js';
import { renderMoveList, renderEngineInfo, statusText, renderTallies } from './panels.js';
import { $, app, ui, isLive, viewedPly, playerOf, canMove, analysedPly } from './app.js';
import { goTo } from './state.js';
import { premoveRotations, premoveHint } from './moves.js';
import { syncLimitFields, levelLabel } from './forms.js';
import { isBoard, renderTree, hasNext } from './variations.js';

export function render() {
  const s = app.state;
  if (!s) return;
  const live = isLive();
  const position = live ? s.position : (app.viewPosition || s.position);
  const movable = canMove();
  const staged = live && !!ui.input.staged;
  const pinned = staged ? [] : (position.pinned || []);
  renderBoard(s, position, live, movable, pinned);
  renderLeiserControls(s, live, movable, pinned);
  renderStatus(s, position, live);

  const viewPly = live ? s.moves.length : app.viewPly;
  if (isBoard(s)) {
    renderTree($('move-list'), s);
  } else {
    $('move-list').classList.remove('tree');
    renderMoveList($('move-list'), s, viewPly, goTo);
  }
  $('fen').textContent = position.fen;

  renderPlayers(s);
  renderEngine(s);
  renderAnalysis(s);
  renderButtons(s, live, viewPly);
  markBody(s, viewPly);
}

// The laser to draw: the staged move's, or the last move's drawing in
// while its animation lasts.
function laserOf(position, live) {
  const input = ui.input;
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
  return { laser, laserStyle, laserElapsed };
}

function renderBoard(s, position, live, movable, pinned) {
  const input = ui.input;
  const { laser, laserStyle, laserElapsed } = laserOf(position, live);
  ui.board.render({
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
    arrows: s.analysis && position.ply === analysedPly(s) ? engineArrows(s) : [],
  });
}

// The first move of each line; the pointer on a line: that line's first
// moves.
function engineArrows(s) {
  const lines = ui.log.ordered(s.analysis);
  const hovered = lines.find((i) => (i.multipv || 1) === app.hoverLine);
  if (hovered && hovered.arrows) return hovered.arrows;
  return lines.map((i) => i.first).filter(Boolean);
}

function renderLeiserControls(s, live, movable, pinned) {
  const input = ui.input;
  const leiser = s.meta.pieces === 'leiserchess';
  $('leiser-controls').hidden = !leiser;
  $('pin-legend').hidden = pinned.length === 0;
  if (!leiser) return;
  const rotations = movable ? input.rotations() : premoveRotations();
  for (const letter of ['L', 'R', 'U']) $('rot-' + letter).disabled = !rotations.has(letter);
  // Only where the rules offer it (a 2016 king whose shot zaps).
  $('null-move').hidden = !(movable && input.nullMoveSquare());
  $('null-move').disabled = !!input.staged;
  $('fire').disabled = !(movable && input.staged);
  $('cancel').disabled = !(input.staged || input.selected || app.premove || app.premoveFrom);
  $('leiser-hint').textContent = movable ? input.hint() : (live ? premoveHint() : 'Viewing an earlier position.');
}

function renderStatus(s, position, live) {
  $('status').textContent = live ? statusText(s) : `Viewing ply ${position.ply} of ${s.moves.length}`;
  const result = $('result');
  result.hidden = !s.result;
  result.textContent = s.result ? `${s.result.result} · ${s.result.text}` : '';
  if (s.result) result.dataset.reason = s.result.reason; else delete result.dataset.reason;
}

function renderButtons(s, live, viewPly) {
  $('undo').disabled = s.moves.length === 0;
  // An analysis board is no game: nobody resigns or offers a draw there.
  const people = !isBoard(s) && (s.players.white === 'human' || s.players.black === 'human');
  $('resign').disabled = !!s.result || !people;
  $('offer-draw').disabled = !!s.result || !people;
  $('nav-first').disabled = viewPly === 0;
  $('nav-prev').disabled = viewPly === 0;
  // An analysis board goes on along its variations.
  const atEnd = isBoard(s) ? !hasNext(s) : live;
  $('nav-next').disabled = atEnd;
  $('nav-last').disabled = atEnd;
  $('board-return').hidden = !(isBoard(s) && s.analysis_board.origin);
}

// What the browser tests wait on: the game, the plies, whether the
// engine thinks, and that the page has drawn once.
function markBody(s, viewPly) {
  document.body.dataset.game = s.game;
  document.body.dataset.ply = String(s.moves.length);
  document.body.dataset.viewPly = String(viewPly);
  document.body.dataset.thinking = String(s.thinking);
  if (document.body.dataset.ready !== 'true') {
    document.body.dataset.ready = 'true';
    window.__webguiReadyAt = performance.now();
  }
}

// The analysis panel, the evaluation bar and graph, the statistics.
export function renderAnalysis(s) {
  const log = ui.log;
  const on = !!s.analysis;
  const toggle = $('analysis-toggle');
  toggle.setAttribute('aria-pressed', String(on));
  // A game is analysed on a board of its own; a board's engine goes on
  // and off.
  const board = isBoard(s);
  toggle.textContent = board ? (on ? 'Stop analysis' : 'Analyse') : 'Analysis board';
  toggle.title = board
    ? 'The engine analyses the position on the board'
    : 'An analysis board of its own from the position on view; the game goes on';
  document.body.dataset.analysis = String(on);
  document.body.dataset.board = String(board);
  const viewPly = viewedPly(s);
  // Best first for the side to move in the position on view (the one
  // analysed when the lines are shown).
  const side = (isLive() ? s.position : (app.viewPosition || s.position)).side_to_move;
  const lines = on && viewPly === analysedPly(s) ? log.ordered(s.analysis, side) : [];
  renderLines($('analysis-lines'), lines, s.side_names, board && !s.result);
  const score = lines.length ? lines[0].score : (s.evals || {})[viewPly];
  $('eval-bar').classList.toggle('idle', !(on || score));
  renderBar($('eval-bar'), score, s.side_names, app.flipped);
  const hasEvals = Object.keys(s.evals || {}).length > 0;
  $('eval-graph').hidden = !hasEvals;
  if (hasEvals) renderGraph($('eval-graph'), s, viewPly, goTo);
  renderStats($('stats-rows'), $('stats-summary'), log);
  renderReview(s);
}

// The whole-game pass: its button, its progress, why it stopped if it
// failed, and each side's count of judged moves.
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
  renderTallies($('review-summary'), s, viewedPly(s), goTo);
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
  $('game-title').textContent = isBoard(s)
    ? `${s.meta.title}: analysis board`
    : `${s.meta.title}: ${who(s.players.white)} vs ${who(s.players.black)}`;
  ui.clocks.draw();
}

function renderEngine(s) {
  $('engine-name').textContent = s.engine_error ? `${s.engine} — ${s.engine_error}` : s.engine;
  $('engine-level').textContent = levelLabel(s);
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
  syncLimitFields(s);
}
