// The legal actions as buttons, grouped by their first word, narrowed by
// what is selected on the board; and a box to type any action, which the
// server judges (a refused one is answered with the rule it breaks).
import { h, clear } from './dom.js';

const MANY = 24;

// typed is the text in the action box, kept across redraws.
let typed = '';

export function actionsPanel(box, ctx, renderer) {
  const hadFocus = document.activeElement && document.activeElement.id === 'action-text';
  clear(box);
  if (ctx.seat === 'spectator') {
    box.append(h('p.muted', { text: 'Spectators see what every player sees.' }));
    return;
  }
  let legal = ctx.legal;
  const filter = renderer.filter ? renderer.filter(ctx) : null;
  if (filter) {
    const narrowed = legal.filter(filter.test);
    box.append(h('div.filter', {}, 'Showing actions for ', h('b', { text: filter.label }), ' ',
      h('button', { type: 'button', onclick: () => ctx.select({}) }, 'show all')));
    legal = narrowed;
  }
  if (renderer.filter && !filter && ctx.legal.length > MANY) {
    box.append(h('p.muted.hint', { text: 'Select a unit or a grid space on the board to narrow these.' }));
  }
  if (!ctx.legal.length) {
    box.append(h('p.muted', { text: 'Nothing to decide now.' }));
  } else if (!legal.length) {
    box.append(h('p.muted', { text: 'No action for this selection.' }));
  }
  // Group by the kind the server sends with each action (no text parsed).
  const kind = new Map((ctx.actions || []).map((x) => [x.text, x.kind]));
  const groups = new Map();
  for (const a of legal) {
    const verb = kind.get(a) || a;
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(a);
  }
  for (const [verb, list] of groups) {
    const buttons = list.map((a) => h('button.action', { type: 'button', dataset: { action: a }, onclick: () => { typed = ''; ctx.act(a); } }, a));
    if (list.length > MANY) {
      box.append(h('details.group', {}, h('summary', { text: `${verb} (${list.length})` }), h('div.buttons', {}, buttons)));
    } else {
      box.append(h('div.group', {}, h('div.buttons', {}, buttons)));
    }
  }
  // Typing narrows the buttons to the actions holding the text, and Send
  // sends the text as it is: the server judges it.
  const input = h('input', { type: 'text', name: 'action', id: 'action-text', placeholder: 'type to narrow, or type an action', autocomplete: 'off', value: typed });
  const narrow = () => {
    typed = input.value;
    const q = typed.trim().toLowerCase();
    for (const b of box.querySelectorAll('button.action')) b.hidden = q !== '' && !b.dataset.action.includes(q);
    for (const d of box.querySelectorAll('details.group')) {
      if (q && d.querySelector('button.action:not([hidden])')) d.open = true;
    }
  };
  input.addEventListener('input', narrow);
  const form = h('form.type', {}, input, h('button', { type: 'submit', id: 'send' }, 'Send'));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    typed = '';
    ctx.act(text);
  });
  box.prepend(form);
  narrow();
  if (hadFocus) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }
}
