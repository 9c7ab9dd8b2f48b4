// The server's JSON API. Every call resolves to the parsed body or throws
// an ApiError carrying the server's message (shown to the person).

export class ApiError extends Error {
  constructor(status, message, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch('/api' + path, init);
  } catch (e) {
    throw new ApiError(0, 'cannot reach the server', 'network');
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `request failed (${response.status})`;
    throw new ApiError(response.status, message, data && data.code);
  }
  return data;
}

const game = (id) => '/games/' + encodeURIComponent(id);

export const api = {
  create: (request) => call('POST', '/games', request),
  state: (id) => call('GET', game(id)),
  play: (id, move) => call('POST', game(id) + '/moves', { move }),
  engineGo: (id, limit) => call('POST', game(id) + '/engine', limit ? { limit } : {}),
  engineStop: (id, play = true) => call('POST', game(id) + '/engine/stop', { play }),
  autoplay: (id, on) => call('POST', game(id) + '/autoplay', { on }),
  review: (id, on) => call('POST', game(id) + '/review', { on }),
  analysis: (id, on, lines, ply = null) => call('POST', game(id) + '/analysis', ply === null ? { on, lines } : { on, lines, ply }),
  resign: (id) => call('POST', game(id) + '/resign', {}),
  offerDraw: (id) => call('POST', game(id) + '/draw'),
  setLimit: (id, limit) => call('PUT', game(id) + '/limit', limit),
  undo: (id) => call('POST', game(id) + '/undo', {}),
  setLine: (id, moves) => call('PUT', game(id) + '/line', { moves }),
  position: (id, ply) => call('GET', game(id) + '/position?ply=' + ply),
  pgn: (id) => call('GET', game(id) + '/pgn'),
};

// Live updates: `state` after every change, `info` for engine progress,
// `review` for each position the whole-game pass has scored.
export function subscribe(id, handlers) {
  const source = new EventSource('/api' + game(id) + '/events');
  source.addEventListener('state', (e) => handlers.state(JSON.parse(e.data)));
  source.addEventListener('info', (e) => handlers.info(JSON.parse(e.data)));
  source.addEventListener('review', (e) => handlers.review(JSON.parse(e.data)));
  source.addEventListener('resync', () => handlers.resync());
  return source;
}
