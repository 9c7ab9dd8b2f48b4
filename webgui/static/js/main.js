// The page's entry: makes the board, the move input, the analysis log
// and the clocks, wires the controls, and opens a game. The parts live in
// their modules: app.js (shared state), state.js (the server's states),
// render.js (drawing), moves.js (board clicks and premoves), forms.js
// (new game, strength, PGN) and controls.js (buttons and keys).

import { api } from './api.js';
import { Board } from './board.js';
import { AnalysisLog } from './analysis.js';
import { MoveInput } from './input.js';
import { Clocks } from './clock.js';
import { $, app, ui, STORAGE_KEY } from './app.js';
import { render } from './render.js';
import { adopt, refresh } from './state.js';
import { onSquare, draggable, dragStart, drop, cancelPremove, playMove } from './moves.js';
import { newGame } from './forms.js';
import { setTheme, initialTheme, wire } from './controls.js';

function clockElement(side) {
  const bottom = app.flipped ? 'black' : 'white';
  return side === bottom ? $('clock-bottom') : $('clock-top');
}

ui.board = new Board($('board'), {
  square: onSquare,
  draggable,
  dragStart,
  drop,
  dragCancel: () => render(),
  secondary: cancelPremove,
  promote: (letter) => (letter ? ui.input.choosePromotion(letter) : ui.input.cancel()),
});
ui.log = new AnalysisLog();
ui.input = new MoveInput({ play: playMove, changed: render });
ui.clocks = new Clocks(
  { white: () => clockElement('white'), black: () => clockElement('black') },
  () => refresh(),
);

// This tab's last game, if the browser keeps it.
function savedGame() {
  try { return sessionStorage.getItem(STORAGE_KEY); } catch (e) { return null; }
}

async function start() {
  setTheme(initialTheme());
  wire();
  const params = new URLSearchParams(location.search);
  // `?id=` opens an existing game (a link to it, or this page reloaded:
  // the address carries the game's id); a bare `/` reopens this tab's
  // last game; `?game=` without an id starts a new game.
  const saved = params.get('id') || (params.has('game') ? null : savedGame());
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
