// A match: the board as this seat sees it, its legal actions as things to
// click, the event log, refusals with their rule, live over a WebSocket
// that reconnects and resumes.
import { api, playerKey, saveLinks, linksFor } from './api.js';
import { h, clear, pretty } from './dom.js';
import { rendererFor } from './games/index.js';
import { actionsPanel } from './actions.js';
import { logPanel } from './log.js';

export function match(app, id) {
  const hash = new URLSearchParams(location.hash.slice(1));
  let token = hash.get('t');
  if (!token && hash.has('watch')) {
    // A public match, watched without a link: as a spectator.
    document.getElementById('crumb').textContent = 'match ' + id;
    clear(app);
    new MatchPage(app, id, '').connect();
    return;
  }
  if (!token) {
    // Opened without its link: use a token this browser holds.
    const links = linksFor(id);
    token = Object.values(links)[0];
    if (token) history.replaceState(null, '', `/m/${id}#t=${token}`);
  }
  document.getElementById('crumb').textContent = 'match ' + id;
  clear(app);
  if (!token) {
    // No key: say whether the match is there at all before asking for one.
    api('GET', `/api/matches/${id}`).then(
      () => app.append(h('p.error', { id: 'no-link', text: 'Open this match with its invitation link: the link carries the key to your seat.' })),
      (e) => app.append(h('p.error', { id: 'no-link', text: e.code === 'not_found' ? `There is no match ${id}: check the link, or start a new match in the lobby.` : e.message })));
    return;
  }
  new MatchPage(app, id, token).connect();
}

// fmtLeft writes a time left: "4:05", "1:02:03", "2 d 3 h".
function fmtLeft(ms) {
  const s = Math.ceil(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

// andList joins names as "a", "a and b", "a, b and c".
function andList(names) {
  return names.length < 2 ? names.join('') : names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1];
}

function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[n % 10] || 'th';
  return n + s;
}

// yourResult tells a seat how the match ended for it: won, lost, drew, and
// with more than two seats the place it finished in.
function yourResult(f) {
  const me = f.seat_index;
  if (me < 0 || !f.places || !f.places.length) return '';
  const n = f.places.length, p = f.places[me];
  const tied = f.seats.filter((s, i) => i !== me && f.places[i] === p).map((s) => s.name);
  if (!(f.winners || []).length) return 'You drew.';
  if (p === 1) return tied.length ? `You won, sharing first place with ${andList(tied)}.` : 'You won!';
  if (n === 2) return 'You lost.';
  return `You lost, finishing ${ordinal(p)} of ${n}` + (tied.length ? ` with ${andList(tied)}.` : '.');
}

class MatchPage {
  constructor(app, id, token) {
    this.id = id;
    this.token = token;
    this.frame = null;
    this.log = [];
    this.nextID = 1;
    this.retry = 0;
    this.selection = {};
    this.assets = null;
    this.status = h('div.status', { id: 'status', role: 'status' });
    this.clocks = h('div.clocks', { id: 'clocks', hidden: true });
    this.tick = null;
    this.banner = h('div.banner', { id: 'banner' });
    this.message = h('div.message', { id: 'message', role: 'alert', hidden: true });
    this.board = h('div.board', { id: 'board' });
    this.actions = h('div.actions', { id: 'actions' });
    this.logBox = h('div.log', { id: 'log' });
    this.plain = h('input', { type: 'checkbox', id: 'plain-view', onchange: () => this.render() });
    app.append(h('div.match', {},
      h('div.head', {}, this.status, this.clocks, this.banner),
      h('div.play', {}, this.board,
        h('aside.side', {}, this.message, h('h3', { text: 'Your actions' }), this.actions, h('h3', { text: 'Log' }), this.logBox,
          h('label.plain', { title: 'draw the view with the generic renderer, from its JSON' }, this.plain, ' plain view')))));
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const url = `${proto}//${location.host}/api/matches/${this.id}/ws?token=${encodeURIComponent(this.token)}&player=${playerKey()}`;
    this.setStatus(this.frame ? 'reconnecting…' : 'connecting…');
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; };
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = async (ev) => {
      if (this.ws !== ws) return;
      if (ev.code === 1009) this.refuse({ code: 'too_large', message: 'That message was too large; the server closed the connection.' });
      if (!this.frame) {
        // Refused before it opened: ask why.
        try {
          await api('GET', `/api/matches/${this.id}`);
        } catch (e) {
          this.setStatus('');
          this.refuse({ code: e.code, message: e.code === 'not_found' ? `There is no match ${this.id}.` : e.message });
          return;
        }
        // The match is there, so the server refused the key.
        this.setStatus('');
        this.refuse({ code: 'unauthorized', message: 'This link opens no seat of this match: ask for your invitation link again.' });
        return;
      }
      this.retry = Math.min(this.retry + 1, 6);
      this.setStatus('connection lost; reconnecting…');
      setTimeout(() => this.connect(), 250 * this.retry);
    };
  }

  receive(f) {
    if (f.type !== 'rematch') this.busy = 0;
    switch (f.type) {
      case 'state':
        if (f.reset) this.log = [];
        this.log.push(...f.events);
        this.frame = f;
        this.clockAt = Date.now();
        if (f.seat !== 'spectator' && this.token) saveLinks(this.id, { [f.seat]: this.token });
        this.render();
        break;
      case 'ack':
        this.message.hidden = true;
        break;
      case 'error':
        this.refuse(f);
        break;
      case 'rematch':
        this.frame.rematch = f.match;
        this.render();
        break;
    }
  }

  refuse(f) {
    clear(this.message).hidden = false;
    this.message.className = 'message refused';
    const title = f.code === 'illegal' ? 'Not allowed' : f.code === 'conflict' ? 'The match moved on' : 'Refused';
    this.message.append(h('b', { text: title + ': ' }), h('span.why', { text: f.message }));
    if (f.rule) this.message.append(h('div.rule', {}, 'Rule: ', h('cite', { text: f.rule })));
    this.message.append(h('button.close', { type: 'button', onclick: () => { this.message.hidden = true; }, 'aria-label': 'close' }, '×'));
  }

  setStatus(text) {
    this.statusText = text;
    this.renderStatus();
  }

  act(text) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.refuse({ code: 'conflict', message: 'not connected; reconnecting' });
      return;
    }
    if (this.busy && Date.now() - this.busy < 3000) return; // one action at a time: no double clicks
    this.busy = Date.now();
    // The step seen guards against acting on a stale board; in a
    // simultaneous secret choice the others' choices are hidden, so one of
    // them landing first changes nothing this seat may know.
    const f = this.frame;
    const seq = f.deciders.length > 1 ? undefined : f.seq;
    this.ws.send(JSON.stringify({ type: 'act', id: this.nextID++, action: text, seq }));
  }

  renderStatus() {
    const f = this.frame;
    clear(this.status);
    if (!f) {
      this.status.textContent = this.statusText || '';
      return;
    }
    document.title = `${f.title} — skald`;
    const seats = f.seats.map((s) => {
      const cls = ['seat'];
      if (f.deciders.includes(s.name)) cls.push('deciding');
      if (s.name === f.seat) cls.push('me');
      const who = s.open ? ' (open)' : s.player_name ? ' ' + s.player_name : s.player !== 'human' ? ' (' + s.player + ')' : '';
      return h('span.' + cls.join('.'), { title: s.player }, s.name, who ? h('small.who', { text: who }) : null);
    });
    this.status.append(h('b.title', { text: f.title }), ' ', h('span.you', { text: f.seat === 'spectator' ? 'watching' : 'you are ' + f.seat }), ' ', ...seats,
      h('span.step', { text: ` step ${f.seq}` }));
    if (this.statusText) this.status.append(h('span.conn', { text: ' ' + this.statusText }));
  }

  // renderClocks shows each person's time left, counting down locally
  // from the frame's figures.
  renderClocks() {
    const f = this.frame;
    const c = f && f.clock;
    if (!c) {
      this.clocks.hidden = true;
      return;
    }
    this.clocks.hidden = false;
    const draw = () => {
      const gone = Date.now() - this.clockAt;
      clear(this.clocks);
      if (!c.started) this.clocks.append(h('span.muted', { text: 'The clock starts when every seat is taken. ' }));
      c.seats.forEach((cs, i) => {
        if (!cs.timed) return;
        const left = Math.max(0, cs.left_ms - (cs.running ? gone : 0));
        const cls = ['clock'];
        if (cs.running) cls.push('running');
        if (cs.out || (cs.running && left < 10000)) cls.push('low');
        this.clocks.append(h('span.' + cls.join('.'), { dataset: { seat: f.seats[i].name }, title: c.kind === 'turn' ? 'time left for this move' : 'time left' },
          f.seats[i].name + ' ', h('b', { text: cs.out ? 'out of time' : fmtLeft(left) })));
      });
      this.clocks.append(h('small.muted', { text: (c.kind === 'turn' ? ` ${c.days} days a move` : ` ${c.minutes} min + ${c.increment || 0} s`) +
        `; when time runs out ${c.timeout === 'lose' ? 'the seat loses' : 'a bot plays on'}` }));
    };
    draw();
    clearInterval(this.tick);
    if (c.seats.some((s) => s.running)) this.tick = setInterval(draw, 250);
  }

  async render() {
    this.statusText = '';
    const f = this.frame;
    this.renderStatus();
    this.renderClocks();
    clear(this.banner);
    if (f.over) {
      // Who won, the same on every page; then what it means for this seat.
      const winners = andList(f.winners || []);
      this.banner.append(h('div.over', { id: 'over' }, h('b', { text: 'Game over' }), ' — ', winners ? `${winners} won` : 'a draw', f.result ? ': ' + f.result : ''));
      const mine = yourResult(f);
      if (mine) this.banner.append(h('div.you-result', { id: 'you-result' }, mine));
      if (f.places && f.places.length) {
        // Every seat's place (1 the best; tied seats share one) and score.
        const order = f.seats.map((s, i) => i).sort((a, b) => f.places[a] - f.places[b]);
        this.banner.append(h('ol.standings', { id: 'standings' }, order.map((i) =>
          h('li', { text: `${f.places[i]}. ${f.seats[i].name} (${f.seats[i].player}), score ${f.scores[i]}` }))));
      }
      const links = h('div.after');
      links.append(h('a.button', { href: `/r/${this.id}` }, 'Replay'));
      if (f.rematch) {
        links.append(h('a.button.primary', { href: `/m/${f.rematch}#t=${this.token}`, id: 'rematch-link' }, 'Go to the rematch'));
      } else if (f.seat !== 'spectator') {
        links.append(h('button.primary', { type: 'button', id: 'rematch', onclick: () => this.rematch() }, 'Rematch'));
      }
      this.banner.append(links);
    } else if (f.status === 'failed' || f.status === 'ended') {
      // The match stopped without a result: its game or a bot failed, or
      // the server ended it. Its record is kept.
      const head = f.status === 'failed' ? 'This match has stopped' : 'This match has ended';
      this.banner.append(h('div.over', { id: 'stopped' }, h('b', { text: head }), ' — ', f.result || ''));
      this.banner.append(h('div.after', {}, h('a.button', { href: `/r/${this.id}` }, 'Replay')));
    } else if (f.deciders.includes(f.seat)) {
      this.banner.append(h('div.turn', { id: 'turn' }, 'Your decision.'));
    } else if (f.seat !== 'spectator') {
      this.banner.append(h('div.wait', {}, 'Waiting for ', f.deciders.join(', ') || 'nobody', '…'));
    }
    if (!this.assets) {
      this.assets = {};
      try { this.assets = await api('GET', `/api/games/${f.game}/assets`); } catch { /* none */ }
    }
    const renderer = this.plain.checked ? rendererFor('') : rendererFor(f.game);
    const ctx = {
      game: f.game, view: f.view, legal: f.legal, actions: f.actions || [], seat: f.seat, seatIndex: f.seat_index, seats: f.seats,
      assets: this.assets, selection: this.selection, readonly: false, events: this.log,
      act: (text) => this.act(text),
      select: (sel) => { this.selection = sel || {}; this.render(); },
    };
    clear(this.board);
    renderer.render(this.board, ctx);
    actionsPanel(this.actions, ctx, renderer);
    logPanel(this.logBox, this.log);
  }

  async rematch() {
    try {
      const r = await api('POST', `/api/matches/${this.id}/rematch`, undefined, this.token);
      location.href = `/m/${r.id}#t=${this.token}`;
    } catch (e) {
      this.refuse(e);
    }
  }
}

export { pretty };
