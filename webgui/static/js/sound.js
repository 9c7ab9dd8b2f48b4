// Short sounds made by the page with WebAudio (no sound files): a move, a
// capture, a zap and a check. A mute switch is remembered in local
// storage. The names of the sounds played are kept in `window.__sounds`
// (the last few) so tests can tell what was heard.

const MUTE_KEY = 'webgui.muted';
const KEEP = 20;

let context = null;

function audio() {
  if (!context) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    try { context = new Ctor(); } catch (e) { return null; }
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

// One tone: a frequency sweep with a quick attack and decay.
function tone(ctx, { type = 'sine', from, to = from, start = 0, length, volume }) {
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, t0);
  osc.frequency.exponentialRampToValueAtTime(to, t0 + length);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

// A short burst of filtered noise (a piece knocked off the board).
function knock(ctx, length, volume) {
  const frames = Math.floor(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = 1800;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start();
}

const SOUNDS = {
  move: (ctx) => tone(ctx, { type: 'triangle', from: 520, to: 300, length: 0.07, volume: 0.25 }),
  capture: (ctx) => {
    knock(ctx, 0.09, 0.5);
    tone(ctx, { type: 'triangle', from: 380, to: 160, length: 0.1, volume: 0.25 });
  },
  zap: (ctx) => tone(ctx, { type: 'sawtooth', from: 1800, to: 120, length: 0.28, volume: 0.12 }),
  check: (ctx) => {
    tone(ctx, { type: 'square', from: 880, length: 0.08, volume: 0.08 });
    tone(ctx, { type: 'square', from: 1175, start: 0.09, length: 0.1, volume: 0.08 });
  },
};

export function isMuted() {
  try { return localStorage.getItem(MUTE_KEY) === 'true'; } catch (e) { return false; }
}

export function setMuted(muted) {
  try { localStorage.setItem(MUTE_KEY, String(muted)); } catch (e) { /* private mode */ }
}

// Plays a sound by name unless muted; records what was played.
export function play(name) {
  const log = (window.__sounds = window.__sounds || []);
  if (isMuted() || !SOUNDS[name]) return;
  log.push(name);
  if (log.length > KEEP) log.shift();
  const ctx = audio();
  if (ctx) {
    try { SOUNDS[name](ctx); } catch (e) { /* no audio device */ }
  }
}

// Browsers start audio only after a gesture: the first one wakes it.
export function unlockOnGesture() {
  const wake = () => {
    if (!isMuted()) audio();
    window.removeEventListener('pointerdown', wake);
    window.removeEventListener('keydown', wake);
  };
  window.addEventListener('pointerdown', wake);
  window.addEventListener('keydown', wake);
}

// The sound of the move of a move record (and its position).
export function soundOf(record, position) {
  if (position && position.laser && position.laser.zaps && position.laser.zaps.length) return 'zap';
  if (/[+#]$/.test(record.record) || (position && position.check)) return 'check';
  if (record.record.includes('x')) return 'capture';
  return 'move';
}
