// Text panels: status, result, move list and engine progress.

export function formatScore(score) {
  if (!score) return '–';
  // A position whose game is over: its result.
  if ('end' in score) return { 1: '1-0', '-1': '0-1' }[score.end] || '½-½';
  if ('mate' in score) return (score.mate >= 0 ? '#' : '#-') + Math.abs(score.mate);
  const pawns = score.cp / 100;
  return (pawns > 0 ? '+' : '') + pawns.toFixed(2);
}

function formatCount(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(1) + 'G';
  if (n >= 1e6) return (n / 1e6).toFixed(1) + 'M';
  if (n >= 1e3) return (n / 1e3).toFixed(1) + 'k';
  return String(n);
}

// Scores are White's (Tangerine's) view, as the server sends them: a
// plus is good for the first side, whoever is to move. The label says so.
export function scoreLabel(score, sideNames) {
  return `${formatScore(score)} (${sideNames[0]}'s view)`;
}

export function renderEngineInfo(info, sideNames) {
  const set = (id, text) => { document.getElementById(id).textContent = text; };
  set('eng-depth', info ? `${info.depth}/${info.seldepth}` : '–');
  set('eng-score', info ? scoreLabel(info.score, sideNames) : '–');
  const score = document.getElementById('eng-score');
  score.title = `Evaluation from ${sideNames[0]}'s side: + is good for ${sideNames[0]}, − for ${sideNames[1]}`;
  set('eng-nodes', info ? formatCount(info.nodes) : '–');
  set('eng-nps', info ? formatCount(info.nps) : '–');
  set('eng-pv', info ? info.pv.join(' ') : '');
}

// The move list: numbered rows of buttons that jump to a ply.
export function renderMoveList(container, state, viewPly, onPick) {
  const moves = state.moves;
  const rows = [];
  const firstBlack = moves.length > 0 && moves[0].side === 'black';
  let number = startNumber(state.start_fen);
  const cell = (move) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = move.record;
    b.dataset.ply = String(move.ply);
    b.setAttribute('role', 'listitem');
    b.setAttribute('aria-label', `ply ${move.ply}: ${move.record}`);
    if (move.ply === viewPly) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => onPick(move.ply));
    return b;
  };
  let i = 0;
  while (i < moves.length) {
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = number + '.';
    rows.push(num, document.createTextNode(' '));
    if (i === 0 && firstBlack) {
      const gap = document.createElement('span');
      gap.textContent = '…';
      rows.push(gap, document.createTextNode(' '));
      rows.push(cell(moves[0]), document.createTextNode(' '));
      i += 1;
    } else {
      rows.push(cell(moves[i]), document.createTextNode(' '));
      if (i + 1 < moves.length) {
        rows.push(cell(moves[i + 1]), document.createTextNode(' '));
      } else {
        rows.push(document.createElement('span'));
      }
      i += 2;
    }
    number += 1;
  }
  container.replaceChildren(...rows);
  const current = container.querySelector('[aria-current="true"]');
  if (current && typeof current.scrollIntoView === 'function') current.scrollIntoView({ block: 'nearest' });
}

function startNumber(fen) {
  const n = Number((fen || '').split(/\s+/)[5]);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export function statusText(state) {
  if (state.result) return 'Game over';
  const side = state.position.side_to_move === 'white' ? 0 : 1;
  const name = state.side_names[side];
  if (state.thinking) return `${name} (engine) is thinking…`;
  const player = side === 0 ? state.players.white : state.players.black;
  return player === 'engine' ? `${name} to move (engine)` : `${name} to move`;
}
