// What the store screens share: a re-render that keeps what the person is doing (focus, caret, typed text),
// moves focus to the heading when the screen shows a new step, and the labelled field with its error.

import { h, show } from './dom.js';

/**
 * Replaces the content of `container` with `node`.
 *
 * - `key` names the step shown. When it differs from the last render's, the focus moves to the element
 *   `[data-heading]` (a heading with tabindex -1) and `onNewStep(headingText)` runs, so a screen reader hears
 *   the new step.
 * - When it is the same step, the element that had the focus (found again by its id) gets it back with its
 *   caret, and a text input that has the focus keeps what was typed: the model's echo of an edit may be older
 *   than the last keystroke. `keep` lists further ids whose typed value survives (inputs the model does not hold).
 */
export function render(container, node, { key, keep = [], onNewStep } = {}) {
  const previousKey = container.dataset.viewKey;
  const active = document.activeElement;
  const focused = active && container.contains(active) && active.id ? active : null;
  const saved = new Map();
  for (const id of keep) {
    const element = container.querySelector(`#${CSS.escape(id)}`);
    if (element && 'value' in element) saved.set(id, element.value);
  }
  let caret = null;
  if (focused && isTextInput(focused)) {
    saved.set(focused.id, focused.value);
    try {
      caret = [focused.selectionStart, focused.selectionEnd];
    } catch {
      caret = null;
    }
  }
  // A button that is the same as before stays the same node, so a click whose mousedown came before the render
  // still lands on it.
  if (previousKey === (key ?? '')) {
    const nodes = node instanceof Node ? [node] : [node].flat(Infinity).filter((entry) => entry instanceof Node);
    for (const root of nodes) {
      if (!(root instanceof Element)) continue;
      for (const button of root.querySelectorAll('button[id]')) {
        const old = container.querySelector(`button#${CSS.escape(button.id)}`);
        if (old && old.outerHTML === button.outerHTML) button.replaceWith(old);
      }
    }
  }
  show(container, node);
  container.dataset.viewKey = key ?? '';
  if (previousKey !== (key ?? '')) {
    const heading = container.querySelector('[data-heading]');
    if (heading) {
      heading.focus();
      if (onNewStep) onNewStep(heading.textContent);
    }
    return true;
  }
  for (const [id, value] of saved) {
    const element = container.querySelector(`#${CSS.escape(id)}`);
    if (element && 'value' in element && element.value !== value) element.value = value;
  }
  if (focused) {
    const again = container.querySelector(`#${CSS.escape(focused.id)}`);
    if (again && !again.disabled) {
      again.focus();
      if (caret && isTextInput(again) && caret[0] !== null) {
        try {
          again.setSelectionRange(caret[0], caret[1]);
        } catch {
          // number and date inputs have no caret to set
        }
      }
    }
  }
  return false;
}

export function isTextInput(element) {
  return (element.tagName === 'INPUT' && !['checkbox', 'radio', 'file', 'button', 'submit'].includes(element.type))
    || element.tagName === 'TEXTAREA';
}

/**
 * A labelled control with its hint and error: `<div class="field"><label for=id>…</label>control<p id=id-error>`.
 * The control gets `aria-invalid` and an `aria-describedby` that names the hint and the error.
 */
export function field({ id, label, control, hint = null, error = null, required = false }) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const described = [hintId, errorId].filter(Boolean).join(' ');
  if (described) control.setAttribute('aria-describedby', described);
  if (error) control.setAttribute('aria-invalid', 'true');
  if (required) control.setAttribute('aria-required', 'true');
  control.id = id;
  return h('div', { class: 'field', 'data-field': id },
    h('label', { for: id }, label),
    hint ? h('p', { id: hintId, class: 'hint' }, hint) : null,
    control,
    error ? h('p', { id: errorId, class: 'error', 'data-error-for': id }, error) : null);
}

/** A group of radios or checkboxes in a fieldset whose legend is the label; the error belongs to the group. */
export function group({ id, label, children, error = null }) {
  const errorId = error ? `${id}-error` : null;
  return h('fieldset', {
    id, class: 'field group', 'data-field': id, 'aria-describedby': errorId, 'aria-invalid': error ? 'true' : null,
  },
  h('legend', {}, label),
  children,
  error ? h('p', { id: errorId, class: 'error', 'data-error-for': id }, error) : null);
}

/** The error banner: role alert so it is read at once. */
export function banner(id, text, kind = 'error', ...extra) {
  return h('div', { id, class: `banner ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text, ...extra);
}

/** base64url (no padding) ⇄ bytes, for WebAuthn. */
export function fromBase64Url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

export function toBase64Url(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Standard base64 of bytes (uploads of the inquiry). */
export function toBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}
