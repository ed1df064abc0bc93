// The lobby: your name, create a match (by invitation links, or public for
// anyone to join by name), the public matches open, being played and
// finished, and this player's matches.
import { api, playerKey, saveLinks, linksFor } from './api.js';
import { h, clear, pretty } from './dom.js';

// myName returns the name this browser plays under, '' if none yet.
export function myName() {
  return localStorage.getItem('skald.name') || '';
}

export async function lobby(app) {
  document.title = 'skald';
  document.getElementById('crumb').textContent = 'lobby';
  clear(app);
  // Why a join was refused (a taken name, a seat just taken) is said by
  // the name, outside the lists that are redrawn.
  const myRatings = h('div.my-ratings', { id: 'my-ratings' });
  const nameBox = h('section.panel.me', {}, nameForm(), myRatings, h('p.error', { id: 'join-error', role: 'alert' }));
  showMe(myRatings);
  const create = h('section.panel.create', {}, h('h2', { text: 'New match' }));
  const result = h('section.panel.links', { hidden: true });
  const open = h('section.panel.open', { id: 'open-matches' }, h('h2', { text: 'Open matches' }));
  const mine = h('section.panel.mine', {}, h('h2', { text: 'Your matches' }));
  const finished = h('section.panel.finished', { id: 'finished-matches' }, h('h2', { text: 'Finished matches' }));
  app.append(h('div.lobby', {}, nameBox, create, result, open, mine, finished));
  let games;
  try {
    games = await api('GET', '/api/games');
  } catch (e) {
    create.append(h('p.error', { text: 'Cannot reach the server: ' + e.message }));
    return;
  }
  createForm(create, result, games);
  let last = await listPublic(open, finished);
  listMine(mine);
  // The public matches change as others create, join and finish them:
  // look again every few seconds while the page is shown, and redraw
  // only what changed.
  const poll = setInterval(async () => {
    if (!document.body.contains(open)) { clearInterval(poll); return; }
    if (document.hidden) return;
    let lb;
    try { lb = await api('GET', '/api/lobby'); } catch { return; }
    const now = JSON.stringify(lb);
    if (now !== last) {
      for (const box of [open, finished]) while (box.children.length > 1) box.lastChild.remove();
      drawPublic(open, finished, lb);
    }
    last = now;
  }, 4000);
}

// showMe shows this player's ratings, and fills in their name if the
// server knows it and this page does not.
async function showMe(box) {
  let me;
  try { me = await api('GET', '/api/me?player=' + playerKey()); } catch { return; }
  const input = document.getElementById('my-name');
  if (me.name && input && !input.value) {
    input.value = me.name;
    localStorage.setItem('skald.name', me.name);
  }
  if (!me.ratings.length) return;
  box.append(h('small', { text: 'Your ratings: ' }), ...me.ratings.map((r, i) =>
    h('span.rating', { dataset: { game: r.game } }, i ? ', ' : '', h('a', { href: `/leaderboard?game=${r.game}`, text: r.title.split(',')[0] }), ` ${r.rating} ±${2 * r.deviation} (${r.matches})`)));
}

function nameForm() {
  const input = h('input', { id: 'my-name', name: 'name', maxlength: 24, value: myName(), placeholder: 'the name others see', autocomplete: 'nickname' });
  input.addEventListener('change', () => localStorage.setItem('skald.name', input.value.trim()));
  return h('label.myname', {}, 'Your name ', input,
    h('small', { text: ' for public matches and the ', }), h('a', { href: '/leaderboard', id: 'leaderboard-link' }, 'leaderboard'));
}

// nameOrAsk returns the name typed in the lobby, or throws asking for one.
function nameOrAsk() {
  const el = document.getElementById('my-name');
  const name = (el ? el.value : myName()).trim();
  if (!name) {
    el?.focus();
    throw new Error('Give your name first: others see it, and your rating goes with it.');
  }
  localStorage.setItem('skald.name', name);
  return name;
}

function createForm(box, result, games) {
  const gameSel = h('select', { name: 'game', id: 'game' },
    games.map((g) => h('option', { value: g.name, text: g.title })));
  const opts = h('div.options');
  const seats = h('div.seats');
  const err = h('p.error', { role: 'alert' });
  const pub = h('input', { type: 'checkbox', id: 'public', name: 'public' });
  const rated = h('input', { type: 'checkbox', id: 'rated', name: 'rated', disabled: true });
  pub.addEventListener('change', () => { rated.disabled = !pub.checked; if (!pub.checked) rated.checked = false; });
  const clockKind = h('select', { id: 'clock-kind', name: 'clock-kind' },
    h('option', { value: '', text: 'no clock' }),
    h('option', { value: 'realtime', text: 'real-time: minutes per player' }),
    h('option', { value: 'turn', text: 'turn-based: days per move' }));
  const minutes = h('input', { id: 'clock-minutes', type: 'number', min: 0.05, max: 600, step: 'any', value: 10 });
  const increment = h('input', { id: 'clock-increment', type: 'number', min: 0, max: 600, step: 'any', value: 5 });
  const days = h('input', { id: 'clock-days', type: 'number', min: 0.01, max: 60, step: 'any', value: 3 });
  const timeout = h('select', { id: 'clock-timeout' },
    h('option', { value: 'bot', text: 'a bot plays on' }), h('option', { value: 'lose', text: 'the seat loses' }));
  const rt = h('label', {}, minutes, ' minutes + ', increment, ' s a move');
  const tb = h('label', {}, days, ' days a move');
  const onTimeout = h('label', {}, 'when time runs out ', timeout);
  const clockBox = h('div.clock-settings', {}, h('label', {}, 'Clock ', clockKind), ' ', rt, tb, ' ', onTimeout);
  const syncClock = () => { rt.hidden = clockKind.value !== 'realtime'; tb.hidden = clockKind.value !== 'turn'; onTimeout.hidden = !clockKind.value; };
  clockKind.addEventListener('change', syncClock);
  syncClock();
  const form = h('form', { id: 'create-form' },
    h('label', {}, 'Game ', gameSel), opts, seats, clockBox,
    h('div.visibility', {},
      h('label', { title: 'listed in the lobby: anyone may take the other people\'s seats by name' }, pub, ' public (others join from the lobby)'),
      ' ', h('label', { title: 'the players\' ratings change when it ends' }, rated, ' rated')),
    err,
    h('button.primary', { type: 'submit', id: 'create' }, 'Create match'));
  box.append(form);

  const draw = () => {
    const g = games.find((x) => x.name === gameSel.value);
    clear(opts).append(h('h3', { text: 'Options' }));
    for (const o of g.options || []) {
      let input;
      if (o.choices && o.choices.length) {
        input = h('select', { name: 'opt-' + o.name }, o.choices.map((c) => h('option', { value: c, text: c, selected: c === o.default })));
      } else if (o.min || o.max) {
        input = h('input', { name: 'opt-' + o.name, type: 'number', min: o.min, max: o.max, value: o.default });
      } else {
        input = h('input', { name: 'opt-' + o.name, type: 'text', value: o.default });
      }
      input.dataset.option = o.name;
      input.dataset.default = o.default;
      opts.append(h('label.option', { title: o.help }, h('span', { text: o.name }), input, h('small', { text: o.help })));
    }
    clear(seats).append(h('h3', { text: 'Seats' }));
    g.seat_names.slice(0, g.max_seats).forEach((name, i) => {
      const optional = i >= g.min_seats;
      const kind = h('select', { name: 'seat-' + i, dataset: { seat: i } },
        optional ? h('option', { value: '', text: '(empty)' }) : null,
        h('option', { value: 'human', text: 'a person', selected: i === 0 }),
        h('option', { value: 'mcts', text: 'mcts bot', selected: i === 1 }),
        h('option', { value: 'random', text: 'random bot' }));
      const iters = h('input', { type: 'number', min: 10, max: g.max_iterations || 20000, value: 500, name: 'iters-' + i, title: 'mcts iterations per decision: its strength' });
      const strength = h('label.strength', {}, 'strength ', iters);
      const me = h('input', { type: 'radio', name: 'me', value: i, checked: i === 0 });
      const sync = () => {
        strength.hidden = kind.value !== 'mcts';
        me.disabled = kind.value !== 'human';
      };
      kind.addEventListener('change', sync);
      sync();
      seats.append(h('div.seat', {}, h('b', { text: name }), kind, strength, h('label', {}, me, ' me')));
    });
  };
  gameSel.addEventListener('change', draw);
  draw();

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const g = games.find((x) => x.name === gameSel.value);
    const options = {};
    for (const el of opts.querySelectorAll('[data-option]')) {
      if (el.value !== el.dataset.default) options[el.dataset.option] = el.value;
    }
    const specs = [];
    const meSeat = Number(form.querySelector('input[name=me]:checked')?.value ?? -1);
    for (const el of seats.querySelectorAll('select[data-seat]')) {
      if (!el.value) continue;
      let spec = el.value;
      if (spec === 'mcts') spec = 'mcts:iters=' + form.querySelector(`[name=iters-${el.dataset.seat}]`).value;
      specs.push(spec);
    }
    try {
      const body = { game: g.name, options, seats: specs };
      if (clockKind.value === 'realtime') body.clock = { kind: 'realtime', minutes: Number(minutes.value), increment: Number(increment.value), timeout: timeout.value };
      if (clockKind.value === 'turn') body.clock = { kind: 'turn', days: Number(days.value), timeout: timeout.value };
      if (pub.checked) {
        Object.assign(body, { public: true, rated: rated.checked, name: nameOrAsk(), player: playerKey() });
        if (meSeat >= 0) body.seat = meSeat;
      }
      const cr = await api('POST', '/api/matches', body);
      const links = { spectator: cr.spectator.token };
      for (const s of cr.seats) if (s.token) links[s.name] = s.token;
      saveLinks(cr.id, links);
      showLinks(result, cr, meSeat);
    } catch (e) {
      err.textContent = e.message;
    }
  });
}

function abs(link) {
  return location.origin + link;
}

function showLinks(box, cr, meSeat) {
  clear(box).hidden = false;
  box.append(h('h2', { text: 'Match ' + cr.id + ' created' }),
    h('p', { text: 'Send each person their own link: a link acts for its seat only.' }));
  const list = h('ul.linklist');
  let mine = null;
  for (const s of cr.seats) {
    if (s.open) {
      list.append(h('li', {}, h('b', { text: s.name }), ' — open: anyone may join it from the lobby'));
      continue;
    }
    if (!s.link) {
      list.append(h('li', {}, h('b', { text: s.name }), ' — ' + s.player));
      continue;
    }
    if (s.seat === meSeat || (mine === null && meSeat < 0)) mine = s;
    list.append(h('li', {}, h('b', { text: s.name }), ' ', copyable(abs(s.link), 'invite-' + s.name)));
  }
  list.append(h('li', {}, h('b', { text: 'spectators' }), ' ', copyable(abs(cr.spectator.link), 'invite-spectator')));
  box.append(list);
  if (!mine) mine = cr.seats.find((s) => s.link) || cr.spectator;
  box.append(h('a.button.primary', { href: mine.link, id: 'open-mine' }, 'Play as ' + mine.name));
}

function copyable(text, id) {
  const input = h('input.link', { value: text, readonly: true, id });
  const btn = h('button', { type: 'button' }, 'Copy');
  btn.addEventListener('click', async () => {
    input.select();
    try { await navigator.clipboard.writeText(text); btn.textContent = 'Copied'; } catch { document.execCommand('copy'); }
  });
  return h('span.copy', {}, input, btn);
}

async function listMine(box) {
  let list;
  try {
    list = await api('GET', '/api/matches?player=' + playerKey());
  } catch (e) {
    box.append(h('p.error', { text: e.message }));
    return;
  }
  if (!list.length) {
    box.append(h('p.muted', { text: 'Matches you open in this browser are listed here.' }));
    return;
  }
  const rows = list.map((m) => {
    const links = linksFor(m.id);
    const token = links[m.seat_name];
    const done = m.status !== 'playing';
    const open = token ? h('a', { href: `/m/${m.id}#t=${token}` }, done ? 'view' : 'play') : null;
    const rp = done ? h('a', { href: `/r/${m.id}` }, 'replay') : null;
    return h('tr', {},
      h('td', { text: m.title }), h('td', { text: m.seat_name }),
      h('td', { text: m.seats.map((s) => `${s.name}: ${s.player}`).join(', ') }),
      h('td', { text: done ? `${m.status} — ${m.result}` : `playing (${m.actions} actions)` }),
      h('td', {}, open, ' ', rp));
  });
  box.append(h('table.matches', {}, h('thead', {}, h('tr', {}, ['game', 'you', 'seats', 'state', ''].map((x) => h('th', { text: pretty(x) })))), h('tbody', {}, rows)));
}

// seatText names who is in a seat: "black: Ann", "red: mcts:iters=500".
function seatText(s) {
  if (s.open) return `${s.name}: open`;
  return `${s.name}: ${s.player_name || s.player}`;
}

// listPublic lists the public matches: those with a seat open, to join by
// name; those being played, to watch; those finished, with their replay.
// It returns the lobby's JSON, '' if it could not be had.
async function listPublic(openBox, finishedBox) {
  let lb;
  try {
    lb = await api('GET', '/api/lobby');
  } catch (e) {
    openBox.append(h('p.error', { text: e.message }));
    return '';
  }
  drawPublic(openBox, finishedBox, lb);
  return JSON.stringify(lb);
}

// drawPublic draws the lobby's lists below each box's heading.
function drawPublic(openBox, finishedBox, lb) {
  const head = (cols) => h('thead', {}, h('tr', {}, cols.map((x) => h('th', { text: x }))));
  const rows = [...lb.open, ...lb.playing].map((m) => {
    const joins = m.seats.map((s, i) => s.open
      ? h('button.join', { type: 'button', id: `join-${m.id}-${i}`, dataset: { match: m.id, seat: i }, onclick: (ev) => join(ev.target, m, i, s) }, `Join as ${s.name}`)
      : null);
    return h('tr', { dataset: { match: m.id } },
      h('td', { text: m.title + (m.rated ? ' (rated)' : '') + clockText(m.clock) }),
      h('td', { text: m.seats.map(seatText).join(', ') }),
      h('td', { text: m.open_seats ? `waiting for ${m.open_seats}` : `playing (${m.actions} actions)` }),
      h('td', {}, joins, ' ', h('a', { href: `/m/${m.id}#watch` }, 'watch')));
  });
  if (rows.length) {
    openBox.append(h('table.matches', { id: 'open-list' }, head(['Game', 'Seats', 'State', '']), h('tbody', {}, rows)));
  } else {
    openBox.append(h('p.muted', { text: 'No public match is waiting for players: create one, and tick "public".' }));
  }
  if (!lb.finished.length) {
    finishedBox.append(h('p.muted', { text: 'Finished public matches are listed here with their replays.' }));
    return;
  }
  finishedBox.append(h('table.matches', { id: 'finished-list' }, head(['Game', 'Seats', 'Result', '']), h('tbody', {},
    lb.finished.map((m) => h('tr', { dataset: { match: m.id } },
      h('td', { text: m.title + (m.rated ? ' (rated)' : '') }),
      h('td', { text: m.seats.map(seatText).join(', ') }),
      h('td', { text: m.result }),
      h('td', {}, h('a', { href: m.replay }, 'replay')))))));
}

// clockText describes a match's clock in a few words, '' for none.
export function clockText(c) {
  if (!c) return '';
  if (c.kind === 'realtime') return ` — ${c.minutes} min + ${c.increment} s`;
  if (c.kind === 'turn') return ` — ${c.days} days a move`;
  return '';
}

async function join(btn, m, seat, s) {
  const err = document.getElementById('join-error');
  err.textContent = '';
  try {
    const r = await api('POST', `/api/matches/${m.id}/join`, { seat, name: nameOrAsk(), player: playerKey() });
    saveLinks(m.id, { [s.name]: r.token });
    location.href = r.link;
  } catch (e) {
    err.textContent = e.message;
  }
}
