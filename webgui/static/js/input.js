// Turning clicks (and rotation keys) into legal moves. The server works
// out everything: for each piece the side to move can click, what the
// click offers (`state.choices`): target squares with their marks, each
// finishing a move, asking for a promotion piece (chess) or opening a
// further choice (after a 2018 Leiserchess swap, with the board to draw
// meanwhile), and rotation letters. A target marked `null` on a king is
// its null move (2016 Leiserchess). A move with a preview (Leiserchess)
// is staged and drawn with the board and laser the server sent, until the
// person fires or cancels; any other move is played at once.

import { squareIndex } from './board.js';

// The position's board with some squares drawn differently.
function withChanges(board, changes, firstRank) {
  if (!changes) return board;
  const next = board.slice();
  for (const [square, code] of Object.entries(changes)) next[squareIndex(square, firstRank)] = code;
  return next;
}

// The null-move target a piece's choice offers, if any.
function nullTarget(choice, square) {
  return choice && choice.targets.find((t) => t.mark === 'null' && t.square === square);
}

export class MoveInput {
  // hooks: play(text), changed()
  constructor(hooks) {
    this.hooks = hooks;
    this.pieces = 'chess';
    this.firstRank = 1;
    this.board = [];
    this.legal = [];
    this.choices = {};
    this.reset();
  }

  reset() {
    this.selected = null; // the square of the piece clicked first
    this.swap = null; // the square of a Leiserchess swap partner
    this.choice = null; // what the next click offers
    this.staged = null; // a legal move with its preview
    this.promotion = null; // promotion letter -> index into legal
    this.promotionSquare = null;
  }

  setPosition(state) {
    this.pieces = state.meta.pieces;
    this.firstRank = state.meta.first_rank;
    this.board = state.position.board;
    this.legal = state.legal;
    this.choices = state.choices;
    this.reset();
  }

  get stagedLaser() {
    return this.staged ? this.staged.preview.laser : null;
  }

  rotations() {
    if (!this.choice || this.staged) return new Set();
    return new Set(Object.keys(this.choice.rotations || {}));
  }

  targets() {
    if (!this.choice || this.staged || this.promotion) return [];
    return this.choice.targets.map((t) => ({ square: t.square, kind: t.mark }));
  }

  // The board to draw while a move is being put together.
  displayBoard() {
    if (this.staged) return withChanges(this.board, this.staged.preview.changes, this.firstRank);
    return withChanges(this.board, this.choice && this.choice.changes, this.firstRank);
  }

  // The square of the piece (a king) whose null move is legal now.
  nullMoveSquare() {
    return Object.keys(this.choices).find((square) => nullTarget(this.choices[square], square)) || null;
  }

  // Stages the null move, as if its king had been clicked twice.
  nullMove() {
    const square = this.nullMoveSquare();
    if (!square || this.staged) return;
    this.reset();
    this.selected = square;
    this.choice = this.choices[square];
    this.follow(nullTarget(this.choice, square));
  }

  hint() {
    if (this.pieces === 'chess') {
      if (this.promotion) return 'Choose the promotion piece.';
      return this.selected ? `Selected ${this.selected}: pick a target.` : 'Select a piece.';
    }
    if (this.staged) return `Staged ${this.staged.text}: Fire or Cancel.`;
    if (this.swap) return `Swapped with ${this.swap}: now shift or rotate (L/R/U).`;
    if (this.selected && nullTarget(this.choice, this.selected)) {
      return `Selected ${this.selected}: shift, swap or rotate (L/R/U), or click it again for its null move (N).`;
    }
    if (this.selected) return `Selected ${this.selected}: shift, swap or rotate (L/R/U).`;
    return 'Select a piece.';
  }

  click(square) {
    if (this.staged || this.promotion) {
      this.reset();
      this.hooks.changed();
      return;
    }
    const target = this.choice && this.choice.targets.find((t) => t.square === square);
    if (target) {
      this.follow(target);
      return;
    }
    const piece = square !== this.selected ? this.choices[square] : null;
    this.reset();
    if (piece) {
      this.selected = square;
      this.choice = piece;
    }
    this.hooks.changed();
  }

  follow(target) {
    if (target.choice) {
      this.swap = target.square;
      this.choice = target.choice;
      this.hooks.changed();
    } else if (target.promotions) {
      this.promotion = target.promotions;
      this.promotionSquare = target.square;
      this.hooks.changed();
    } else {
      this.finish(this.legal[target.move]);
    }
  }

  // A drag starts: its piece is selected, so its targets show.
  grab(square) {
    if (this.staged || this.promotion) this.reset();
    if (this.selected === square) return;
    this.reset();
    const piece = this.choices[square];
    if (piece) {
      this.selected = square;
      this.choice = piece;
    }
    this.hooks.changed();
  }

  // A drag from `from` dropped on `to`: the move, as if both squares had
  // been clicked; anything else leaves nothing selected. True if it was
  // a target of the piece.
  drop(from, to) {
    const piece = this.choices[from];
    const target = piece && piece.targets.find((t) => t.square === to);
    this.reset();
    if (!target) {
      this.hooks.changed();
      return false;
    }
    this.selected = from;
    this.choice = piece;
    this.follow(target);
    return true;
  }

  // Whether a click on `square` would pick a piece up.
  canGrab(square) {
    return !!this.choices[square] && !this.staged;
  }

  // A premove queued while the engine thought ({from, to}, or a
  // Leiserchess rotation {from, rotate}), now that it is the person's
  // turn: played when it is legal (a promotion to a queen), otherwise
  // dropped. A move still to be completed (a 2018 swap) is left
  // selected. True if it was used.
  playPremove({ from, to, rotate }) {
    const piece = this.choices[from];
    if (rotate) return this.playRotation(from, piece, rotate);
    const target = piece && piece.targets.find((t) => t.square === to);
    if (!target) return false;
    this.reset();
    this.selected = from;
    this.choice = piece;
    if (target.promotions && target.promotions.q !== undefined) {
      this.finish(this.legal[target.promotions.q]);
    } else {
      this.follow(target);
    }
    // A Leiserchess move is fired at once: it was decided beforehand.
    if (this.staged) this.fire();
    return true;
  }

  // A rotation premove: the piece's rotation `letter`, if it has it now,
  // fired at once (it was decided beforehand).
  playRotation(from, piece, letter) {
    const index = piece && piece.rotations && piece.rotations[letter];
    if (index === undefined) return false;
    this.reset();
    this.selected = from;
    this.choice = piece;
    this.finish(this.legal[index]);
    if (this.staged) this.fire();
    return true;
  }

  rotate(letter) {
    if (this.rotations().has(letter)) this.finish(this.legal[this.choice.rotations[letter]]);
  }

  finish(move) {
    if (move.preview) {
      this.staged = move;
      this.hooks.changed();
      return;
    }
    this.reset();
    this.hooks.play(move.text);
  }

  choosePromotion(letter) {
    const index = (this.promotion || {})[letter];
    if (index !== undefined) this.finish(this.legal[index]);
  }

  fire() {
    if (!this.staged) return;
    const text = this.staged.text;
    this.reset();
    this.hooks.play(text);
  }

  cancel() {
    if (!this.selected && !this.promotion && !this.staged) return;
    this.reset();
    this.hooks.changed();
  }
}
