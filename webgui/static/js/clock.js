// Clock display: the server owns the time; the page counts down between
// updates and asks for the state when a flag may have fallen.

export function formatMs(ms) {
  const clamped = Math.max(0, ms);
  const total = Math.floor(clamped / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const base = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return clamped < 10000 ? `${base}.${Math.floor((clamped % 1000) / 100)}` : base;
}

export class Clocks {
  // elements: { white, black } spans; onFlag: called once when the running
  // side's time reaches zero on the page.
  constructor(elements, onFlag) {
    this.elements = elements;
    this.onFlag = onFlag;
    this.view = null;
    this.received = 0;
    this.flagged = false;
    this.timer = null;
  }

  update(view) {
    this.view = view;
    this.received = performance.now();
    this.flagged = false;
    this.draw();
    clearInterval(this.timer);
    this.timer = view && view.running ? setInterval(() => this.draw(), 100) : null;
  }

  remaining(side) {
    const v = this.view;
    const base = side === 'white' ? v.white_ms : v.black_ms;
    return v.running === side ? base - (performance.now() - this.received) : base;
  }

  draw() {
    for (const side of ['white', 'black']) {
      const el = this.elements[side]();
      if (!el) continue;
      if (!this.view) {
        el.textContent = '';
        continue;
      }
      const ms = this.remaining(side);
      el.textContent = formatMs(ms);
      el.classList.toggle('running', this.view.running === side);
      el.classList.toggle('low', ms < 10000);
      el.setAttribute('aria-label', `${side} clock ${formatMs(ms)}`);
      if (this.view.running === side && ms <= 0 && !this.flagged) {
        this.flagged = true;
        this.onFlag();
      }
    }
  }
}
