// A small element builder: h('button', {onclick, class: 'primary'}, 'Retry'). Text is always set as text.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
      // Kept so that a re-render that updates this element in place (view.js morph) can swap the handler.
      (element.folioListeners ??= {})[name.slice(2)] = value;
    } else if (name === 'class') {
      element.className = value;
    } else if (value === true) {
      element.setAttribute(name, '');
    } else {
      element.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replaces the content of `container` with `children`. */
export function show(container, ...children) {
  container.replaceChildren(...children.flat(Infinity).filter((child) => child !== null && child !== undefined));
}
