// The replay viewer: steps through a finished match, with the events of
// every step, as a spectator saw it; a player of the match (this browser
// holds a seat's link) may also see it as any seat saw it, and download
// its record.
import { api, linksFor } from './api.js';
import { h, clear } from './dom.js';
import { rendererFor } from './games/index.js';
import { logPanel } from './log.js';

export async function replay(app, id) {
  document.getElementById('crumb').textContent = 'replay ' + id;
  clear(app);
  // A seat's token, if this browser holds one: it shows the secrets.
  const links = linksFor(id);
  const token = Object.entries(links).find(([seat]) => seat !== 'spectator')?.[1] || '';
  let rec;
  try {
    rec = await api('GET', `/api/matches/${id}/record`, undefined, token);
  } catch (e) {
    app.append(h('p.error', { id: 'replay-error', text: e.message }));
    return;
  }
  let assets = {};
  try { assets = await api('GET', `/api/games/${rec.header.game}/assets`); } catch { /* none */ }
  const n = rec.steps.length;
  let step = 0, seat = 'spectator', timer = null, selection = {};
  const seatSel = h('select', { id: 'replay-seat', title: token ? '' : 'the players of the match may see it as each seat saw it' },
    h('option', { value: 'spectator', text: 'spectator' }),
    token ? rec.match.seats.map((s) => h('option', { value: s.name, text: s.name + ' (' + (s.player_name || s.player) + ')' })) : null);
  const slider = h('input', { type: 'range', min: 0, max: n, value: 0, id: 'replay-slider' });
  const label = h('span.steplabel', { id: 'replay-step' });
  const action = h('div.stepaction', { id: 'replay-action' });
  const board = h('div.board');
  const log = h('div.log');
  const go = (k) => { step = Math.max(0, Math.min(n, k)); show(); };
  const playBtn = h('button', { type: 'button', id: 'replay-play', title: 'play' }, 'play');
  playBtn.addEventListener('click', () => {
    if (timer) { clearInterval(timer); timer = null; playBtn.textContent = 'play'; return; }
    playBtn.textContent = 'pause';
    timer = setInterval(() => { if (step >= n) { clearInterval(timer); timer = null; playBtn.textContent = 'play'; } else go(step + 1); }, 600);
  });
  const controls = h('div.controls', {},
    h('button', { type: 'button', onclick: () => go(0), title: 'start' }, '«'),
    h('button', { type: 'button', onclick: () => go(step - 1), id: 'replay-prev', title: 'previous step' }, '◀'),
    playBtn,
    h('button', { type: 'button', onclick: () => go(step + 1), id: 'replay-next', title: 'next step' }, '▶'),
    h('button', { type: 'button', onclick: () => go(n), title: 'end' }, '»'),
    slider, label, h('label', {}, ' seen by ', seatSel),
    token ? h('a.button', { href: `/api/matches/${id}/record?format=jsonl&token=${encodeURIComponent(token)}`, download: `${id}.jsonl` }, 'record') : null);
  slider.addEventListener('input', () => go(Number(slider.value)));
  seatSel.addEventListener('change', () => { seat = seatSel.value; show(); });
  app.append(h('div.match.replay', {},
    h('div.head', {}, h('b', { text: rec.match.title }), ' — ', h('span', { id: 'replay-result', text: rec.match.result || '' })),
    controls, action, h('div.play', {}, board, h('aside.side', {}, h('h3', { text: 'Log' }), log))));

  let seqShown = 0;
  async function show() {
    const want = { step, seat };
    slider.value = step;
    label.textContent = `step ${step} of ${n}`;
    const s = rec.steps[step - 1];
    action.textContent = s ? `${s.seat_name}: ${s.action}` : 'the start';
    const r = await api('GET', `/api/matches/${id}/replay?step=${step}&seat=${seat}`, undefined, token);
    if (want.step !== step || want.seat !== seat) return;
    seqShown = step;
    const ctx = { game: rec.header.game, view: r.view, legal: r.legal, actions: r.actions || [], seat, seats: rec.match.seats, assets, selection, readonly: true, act: () => {}, select: (sel) => { selection = sel || {}; show(); } };
    clear(board);
    rendererFor(rec.header.game).render(board, ctx);
    logPanel(log, r.events, seqShown);
    const cur = log.querySelector('.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }
  show();
}
