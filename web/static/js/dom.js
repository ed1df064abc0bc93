// Small DOM helpers: h builds elements, svg builds SVG elements.

// h returns a new element: h('div.card.big', {onclick: f, title: 't'}, child...).
export function h(spec, attrs, ...children) {
  const [tag, ...classes] = spec.split('.');
  const el = document.createElement(tag || 'div');
  if (classes.length) el.className = classes.join(' ');
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVGNS = 'http://www.w3.org/2000/svg';

// svg returns a new SVG element with the given attributes.
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

// clear empties el and returns it.
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// pretty turns an id such as "call-to-bows" into "Call to bows".
export function pretty(id) {
  const s = String(id).replace(/[-_]/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
