// The page's entry: makes the board, the move input, the analysis log
// and the clocks, wires the controls, and opens a game. The parts live in
// their modules: app.js (shared state), state.js (the server's states),
// render.js (drawing), moves.js (board clicks and premoves), forms.js
// (new game, strength, PGN), controls.js (buttons and keys) and editor.js
// (the position editor).

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
import { wireEditor } from './editor.js';

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
  wireEditor();
  const params = new URLSearchParams(location.search);
  // `?id=` opens an existing game (a link to it, or this page reloaded:
  // the address carries the game's id); a bare `/` reopens this tab's
  // last game; `?game=` without an id starts a new game.
  const saved = params.get('id') || (params.has('game') ? null : savedGame());
  const notes = [];
  if (saved) {
    try {
      adopt(await api.state(saved));
      return;
    } catch (e) {
      // Gone: a new one starts, and the address's id is said to be gone.
      if (params.has('id')) notes.push(`No game "${params.get('id')}" is open on this server (it was closed, or the server restarted): a new game has started.`);
    }
  }
  // `?game=` names one of the form's game choices; the first is the default.
  const games = [...$('ng-game').options].map((o) => o.value);
  const asked = params.get('game');
  const game = games.includes(asked) ? asked : games[0];
  if (asked !== null && asked !== game) notes.push(`There is no game "${asked}" (choices: ${games.join(', ')}): ${game} has started instead.`);
  const request = { game, white: 'human', black: 'engine' };
  if (params.has('depth')) request.limit = { depth: Number(params.get('depth')) };
  else if (params.has('movetime')) request.limit = { movetime_ms: Number(params.get('movetime')) };
  $('ng-game').value = request.game;
  await newGame(request);
  showAddressNote(notes);
}

// What the address asked for that could not be had, said on the page
// instead of silently starting something else (issue 39, defect 7).
function showAddressNote(notes) {
  const note = $('address-note');
  note.textContent = notes.join(' ');
  note.hidden = notes.length === 0;
}

start();
