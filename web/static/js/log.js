// The event log: every event this seat may see, dice rolls marked.
import { h, clear } from './dom.js';

export function logPanel(box, events, current) {
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  clear(box);
  const list = h('ol.events');
  let last = -1;
  for (const e of events) {
    const cls = ['ev'];
    if (/roll|dice|die/i.test(e.type + ' ' + e.text)) cls.push('roll');
    if (current !== undefined && e.seq === current) cls.push('current');
    if (e.seq !== last) cls.push('first');
    last = e.seq;
    list.append(h('li.' + cls.join('.'), { title: e.type, dataset: { seq: e.seq } }, h('small.seq', { text: e.seq }), ' ', e.text));
  }
  box.append(list);
  if (atBottom || current === undefined) box.scrollTop = box.scrollHeight;
}
