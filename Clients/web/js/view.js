// What the store screens share: a re-render that keeps what the person is doing (focus, caret, typed text),
// moves focus to the heading when the screen shows a new step, and the labelled field with its error.

import { h, show } from './dom.js';

/**
 * Shows `node` (one element) in `container`.
 *
 * - `key` names the step shown. When it differs from the last render's, the content is replaced, the focus
 *   moves to the element `[data-heading]` (a heading with tabindex -1) and `onNewStep(headingText)` runs, so a
 *   screen reader hears the new step. Answers true then.
 * - When it is the same step, the page is updated in place (`morph`): focus, caret, what is being typed and the
 *   elements themselves stay.
 */
export function render(container, node, { key, onNewStep } = {}) {
  const previousKey = container.dataset.viewKey;
  const same = previousKey === (key ?? '') && container.firstElementChild && node instanceof Element
    && container.childElementCount === 1;
  container.dataset.viewKey = key ?? '';
  if (same) {
    // The same step: update the elements in place, so focus, caret, typed text and element references stay.
    morph(container.firstElementChild, node);
    return false;
  }
  show(container, node);
  const heading = container.querySelector('[data-heading]');
  if (heading) {
    heading.focus();
    if (onNewStep) onNewStep(heading.textContent);
  }
  return true;
}

/**
 * Makes `from` (in the page) look like `to` (just built), keeping every element that is still there. Elements
 * pair by id where they have one, else by tag in order. A text input whose edits the page tracks takes the
 * model's text only when the model may answer what was typed last (see `sentEdit`); an untracked one keeps what
 * was typed while it has the focus and takes the model's text once it lost it.
 */
export function morph(from, to) {
  if (from === to) return from;
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName
    || (from.nodeType === Node.ELEMENT_NODE && (from.id || '') !== (to.id || ''))) {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType !== Node.ELEMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  for (const attribute of [...from.attributes]) {
    if (from.tagName === 'DIALOG' && attribute.name === 'open') continue;
    if (!to.hasAttribute(attribute.name)) from.removeAttribute(attribute.name);
  }
  for (const attribute of [...to.attributes]) {
    if (from.getAttribute(attribute.name) === attribute.value) continue;
    // Styles through the CSSOM, which the Content-Security-Policy allows (a style attribute it refuses).
    if (attribute.name === 'style') from.style.cssText = to.style.cssText;
    else from.setAttribute(attribute.name, attribute.value);
  }
  for (const [type, listener] of Object.entries(from.folioListeners ?? {})) from.removeEventListener(type, listener);
  for (const [type, listener] of Object.entries(to.folioListeners ?? {})) from.addEventListener(type, listener);
  from.folioListeners = to.folioListeners;
  morphChildren(from, to);
  if (from.tagName === 'INPUT' || from.tagName === 'TEXTAREA' || from.tagName === 'SELECT') {
    const typing = from === document.activeElement && isTextInput(from);
    if (from.type === 'checkbox' || from.type === 'radio') {
      if (from.checked !== to.checked) from.checked = to.checked;
    } else if (from.type !== 'file' && from.value !== to.value
      && (tracked(from) ? answersLastEdit(from) : !typing)) {
      if (typing) placeWithCaret(from, to.value);
      else from.value = to.value;
      from.folioPlaced = to.value;
    }
  }
  return from;
}

/**
 * Records on the live `input` that the page sent its `value` to `store` (the model's version then, and one more
 * dispatch until `dispatched` settles; `whenSettled` runs then, to draw the newest model, which may have come
 * meanwhile). From then on a new model replaces the input's text, focused or not, only when it may answer that
 * edit: every dispatch of the input was answered, the model is newer than the one shown when the last edit was
 * sent, and nothing was typed since. So the store's shaped text (a mask, a formatted phone number) shows as the
 * person types, and the echo of an older keystroke does not overwrite a newer one (nor an input the person just
 * left, whose text a sibling may read, as the parts of an address do).
 *
 * A model sent for an earlier keystroke can still be on its way when the last edit's dispatch is answered, and it
 * is newer than the one shown when that edit was sent. So once the last edit's dispatch is answered (the store
 * applied it then), the page reads the store's version (`Store.currentVersion`) and takes no model older than it.
 */
export function sentEdit(input, value, dispatched, { store, whenSettled } = {}) {
  input.folioSent = value;
  input.folioStore = store;
  input.folioSentVersion = store?.version ?? -1;
  input.folioPending = (input.folioPending ?? 0) + 1;
  const edit = (input.folioEdits = (input.folioEdits ?? 0) + 1);
  const last = () => edit === input.folioEdits;
  dispatched
    .then(() => (store && last() ? store.currentVersion() : null))
    .catch(() => null)
    .then((version) => {
      if (version !== null && last()) input.folioSentVersion = Math.max(input.folioSentVersion, version - 1);
      input.folioPending -= 1;
      if (input.folioPending === 0 && whenSettled) whenSettled();
    });
}

function tracked(input) {
  return input.folioSent !== undefined;
}

function answersLastEdit(input) {
  if (input.folioPending > 0 || !(input.folioStore?.version > input.folioSentVersion)) return false;
  return input.value === input.folioSent || input.value === input.folioPlaced;
}

/** Puts the model's `text` into the focused `input`: the caret stays at the end, or as far from the end as it was. */
function placeWithCaret(input, text) {
  let fromEnd = 0;
  try {
    fromEnd = input.value.length - (input.selectionEnd ?? input.value.length);
  } catch {
    fromEnd = 0; // a type without a selection (email, number)
  }
  input.value = text;
  const caret = Math.max(0, text.length - fromEnd);
  try {
    input.setSelectionRange(caret, caret);
  } catch {
    // a type without a selection
  }
}

function morphChildren(from, to) {
  const byId = new Map();
  for (const child of from.children) if (child.id) byId.set(child.id, child);
  let cursor = from.firstChild;
  for (const next of [...to.childNodes]) {
    let match = null;
    if (next.nodeType === Node.ELEMENT_NODE && next.id) {
      match = byId.get(next.id) ?? null;
      if (match === next) match = null;
    } else {
      // the next unkeyed node of the same kind
      let probe = cursor;
      while (probe && !(probe.nodeName === next.nodeName && !(probe.nodeType === Node.ELEMENT_NODE && probe.id))) {
        if (probe.nodeType === Node.ELEMENT_NODE && probe.id) break;
        probe = probe.nextSibling;
      }
      if (probe && probe.nodeName === next.nodeName && !(probe.nodeType === Node.ELEMENT_NODE && probe.id)) match = probe;
    }
    if (match) {
      if (match !== cursor) from.insertBefore(match, cursor);
      const kept = morph(match, next);
      cursor = kept.nextSibling;
    } else {
      from.insertBefore(next, cursor);
      cursor = next.nextSibling;
    }
  }
  while (cursor) {
    const after = cursor.nextSibling;
    cursor.remove();
    cursor = after;
  }
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
