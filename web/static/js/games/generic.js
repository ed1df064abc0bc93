// The generic renderer draws any game's view from its JSON: objects as
// labelled boxes, lists of names as chips, lists of records as tables, and
// lists of equal-length strings (grids) as character maps. Hands, piles,
// areas and structures of a card game come out as labelled lists.
import { h, pretty } from '../dom.js';

function isGrid(a) {
  return a.length > 1 && a.every((x) => typeof x === 'string' && x.length === a[0].length && !/\s/.test(x));
}

function value(v, depth) {
  if (v === null || v === undefined) return h('span.muted', { text: '—' });
  if (typeof v === 'boolean') return h('span.bool', { text: v ? 'yes' : 'no' });
  if (typeof v !== 'object') return h('span.val', { text: String(v) });
  if (Array.isArray(v)) {
    if (!v.length) return h('span.muted', { text: 'none' });
    if (isGrid(v)) return h('pre.grid', { text: v.join('\n') });
    if (v.every((x) => x === null || typeof x !== 'object')) {
      return h('span.chips', {}, v.map((x) => h('span.chip', { text: String(x) })));
    }
    if (v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
      const keys = [...new Set(v.flatMap((x) => Object.keys(x)))];
      if (keys.length <= 8 && v.every((x) => Object.values(x).every((y) => y === null || typeof y !== 'object' || Array.isArray(y)))) {
        return h('table.records', {},
          h('thead', {}, h('tr', {}, keys.map((k) => h('th', { text: pretty(k) })))),
          h('tbody', {}, v.map((x) => h('tr', {}, keys.map((k) => h('td', {}, value(x[k], depth + 1)))))));
      }
    }
    return h('ol.list', {}, v.map((x) => h('li', {}, value(x, depth + 1))));
  }
  const box = h(depth === 0 ? 'div.obj.top' : 'div.obj');
  for (const [k, x] of Object.entries(v)) {
    const nested = x && typeof x === 'object' && !(Array.isArray(x) && x.every((y) => typeof y !== 'object'));
    if (nested) {
      box.append(h('fieldset.part', { dataset: { key: k } }, h('legend', { text: pretty(k) }), value(x, depth + 1)));
    } else {
      box.append(h('div.kv', { dataset: { key: k } }, h('span.k', { text: pretty(k) }), ' ', value(x, depth + 1)));
    }
  }
  return box;
}

export default {
  render(el, ctx) {
    el.append(h('div.generic', {}, value(ctx.view, 0)));
  },
};
