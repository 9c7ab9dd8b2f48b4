// Turning clicks (and rotation keys) into legal moves. Chess: select a
// piece, then a target (and a promotion piece). Leiserchess: select a
// piece, then an empty neighbour (shift), an opposing neighbour (swap, then
// the follow-up shift or rotation) or a rotation; the staged move is shown
// with its laser until the person fires or cancels.

import { squareIndex } from './board.js';
import { rotateCode } from './pieces.js';

// The board after a Leiserchess move, before its laser fires.
export function applyLeiserMove(board, move) {
  const next = board.slice();
  const from = squareIndex(move.from);
  let pivot = from;
  const piece = board[from];
  if (move.swap) {
    pivot = squareIndex(move.swap);
    next[from] = board[pivot];
  }
  if (move.rotate) {
    next[pivot] = rotateCode(piece, move.rotate);
  } else {
    next[pivot] = '';
    next[squareIndex(move.to)] = piece;
  }
  return next;
}

export class MoveInput {
  // hooks: play(text), preview(move) -> Promise<laser|null>, changed()
  constructor(hooks) {
    this.hooks = hooks;
    this.legal = [];
    this.game = 'chess';
    this.board = [];
    this.reset();
  }

  reset() {
    this.selected = null;
    this.swap = null;
    this.staged = null;
    this.stagedLaser = null;
    this.promotion = null;
    this.previewToken = (this.previewToken || 0) + 1;
  }

  setPosition(game, board, legal) {
    this.game = game;
    this.board = board;
    this.legal = legal;
    this.reset();
  }

  movesFrom(square) {
    return this.legal.filter((m) => m.from === square);
  }

  // Moves that finish the current selection.
  candidates() {
    if (!this.selected) return [];
    const from = this.movesFrom(this.selected);
    if (this.game === 'chess') return from;
    return from.filter((m) => (m.swap || null) === this.swap);
  }

  rotations() {
    if (this.game !== 'leiserchess' || this.staged) return new Set();
    return new Set(this.candidates().filter((m) => m.rotate).map((m) => m.rotate));
  }

  targets() {
    if (!this.selected || this.staged || this.promotion) return [];
    const out = [];
    const seen = new Set();
    const add = (square, kind) => {
      if (!seen.has(square)) {
        seen.add(square);
        out.push({ square, kind });
      }
    };
    if (this.game === 'chess') {
      for (const m of this.movesFrom(this.selected)) {
        add(m.to, this.board[squareIndex(m.to)] ? 'ring' : 'dot');
      }
      return out;
    }
    for (const m of this.candidates()) {
      if (!m.rotate) add(m.to, 'dot');
    }
    if (!this.swap) {
      for (const m of this.movesFrom(this.selected)) {
        if (m.swap) add(m.swap, 'ring');
      }
    }
    return out;
  }

  // The board to draw while a move is being put together.
  displayBoard() {
    if (this.game !== 'leiserchess') return this.board;
    if (this.staged) return applyLeiserMove(this.board, this.staged);
    if (this.swap) {
      const next = this.board.slice();
      const a = squareIndex(this.selected);
      const b = squareIndex(this.swap);
      [next[a], next[b]] = [next[b], next[a]];
      return next;
    }
    return this.board;
  }

  hint() {
    if (this.game === 'chess') {
      if (this.promotion) return 'Choose the promotion piece.';
      return this.selected ? `Selected ${this.selected}: pick a target.` : 'Select a piece.';
    }
    if (this.staged) return `Staged ${this.staged.text}: Fire or Cancel.`;
    if (this.swap) return `Swapped with ${this.swap}: now shift or rotate (L/R/U).`;
    if (this.selected) return `Selected ${this.selected}: shift, swap or rotate (L/R/U).`;
    return 'Select a piece.';
  }

  click(square) {
    if (this.staged || this.promotion) {
      this.reset();
      this.hooks.changed();
      return;
    }
    if (this.selected) {
      const finished = this.candidates().filter((m) => !m.rotate && m.to === square);
      if (finished.length) {
        this.finish(finished);
        return;
      }
      if (this.game === 'leiserchess' && !this.swap && this.movesFrom(this.selected).some((m) => m.swap === square)) {
        this.swap = square;
        this.hooks.changed();
        return;
      }
    }
    if (square !== this.selected && this.movesFrom(square).length) {
      this.reset();
      this.selected = square;
    } else {
      this.reset();
    }
    this.hooks.changed();
  }

  rotate(letter) {
    const move = this.candidates().find((m) => m.rotate === letter);
    if (move && !this.staged) this.finish([move]);
  }

  finish(moves) {
    if (this.game === 'chess') {
      if (moves.length > 1 || moves[0].promotion) {
        this.promotion = moves;
        this.hooks.changed();
        return;
      }
      const text = moves[0].text;
      this.reset();
      this.hooks.play(text);
      return;
    }
    this.stage(moves[0]);
  }

  choosePromotion(letter) {
    const move = (this.promotion || []).find((m) => m.promotion === letter);
    if (!move) return;
    this.reset();
    this.hooks.play(move.text);
  }

  stage(move) {
    this.staged = move;
    this.stagedLaser = null;
    const token = ++this.previewToken;
    this.hooks.changed();
    this.hooks.preview(move).then((laser) => {
      if (token === this.previewToken && this.staged === move) {
        this.stagedLaser = laser;
        this.hooks.changed();
      }
    });
  }

  fire() {
    if (!this.staged) return;
    const text = this.staged.text;
    this.reset();
    this.hooks.play(text);
  }

  cancel() {
    if (!this.selected && !this.promotion) return;
    this.reset();
    this.hooks.changed();
  }
}
