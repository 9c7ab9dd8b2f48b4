// The colour theme of every page (the game, the rules, the live viewer):
// the one saved by the game page's switch, else the system's. A classic
// script loaded in each page's <head>, so the theme is set before the
// first paint (a module would run after it, and a dark page would flash
// light). controls.js reads what it set and saves the switch's choice
// under the same key.
(function applyTheme() {
  let theme = null;
  try { theme = localStorage.getItem('webgui.theme'); } catch (e) { /* private mode */ }
  if (theme !== 'light' && theme !== 'dark') {
    const light = window.matchMedia && matchMedia('(prefers-color-scheme: light)').matches;
    theme = light ? 'light' : 'dark';
  }
  document.documentElement.dataset.theme = theme;
}());
