// Loads a screen module's stylesheet once (the shell's app.css stays as it is).

import { h } from './dom.js';

export function loadStyle(href) {
  if (document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  document.head.append(h('link', { rel: 'stylesheet', href }));
}
