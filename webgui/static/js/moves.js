// What the board's clicks, drags and rotations do: a move in turn
// (through the move input), a premove while the engine thinks, or the
// ko note when the ko rule forbids the move tried.

import { api } from './api.js';
import { $, app, ui, isLive, canMove, canPremove, ownPiece } from './app.js';
import { render } from './render.js';
import { attempt, goTo } from './state.js';

export function onSquare(name) {
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
  if (ko && !ui.input.targets().some((t) => t.square === name)) {
    showKo(ko);
    return;
  }
  ui.input.click(name);
}

// The move the ko rule forbids that a click on `square` (or rotation
// `letter`) would have made with the piece selected, if any.
function koMove(square, letter) {
  const s = app.state;
  const input = ui.input;
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

export function rotate(letter) {
  if (canPremove()) {
    queueRotation(letter);
    return;
  }
  const ko = koMove(null, letter);
  if (ko && !ui.input.rotations().has(letter)) showKo(ko);
  else ui.input.rotate(letter);
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
export function premoveRotations() {
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
export function cancelPremove() {
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

export function premoveHint() {
  if (app.premove) return `Premove ${premoveText(app.premove)} queued: Escape or a right click cancels it.`;
  if (app.premoveFrom) return `Premove from ${app.premoveFrom}: click a target, or rotate (L/R/U).`;
  return canPremove() ? 'You may queue a premove while the engine thinks.' : '';
}

export function showPremoveDropped(premove) {
  const note = $('premove-note');
  note.textContent = `Premove ${premoveText(premove)} dropped: it is not legal now.`;
  note.dataset.move = premoveText(premove);
  note.hidden = false;
}

export function draggable(square) {
  if (!app.state || !isLive()) return false;
  if (canPremove()) return ownPiece(square);
  return canMove() && ui.input.canGrab(square);
}

export function dragStart(square) {
  if (canPremove()) {
    app.premove = null;
    app.premoveFrom = square;
    render();
  } else if (canMove()) {
    ui.input.grab(square);
  }
}

export function drop(from, to) {
  if (canPremove()) {
    app.premove = { from, to };
    app.premoveFrom = null;
    render();
  } else if (canMove()) {
    ui.input.drop(from, to);
  }
}

export function playMove(text) {
  return attempt(() => api.play(app.id, text));
}
