// Tactics David: the battlefield as an SVG grid — terrain, deployment
// areas, pieces, units with facing arrows and statuses. Selecting a grid
// space or a unit narrows the action buttons to it; the engaged unit's
// reachable squares, its targets and its attack area are highlighted.
import { h, svg, pretty } from '../dom.js';

const CELL = 44;
const TERRAIN = { '.': 'plain', F: 'forest', W: 'water', R: 'rock' };
const ARROW = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const SIDES = ['front', 'left', 'right', 'back'];

// rotate turns an area offset given for a unit facing north (battlefield.Point.Rotate).
function rotate([x, y], f) {
  switch (f) {
    case 'E': return [-y, x];
    case 'S': return [-x, -y];
    case 'W': return [y, -x];
  }
  return [x, y];
}

// initials labels a unit's token in at most 3 letters: "AK" for Angel
// Knight, "SWS" for a stack of Soldier+Warrior+Spearman (the full name is
// in the token's tooltip and the unit card).
function initials(name) {
  const parts = name.split('+');
  if (parts.length > 1) return parts.map((p) => p.trim()[0]).join('').slice(0, 3);
  return name.split(/\s+/).map((w) => w[0]).join('').slice(0, 3);
}

// The profile's codes spelled out, for tooltips and unit cards.
const CLASS = { L: 'Light', M: 'Medium', H: 'Heavy' };
const TYPE = { P: 'Physical', M: 'Magical', E: 'Ethereal' };
const MODE = { M: 'Melee', R: 'Ranged' };
const TIPS = {
  class: 'Class: L Light, M Medium, H Heavy (stacking points and army rules)',
  type: 'Unit Type: P Physical, M Magical, E Ethereal (how attacks affect it)',
  mode: 'Attack Mode: M Melee, R Ranged',
  str: 'Strength Ratings of the front / left / right / back sides',
  move: 'Movement Rating and Movement Type (Land, Hover, Soar, Aqua)',
  range: "a Ranged unit's Range Rating + modifier",
  area: 'Area of Attack: MA-MK melee, RA-RI ranged',
  cost: 'cost in money, out of the army limit',
};
// stat is a labelled value with a tooltip explaining it.
function stat(k, label, value) {
  return h('span.stat', { title: TIPS[k], dataset: { stat: k }, style: 'border-bottom: 1px dotted #888; cursor: help; margin-right: .5em' }, `${label} ${value}`);
}
function rangeText(r, mod) { return `${r}${mod ? (mod > 0 ? '+' : '') + mod : '+0'}`; }

// unitCard shows a unit of the unit list on offer while an army is built:
// cost and whole profile before it is bought, and its buy or stack action.
// actions are the server's action objects ({text, kind, refs}) that name u.
function unitCard(u, actions, ctx) {
  return h('div.unitcard', { dataset: { unit: u.number }, style: 'border: 1px solid #ccc; border-radius: 6px; padding: .3rem .45rem; font-size: .8rem; background: #fbf9f4' },
    h('div', {}, h('b', { text: `${u.number} ${u.name}` }), ' · ', h('span.cost', { title: TIPS.cost, text: `cost ${u.cost}` })),
    h('div', {}, stat('class', 'class', `${u.class} ${CLASS[u.class] || ''}`), stat('type', 'type', `${u.type} ${TYPE[u.type] || ''}`), stat('mode', 'mode', `${u.mode} ${MODE[u.mode] || ''}`)),
    h('div', {}, stat('str', 'str', u.strength.join('/')), stat('move', 'move', `${u.move} ${u.move_type}`),
      u.mode === 'R' ? stat('range', 'range', rangeText(u.range || 0, u.range_mod || 0)) : null, stat('area', 'area', u.area)),
    h('div.ability', { title: u.ability_text || u.ability, style: 'cursor: help' }, `ability: ${u.ability}${u.special ? ` · special: ${u.special}` : ''}`),
    ctx.readonly ? null : h('div', {}, actions.map((a) => h('button.offer', { type: 'button', dataset: { action: a.text }, onclick: () => ctx.act(a.text), style: 'font-size: .75rem; min-height: 0; padding: .1rem .4rem; margin: .15rem .2rem 0 0' }, a.kind))));
}

// offer lists the units seat may buy or stack now, as cards.
function offer(ctx) {
  const byNumber = new Map((ctx.assets?.units || []).map((u) => [u.number, u]));
  const acts = new Map();
  for (const a of ctx.actions || []) {
    if (a.kind !== 'buy' && a.kind !== 'stack') continue;
    const n = Number(a.refs?.[0]); // the unit list's number of the unit
    if (!byNumber.has(n)) continue;
    if (!acts.has(n)) acts.set(n, []);
    acts.get(n).push(a);
  }
  if (!acts.size) return null;
  return h('details.offer', { open: true },
    h('summary', { text: `Units on offer (${acts.size}): cost and profile — hover a value for what it means` }),
    h('div.cards', { style: 'display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .3rem; max-height: 28rem; overflow-y: auto; margin: .3rem 0' },
      [...acts].map(([n, list]) => unitCard(byNumber.get(n), list, ctx))));
}

function key(x, y) { return x + ',' + y; }

// highlights returns the squares to mark for the current view and selection.
function highlights(ctx) {
  const v = ctx.view;
  const out = { reach: new Set(), area: new Set(), targets: new Set() };
  const e = v.engaged;
  const units = v.units || [];
  if (e) {
    for (const [x, y] of e.reach || []) out.reach.add(key(x, y));
    for (const t of e.targets || []) out.targets.add(t);
  }
  // The attack area of the selected unit (or the engaged one).
  const id = ctx.selection.unit ?? e?.unit;
  const u = units.find((x) => x.id === id);
  const area = u && ctx.assets?.areas?.find((a) => a.code === u.area);
  if (u && area && u.deployed) {
    const anchors = area.ranged ? (e && e.unit === u.id ? (e.targets || []).map((t) => units.find((x) => x.id === t)).filter(Boolean).map((t) => [t.x, t.y]) : []) : [[u.x, u.y]];
    for (const [ax, ay] of anchors) {
      for (const hit of area.hits) {
        const [dx, dy] = rotate(hit, u.facing);
        out.area.add(key(ax + dx, ay + dy));
      }
    }
  }
  return out;
}

function unitDetails(u) {
  return h('div.unitinfo', { id: 'unit-info' },
    h('b', { text: `u${u.id} ${u.name}` }), ` (${u.player})`,
    h('div', {}, stat('class', 'class', `${u.class} ${CLASS[u.class] || ''}`), stat('type', 'type', `${u.type} ${TYPE[u.type] || ''}`), stat('mode', 'mode', `${u.mode} ${MODE[u.mode] || ''}`),
      stat('move', 'move', `${u.move} ${u.move_type}`), u.mode === 'R' ? stat('range', 'range', rangeText(u.range || 0, u.range_mod || 0)) : null, stat('area', 'area', u.area)),
    h('div', { title: TIPS.str }, 'strength ' + SIDES.map((s, i) => `${s} ${u.base[i]}${u.base[i] !== u.strength[i] ? ` (${u.strength[i]})` : ''}`).join(', ')),
    u.statuses?.length ? h('div', { text: 'statuses: ' + u.statuses.join(', ') }) : null,
    u.items?.length ? h('div', { text: 'items: ' + u.items.join(', ') }) : null,
    u.belt?.length ? h('div', { text: 'work belt: ' + u.belt.join(', ') }) : null,
    u.counters ? h('div', { text: `counters: ${u.counters}` }) : null,
    h('div.muted', { text: `${u.deployed ? `at ${u.x},${u.y} facing ${u.facing}` : 'not deployed'}${u.team_with >= 0 ? ` · team with u${u.team_with}` : ''}${u.locked_with >= 0 ? ` · locked with u${u.locked_with}` : ''}${u.kills ? ` · ${u.kills} kills` : ''}` }));
}

export default {
  render(el, ctx) {
    const v = ctx.view;
    const W = v.width, H = v.height;
    const hl = highlights(ctx);
    const sel = ctx.selection;
    const players = [...new Set((v.armies || []).map((a) => a.player).concat((v.units || []).map((u) => u.player)))];
    const colour = (p) => (p === (players[0] || 'one') ? 'p0' : 'p1');
    const board = svg('svg', { viewBox: `0 0 ${W * CELL} ${H * CELL}`, class: 'grid', role: 'img', 'aria-label': v.battlefield });
    const click = (x, y, unit) => () => {
      if (ctx.readonly) { ctx.select(unit !== undefined ? { unit } : {}); return; }
      if (unit !== undefined && sel.unit === unit) ctx.select({ x, y });
      else if (unit === undefined && sel.reserve) ctx.select({ unit: sel.unit, reserve: true, x, y, both: true });
      else ctx.select(unit !== undefined ? { unit, x, y } : { x, y });
    };
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const t = TERRAIN[v.terrain[y][x]] || 'plain';
        const k = key(x, y);
        const cls = ['sq', t];
        if (v.stage === 'deploy' && v.deploy && v.deploy[y][x] !== '.') cls.push('deploy', 'd' + v.deploy[y][x]);
        if (hl.reach.has(k)) cls.push('reach');
        if (hl.area.has(k)) cls.push('area');
        if (sel.x === x && sel.y === y && (sel.unit === undefined || sel.both)) cls.push('selected');
        board.append(svg('rect', { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: cls.join(' '), dataset: { x, y }, onclick: click(x, y) },
          svg('title', { text: `${x},${y} ${t}` })));
        const p = v.pieces?.[y]?.[x];
        if (p && p !== '.') {
          board.append(svg('text', { x: x * CELL + 4, y: y * CELL + 12, class: 'piece', text: p === '-' || p === '|' ? '═' : p }));
        }
      }
    }
    for (const mk of v.marks || []) { // trails and shed skins
      board.append(svg('g', { class: 'mark' }, svg('title', { text: `${mk.ability} left by u${mk.by}${mk.held >= 0 ? `, holding u${mk.held}` : ''}` }),
        svg('rect', { x: mk.x * CELL + 3, y: mk.y * CELL + CELL - 11, width: CELL - 6, height: 8, rx: 3 })));
    }
    const stacked = new Map(); // units sharing a grid space (a Unit Team) are drawn apart
    for (const u of v.units || []) {
      if (!u.deployed || u.x < 0 || u.y < 0) continue;
      const n = stacked.get(key(u.x, u.y)) || 0;
      stacked.set(key(u.x, u.y), n + 1);
      // A Unit Team shares its grid space: the two tokens sit side by side,
      // each with its own number.
      const cx = u.x * CELL + CELL / 2 + (n ? 8 : 0), cy = u.y * CELL + CELL / 2 + (n ? 8 : 0);
      const cls = ['unit', colour(u.player)];
      if (hl.targets.has(u.id)) cls.push('target');
      if (v.engaged?.unit === u.id) cls.push('engaged');
      if (sel.unit === u.id) cls.push('selected');
      if (u.engaged_this_turn) cls.push('done');
      const [dx, dy] = ARROW[u.facing] || [0, -1];
      const tip = [cx + dx * 20, cy + dy * 20];
      const base1 = [cx + dx * 11 - dy * 7, cy + dy * 11 + dx * 7];
      const base2 = [cx + dx * 11 + dy * 7, cy + dy * 11 - dx * 7];
      const g = svg('g', { class: cls.join(' '), dataset: { unit: u.id }, onclick: click(u.x, u.y, u.id) },
        svg('title', { text: `u${u.id} ${u.name} (${u.player}) facing ${u.facing}${u.statuses?.length ? '; ' + u.statuses.join(', ') : ''}` }),
        svg('circle', { cx, cy, r: 15 }),
        svg('polygon', { points: [tip, base1, base2].map((p) => p.join(',')).join(' '), class: 'facing' }),
        svg('text', { x: cx, y: cy - 1, 'text-anchor': 'middle', class: 'label', style: 'font-size: 9px', text: initials(u.name) }),
        svg('text', { x: cx, y: cy + 9, 'text-anchor': 'middle', class: 'label num', style: 'font-size: 8px', text: `u${u.id}` }));
      if (u.statuses?.length) {
        g.append(svg('text', { x: cx, y: u.y * CELL + CELL - 2, 'text-anchor': 'middle', class: 'status', text: u.statuses.map((s) => s.slice(0, 3)).join(' ') }));
      }
      if (u.team_with >= 0) g.append(svg('circle', { cx: cx + 14, cy: cy - 14, r: 4, class: 'teammark' }));
      board.append(g);
    }
    const info = h('div.tdinfo', {},
      h('div', {}, h('b', { text: v.battlefield }), ` · ${pretty(v.stage)} · turn ${v.turn} (${v.player}) · mission ${v.mission} · kills ${v.kills.join('–')} · item deck ${v.item_deck}`),
      v.engaged ? h('div.engaged', { text: `engaged: u${v.engaged.unit}${v.engaged.partner >= 0 ? ' and u' + v.engaged.partner : ''} — ${v.engaged.phase}` }) : null,
      v.pending ? h('div.pending', { text: 'to decide: ' + v.pending }) : null,
      v.deck_top?.length ? h('div.muted', { text: 'top of the Item Deck, as you saw it: ' + v.deck_top.join(', ') }) : null,
      v.over ? h('div.result', { text: `${v.winner ? v.winner + ' wins' : 'A draw'}: ${v.reason}` }) : null);
    const armies = (v.armies || []).filter((a) => a.list || a.built).map((a) =>
      h('div.army', {}, h('b', { text: a.player }), a.built ? ' (built)' : '', a.cost ? ` · cost ${a.cost}/${v.limit}` : '',
        a.list ? h('ul', {}, a.list.map((e) => h('li', { text: e }))) : h('span.muted', { text: ' hidden until both armies are built' })));
    const selected = (v.units || []).find((u) => u.id === sel.unit);
    const toDeploy = v.stage === 'deploy' ? (v.units || []).filter((u) => !u.deployed && u.player === ctx.seat) : [];
    const reserve = toDeploy.length ? h('div.reserve', {}, 'to deploy: ', toDeploy.map((u) =>
      h('button.chip' + (sel.unit === u.id ? '.on' : ''), { type: 'button', dataset: { unit: u.id }, onclick: () => ctx.select({ unit: u.id, reserve: true }) }, `u${u.id} ${u.name}`))) : null;
    const deploying = v.stage === 'deploy' && v.deploy;
    const legend = h('div.legend', {}, ['plain', 'forest', 'water', 'rock'].map((t) => h('span.key.' + t, { text: t })),
      deploying ? [h('span.key.deploy1', { style: 'background: #c7d6ef', title: "player one's deployment area", text: `deployment area ${players[0] || 'one'}` }),
        h('span.key.deploy2', { style: 'background: #efcdc9', title: "player two's deployment area", text: `deployment area ${players[1] || 'two'}` })] : null,
      h('span.key.reach', { text: 'reach' }), h('span.key.area', { text: 'attack area' }), h('span.key.target', { text: 'target' }),
      h('span.key.token', { title: 'a unit: its initials (a stack: one letter a unit) and its number; the arrow is its facing' }, 'unit: initials, u-number, facing arrow'));
    el.append(h('div.tacticsdavid', {}, info, v.stage === 'build' ? offer(ctx) : null, reserve, h('div.gridwrap', {}, board), legend, selected ? unitDetails(selected) : null, armies));
  },

  // filter narrows the actions to those naming the selected unit (by its
  // view id) or grid space ("x,y"), or both for a unit to deploy and a
  // space: the refs the server sends with each action, no text parsed.
  filter(ctx) {
    const s = ctx.selection;
    if (s.unit === undefined && s.x === undefined) return null;
    const refs = new Map((ctx.actions || []).map((a) => [a.text, a.refs || []]));
    const names = (a, r) => (refs.get(a) || []).includes(r);
    const unit = s.unit !== undefined ? String(s.unit) : null;
    const at = s.x !== undefined ? key(s.x, s.y) : null;
    if (unit !== null && s.both) return { label: `u${s.unit} at ${at}`, test: (a) => names(a, unit) && names(a, at) };
    if (unit !== null) return { label: `u${s.unit}`, test: (a) => names(a, unit) };
    return { label: at, test: (a) => names(a, at) };
  },
};
