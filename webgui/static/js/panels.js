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
  const marks = marksByPly(state);
  const cell = (move) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = move.record;
    b.dataset.ply = String(move.ply);
    b.setAttribute('role', 'listitem');
    const mark = marks.get(move.ply);
    const judged = mark ? `, ${mark.judgement}` : '';
    b.setAttribute('aria-label', `ply ${move.ply}: ${move.record}${judged}`);
    if (mark) b.append(judgementBadge(mark, state.side_names[move.side === 'white' ? 0 : 1]));
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

// Judged moves (after "Analyse the whole game"): the mark a PGN gives
// each kind, and the server's judgements by the ply each move led to.
export const ANNOTATIONS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export function marksByPly(state) {
  const marks = (state.judgements && state.judgements.marks) || [];
  return new Map(marks.map((m) => [m.ply, m]));
}

// What a mark means, in words: the kind and the expected score lost
// (points of 100 on lichess's winning-chances curve, as the server judged).
export function judgementTitle(mark, mover) {
  const kind = mark.judgement[0].toUpperCase() + mark.judgement.slice(1);
  return `${kind}: ${mover}'s expected score fell by ${mark.lost} points (of 100)`;
}

// The coloured `?!`, `?` or `??` after a judged move.
function judgementBadge(mark, mover) {
  const badge = document.createElement('span');
  badge.className = `judgement ${mark.judgement}`;
  badge.textContent = ANNOTATIONS[mark.judgement];
  badge.title = judgementTitle(mark, mover);
  return badge;
}

// The number of the move that led to ply `ply` (1 or more): as the move
// list numbers it, from the start position's move number.
function moveNumber(state, ply) {
  const firstBlack = state.moves[0].side === 'black';
  return startNumber(state.start_fen) + Math.floor((ply - 1 + (firstBlack ? 1 : 0)) / 2);
}

// A position of the game in words for the graph's read-out: `Start`, or
// the move that led to it with its number (`12. Nf3`, `12… Nf6`).
export function plyLabel(state, ply) {
  const move = state.moves[ply - 1];
  if (!move) return 'Start';
  return `${moveNumber(state, ply)}${move.side === 'white' ? '.' : '…'} ${move.record}`;
}

// The number of a first-side move by the ply it led to (null for the
// other side's): what the graph writes along its bottom.
export function moveNumberAt(state, ply) {
  const move = state.moves[ply - 1];
  return move && move.side === 'white' ? moveNumber(state, ply) : null;
}

// Each side's count of inaccuracies, mistakes and blunders, a line each
// ("White: 1 inaccuracy, 0 mistakes, 2 blunders"); hidden when no move
// has been judged. A count above zero is a button to that side's next
// move of its kind after the ply on view, so the lesson can be read
// mistake by mistake.
export function renderTallies(container, state, viewPly, onPick) {
  const judgements = state.judgements;
  container.hidden = !judgements;
  if (!judgements) {
    container.replaceChildren();
    return;
  }
  const lines = judgements.tallies.map((t, i) => {
    const line = document.createElement('div');
    line.dataset.side = i === 0 ? 'white' : 'black';
    line.append(`${state.side_names[i]}: `);
    const counts = [
      ['inaccuracy', t.inaccuracies, 'inaccuracies'],
      ['mistake', t.mistakes, 'mistakes'],
      ['blunder', t.blunders, 'blunders'],
    ];
    counts.forEach(([kind, n, many], k) => {
      const text = `${n} ${n === 1 ? kind : many}`;
      const count = n > 0 ? tallyButton(state, i, kind, text, viewPly, onPick) : document.createElement('span');
      // Coloured only where there is something to look at.
      if (n === 0) {
        count.className = 'muted';
        count.textContent = text;
      }
      line.append(count, k < 2 ? ', ' : '');
    });
    return line;
  });
  container.replaceChildren(...lines);
}

// A count's button: side `i`'s next move judged `kind` after the ply on
// view, or its first one again after its last.
function tallyButton(state, i, kind, text, viewPly, onPick) {
  const side = i === 0 ? 'white' : 'black';
  const marks = state.judgements.marks
    .filter((m) => m.judgement === kind && state.moves[m.ply - 1] && state.moves[m.ply - 1].side === side);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `judgement ${kind} tally-jump`;
  button.dataset.kind = kind;
  button.textContent = text;
  button.title = `Show ${state.side_names[i]}'s next ${kind}`;
  button.addEventListener('click', () => {
    const next = marks.find((m) => m.ply > viewPly) || marks[0];
    if (next) onPick(next.ply);
  });
  return button;
}

export function startNumber(fen) {
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
