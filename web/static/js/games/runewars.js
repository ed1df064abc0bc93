// Runewars: the map as SVG hexes at their axial coordinates — each area
// coloured by terrain inside its tile's outline, with its name, resources
// (F food, W wood, O ore), city, stronghold (damaged, developed), rune
// token (face down, dragon, false), Frost, desolation, the factions that activated it
// and its units grouped by owner, each group drawn as its base shape with
// its count (routed hollow, damage marked, allies dashed); rivers and
// ridges on the borders between areas. Beside it: the year, the season and
// its card, what the match waits for, every faction's sheet (dials,
// Influence, Tactics, order cards played this year and this season's
// order, runes, Victory card, units to place), the eight order cards to
// choose from, the tiles still to lay, the battle being fought with the
// fate draws of the log, the selected area with its units' profiles, and
// a legend.
//
// Laying a tile: click a tile in hand (or straight away a dashed hex where
// a tile of one's may go); the map previews the tile's three areas there,
// "Turn" tries the next legal turn and "Lay here" lays it. Selecting an
// area narrows the action buttons to those naming it (a second area kept
// with the first when an action names both, as a move does); the area's
// panel offers those actions too. An order card is chosen by clicking it.
// What an action names comes from the server (ctx.actions: each legal
// action's kind and refs); while the game gives no refs, the ids an
// action names are the words of its text after the kind.
//
// Stable hooks for tests: #rw-map, .rw-area[data-id] (.actionable,
// .selected, .battle), .rw-ghost[data-at], #rw-info, #rw-asking,
// #rw-players .rw-player[data-faction], #rw-orders .rw-order[data-order]
// (.playable, .played), #rw-hand .rw-tactic[data-tactic] (.playable,
// .fresh), #rw-tiles .rw-tile[data-tile], #rw-lay,
// #rw-lay-go, #rw-lay-turn, #rw-battle, #rw-duel, #rw-area (.rw-act), #rw-legend.
import { h, svg, pretty } from '../dom.js';

// Hex geometry: pointy-top hexes of radius R; area q,r is centred at
// x = R·√3·(q + r/2), y = R·1.5·r.
const R = 50;
const SQ3 = Math.sqrt(3);
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

function centre(q, r) { return [R * SQ3 * (q + r / 2), R * 1.5 * r]; }

function hexPoints(x, y, rad = R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(x + rad * Math.cos(a)).toFixed(1)},${(y + rad * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

// edge returns the end points of the side shared by the hexes q1,r1 and
// q2,r2 (neighbours).
function edge(q1, r1, q2, r2) {
  const [x1, y1] = centre(q1, r1), [x2, y2] = centre(q2, r2);
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const px = -(y2 - y1) / len, py = (x2 - x1) / len;
  return [mx + (px * R) / 2, my + (py * R) / 2, mx - (px * R) / 2, my - (py * R) / 2];
}

// tileCells returns the hexes of a tile's three areas when its first area
// lies at q,r in turn t (0-5), as games/runewars/board.go lays them: two
// triangles of three hexes, each turn a sixth of a circle.
const SHAPES = [[[0, 0], [1, 0], [0, 1]], [[1, 0], [1, 1], [0, 1]]];
function tileCells(q, r, t) {
  const shape = SHAPES[t % 2], shift = Math.floor(t / 2), base = shape[shift];
  return [0, 1, 2].map((i) => {
    const s = shape[(i + shift) % 3];
    return [q + s[0] - base[0], r + s[1] - base[1]];
  });
}

const ORDERS = [
  { id: 'strategize', n: 1, title: 'Strategize', text: 'Move units 1 area into adjacent empty or friendly areas, without activating them; units in activated areas stay.', rule: 'Order cards 1' },
  { id: 'mobilize', n: 2, title: 'Mobilize', text: 'Activate an empty or friendly area and move units into it from up to 2 areas away (fast units 3), through empty or friendly areas.', rule: 'Order cards 2' },
  { id: 'conquer', n: 3, title: 'Conquer', text: 'Activate an area and move units into it as with Mobilize; moving into enemy or neutral units starts a battle.', rule: 'Order cards 3' },
  { id: 'harvest', n: 4, title: 'Harvest', text: 'Set your dials to the resources of the areas you control; Supremacy Bonus: a development on a stronghold.', rule: 'Harvest' },
  { id: 'recruit', n: 5, title: 'Recruit', text: 'Recruit the units one dial allows, placed in your strongholds\' areas; Supremacy Bonus: a second dial.', rule: 'Recruit' },
  { id: 'rally-support', n: 6, title: 'Rally Support', text: 'The cities you control give their Influence and allied units.', rule: 'Rally Support' },
  { id: 'acquire-power', n: 7, title: 'Acquire Power', text: 'Gain Influence for the Influence icons your dials show.', rule: 'Acquire Power' },
  { id: 'fortify', n: 8, title: 'Fortify', text: 'Build or repair a stronghold, turn your revealed runes face down, move a rune token. No Supremacy Bonus.', rule: 'Fortify' },
];

const RES = [['food', 'F'], ['wood', 'W'], ['ore', 'O']];
const TERRAINS = ['plains', 'forest', 'hills', 'mountains', 'marsh'];
const BATTLE_EVENTS = new Set(['battle', 'parley', 'fate', 'ability', 'damage', 'rout', 'destroyed', 'stand', 'strength', 'retreat', 'stronghold']);
// BATTLE_KINDS are the actions of a battle, offered in its panel too.
const BATTLE_KINDS = new Set(['fight', 'parley', 'choose', 'first', 'hit', 'stand', 'sacrifice', 'skip', 'retreat', 'raze', 'seize', 'guard', 'lead']);

// described returns the legal actions as the server describes them; none
// when the page only watches.
function described(ctx) { return ctx.readonly ? [] : ctx.actions || []; }

// idsOf returns the ids action x names: its refs, or while the game sends
// none the words of its text after the kind.
function idsOf(x) {
  if (x.refs && x.refs.length) return x.refs;
  return x.text.split(' ').slice(1);
}

function names(x, ids) {
  const got = idsOf(x);
  return ids.every((id) => got.includes(id));
}

// layOf reads a lay action's tile, place and turn, or null.
function layOf(x) {
  const m = /^lay (\S+) at (-?\d+),(-?\d+) turn (\d)$/.exec(x.text);
  return m && { text: x.text, tile: m[1], q: Number(m[2]), r: Number(m[3]), turn: Number(m[4]), at: `${m[2]},${m[3]}` };
}

const cite = (section) => `Runewars rules, ${section}`;

// shapeAt draws a unit's base shape centred on x,y.
function shapeAt(shape, x, y, s, attrs = {}) {
  switch (shape) {
    case 'triangle':
      return svg('polygon', { ...attrs, points: `${x},${y - s} ${x + s},${y + s * 0.8} ${x - s},${y + s * 0.8}` });
    case 'rectangle':
      return svg('rect', { ...attrs, x: x - s, y: y - s * 0.7, width: 2 * s, height: 1.4 * s });
    case 'hexagon':
      return svg('polygon', { ...attrs, points: hexPoints(x, y, s) });
    default:
      return svg('circle', { ...attrs, cx: x, cy: y, r: s * 0.9 });
  }
}

// pluralName returns the plural of a unit's name: Footmen, Sorceresses,
// Knights.
function pluralName(name) {
  if (name.endsWith('man')) return name.slice(0, -3) + 'men';
  if (/(s|sh|ch|x)$/.test(name)) return name + 'es';
  return name + 's';
}

export default {
  render(el, ctx) {
    const v = ctx.view;
    const a = ctx.assets || {};
    const units = a.units || {}, areasInfo = a.areas || {}, tilesInfo = a.tiles || {}, cities = a.cities || {};
    const heroInfo = a.heroes || {}, questInfo = a.quests || {}, rewardInfo = a.rewards || {}, objInfo = a.objectives || {};
    const heroes = v.heroes || [];
    const fate = new Map((a.fate || []).map((f) => [f.id, f]));
    const sel = ctx.selection || {};
    const acts = described(ctx);
    const me = ctx.seat;
    const mine = v.players.find((p) => p.faction === me);
    const areas = v.areas || [];
    const byId = new Map(areas.map((x) => [x.id, x]));
    const at = new Map(areas.map((x) => [`${x.q},${x.r}`, x]));
    const locs = sel.areas || [];
    const areaName = (id) => byId.get(id)?.name || areasInfo[id]?.name || pretty(id);
    const unitName = (id, n = 1) => { const nm = units[id]?.name || pretty(id); return n === 1 ? nm : pluralName(nm); };

    const lays = acts.map(layOf).filter(Boolean);
    const others = acts.filter((x) => x.kind !== 'lay');
    const actionable = new Set(others.flatMap((x) => idsOf(x)).filter((id) => byId.has(id)));

    const pickArea = (id) => (ev) => {
      ev.stopPropagation();
      if (locs.includes(id)) { ctx.select(locs.length > 1 ? { areas: locs.filter((l) => l !== id) } : {}); return; }
      if (locs.length === 1 && others.some((x) => names(x, [locs[0], id]))) { ctx.select({ areas: [locs[0], id] }); return; }
      ctx.select({ areas: [id] });
    };

    // ---------------------------------------------------------- the map
    const layTile = sel.tile && lays.some((l) => l.tile === sel.tile) ? sel.tile : null;
    const ghostLays = lays.filter((l) => !layTile || l.tile === layTile);
    const anchors = new Map();
    for (const l of ghostLays) if (!anchors.has(l.at)) anchors.set(l.at, l);
    let preview = null;
    if (layTile && sel.at && anchors.has(sel.at)) {
      const turns = ghostLays.filter((l) => l.at === sel.at);
      preview = turns.find((l) => l.turn === sel.turn) || turns[0];
      preview.turns = turns;
    }
    const xs = [], ys = [];
    const see = (q, r) => { const [x, y] = centre(q, r); xs.push(x); ys.push(y); };
    for (const x of areas) see(x.q, x.r);
    for (const l of anchors.values()) see(l.q, l.r);
    if (preview) for (const [q, r] of tileCells(preview.q, preview.r, preview.turn)) see(q, r);
    if (!xs.length) see(0, 0);
    // The map's box: the hexes with a margin, at least five hexes wide and
    // four high so that the first tiles are not drawn huge.
    const pad = R + 6;
    let minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
    let width = Math.max(...xs) - minX + pad, height = Math.max(...ys) - minY + pad;
    const minW = 5 * SQ3 * R, minH = 4 * 1.5 * R + R;
    if (width < minW) { minX -= (minW - width) / 2; width = minW; }
    if (height < minH) { minY -= (minH - height) / 2; height = minH; }
    const map = svg('svg', { id: 'rw-map', viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${width.toFixed(0)} ${height.toFixed(0)}`, role: 'img', 'aria-label': 'the map of Runewars' });

    const hexes = svg('g', { class: 'rw-hexes' });
    const lines = svg('g', { class: 'rw-lines' });
    for (const x of areas) {
      const [cx, cy] = centre(x.q, x.r);
      const cls = ['rw-area', x.terrain];
      if (x.owner) cls.push('owned', x.owner);
      if (x.home) cls.push('home');
      if (actionable.has(x.id)) cls.push('actionable');
      if (locs.includes(x.id)) cls.push('selected');
      if (v.battle?.area === x.id) cls.push('battle');
      const g = svg('g', { class: cls.join(' '), dataset: { id: x.id, tile: x.tile }, onclick: pickArea(x.id) },
        svg('title', { text: areaTitle(x) }),
        svg('polygon', { class: 'hex', points: hexPoints(cx, cy) }),
        x.owner ? svg('polygon', { class: `rw-own ${x.owner}`, points: hexPoints(cx, cy, R - 4) }) : null,
        v.battle?.area === x.id ? svg('polygon', { class: 'rw-battlering', points: hexPoints(cx, cy, R - 8) }) : null,
        svg('text', { x: cx, y: cy - 27, 'text-anchor': 'middle', class: 'rw-name', text: x.name }));
      g.append(...marks(x, cx, cy), ...unitMarks(x.units || [], cx, cy), ...heroMarks(heroes.filter((hr) => hr.area === x.id), cx, cy));
      hexes.append(g);
      // The tile's outline: the sides not shared with an area of its tile.
      for (const [dq, dr] of DIRS) {
        const o = at.get(`${x.q + dq},${x.r + dr}`);
        if (o && o.tile === x.tile) continue;
        if (o && o.id < x.id) continue; // drawn once between two tiles
        const [x1, y1, x2, y2] = edge(x.q, x.r, x.q + dq, x.r + dr);
        // Tile 12's yellow border (The Lost City), drawn in yellow.
        const yellow = x.border === 'yellow' || o?.border === 'yellow';
        lines.append(svg('line', { class: 'rw-tileedge' + (x.home ? ' home' : '') + (yellow ? ' yellow' : ''), x1, y1, x2, y2,
          style: yellow ? 'stroke: #d9b400; stroke-width: 3.5' : undefined }));
      }
    }
    for (const b of v.borders || []) {
      const p = byId.get(b.A), q = byId.get(b.B);
      if (!p || !q) continue;
      const [x1, y1, x2, y2] = edge(p.q, p.r, q.q, q.r);
      lines.append(svg('line', { class: `rw-border ${b.kind}`, dataset: { a: b.A, b: b.B }, x1, y1, x2, y2 },
        svg('title', { text: `${b.kind === 'river' ? 'River' : 'Mountain ridge'} between ${areaName(b.A)} and ${areaName(b.B)}` })));
    }
    map.append(hexes, lines);

    // Where a tile may be laid: a dashed hex at each place its first area
    // may go; the chosen one previews the tile's three areas.
    for (const [key, l] of anchors) {
      const [cx, cy] = centre(l.q, l.r);
      const on = preview && preview.at === key;
      map.append(svg('g', { class: 'rw-ghost' + (on ? ' selected' : ''), dataset: { at: key, tile: l.tile },
        onclick: (ev) => { ev.stopPropagation(); ctx.select(on ? { tile: layTile || undefined } : { tile: layTile || l.tile, at: key }); } },
      svg('title', { text: `lay ${tilesInfo[layTile || l.tile]?.name || l.tile} with its first area here (${key})` }),
      svg('polygon', { points: hexPoints(cx, cy, R - 3) })));
    }
    if (preview) {
      const tile = tilesInfo[preview.tile];
      const cells = tileCells(preview.q, preview.r, preview.turn);
      const g = svg('g', { class: 'rw-preview', dataset: { tile: preview.tile } });
      cells.forEach(([q, r], i) => {
        const id = tile?.areas?.[i];
        const info = areasInfo[id] || {};
        const [cx, cy] = centre(q, r);
        g.append(svg('g', { class: `rw-pcell ${info.terrain || ''}` },
          svg('polygon', { class: 'hex', points: hexPoints(cx, cy, R - 2) }),
          svg('text', { x: cx, y: cy - 4, 'text-anchor': 'middle', class: 'rw-name', text: info.name || id || '?' }),
          svg('text', { x: cx, y: cy + 10, 'text-anchor': 'middle', class: 'rw-small', text: resText(info) })));
      });
      map.append(g);
    }

    function areaTitle(x) {
      const parts = [`${x.name} (${x.terrain}, tile ${tilesInfo[x.tile]?.name || x.tile})`];
      const res = resText(x);
      if (res) parts.push(`resources: ${res}`);
      if (x.home) parts.push(`home realm of ${x.home}`);
      if (x.city) parts.push(`city: ${cities[x.city]?.name || pretty(x.city)}`);
      if (x.owner) parts.push(`controlled by ${x.owner}`);
      if (x.keep) parts.push(`stronghold: ${x.keep}`);
      if (x.rune) parts.push(`rune token: ${x.rune}`);
      if (x.desolation) parts.push('desolation');
      if (x.peasant) parts.push(`${x.peasant}'s Peasant token`);
      if (x.frost) parts.push(`${x.frost} Frost`);
      if (x.active?.length) parts.push(`activated by ${x.active.join(', ')}`);
      return parts.join('; ');
    }

    function resText(x) {
      return RES.filter(([k]) => x[k] > 0).map(([k, c]) => `${x[k]}${c}`).join(' ');
    }

    // marks draws the row of an area's resources and tokens.
    function marks(x, cx, cy) {
      const items = [];
      for (const [k, c] of RES) {
        if (x[k] > 0) items.push({ cls: `rw-res ${k}`, label: `${x[k]}${c}`, title: `${x[k]} ${k}` });
      }
      if (x.city) {
        const c = cities[x.city];
        items.push({ cls: 'rw-city', label: '⌂', title: `city: ${c?.name || pretty(x.city)}${c ? cityText(c) : ''}` });
      }
      if (x.keep) {
        const [owner, ...st] = x.keep.split(' ');
        items.push({ cls: `rw-keep ${owner}${st.includes('damaged') ? ' damaged' : ''}${st.includes('developed') ? ' developed' : ''}`,
          label: st.includes('developed') ? '♜+' : '♜', title: `${owner}'s stronghold${st.length ? ', ' + st.join(', ') : ''}` });
      }
      if (x.rune) {
        const label = x.rune === 'dragon' ? 'D' : x.rune === 'false' ? '✕' : '?';
        items.push({ cls: `rw-rune ${x.rune === 'face down' ? 'facedown' : x.rune}`, label, title: `rune token: ${x.rune}` });
      }
      if (x.peasant) items.push({ cls: 'rw-peasant', label: 'P', title: `${x.peasant}'s Peasant token: the area stays his until activated (${cite('Development Cards')})` });
      if (x.desolation) items.push({ cls: 'rw-desolation', label: '☠', title: `a desolation token: the area produces nothing (${cite('Desolation tokens')})` });
      if (x.frost) items.push({ cls: 'rw-frost', label: `❄${x.frost > 1 ? x.frost : ''}`, title: `${x.frost} Frost (${cite('Frost tokens')})` });
      const w = 17, out = [];
      const y = cy - 14;
      items.forEach((it, i) => {
        const ix = cx + (i - (items.length - 1) / 2) * (w + 1);
        out.push(svg('g', { class: 'rw-mark ' + it.cls }, svg('title', { text: it.title }),
          svg('rect', { x: ix - w / 2, y: y - 6.5, width: w, height: 13, rx: 3 }),
          svg('text', { x: ix, y: y + 3.5, 'text-anchor': 'middle', text: it.label })));
      });
      (x.active || []).forEach((f, i) => {
        const iy = cy - 4 + i * 11;
        out.push(svg('g', { class: `rw-active ${f}`, dataset: { faction: f } }, svg('title', { text: `activated by ${f} this year` }),
          svg('polygon', { points: `${cx + 37},${iy - 5} ${cx + 42},${iy + 4} ${cx + 32},${iy + 4}` })));
      });
      return out;
    }

    // unitMarks draws an area's units: a group per owner, type and state,
    // three to a row.
    function unitMarks(list, cx, cy) {
      const out = [];
      const per = 3, gw = 27;
      list.forEach((u, i) => {
        const row = Math.floor(i / per), col = i % per, inRow = Math.min(per, list.length - row * per);
        const ux = cx + (col - (inRow - 1) / 2) * gw - 6, uy = cy + 3 + row * 14;
        const shape = units[u.unit]?.shape || 'circle';
        const cls = ['rw-unit', u.owner];
        if (u.routed) cls.push('routed');
        if (u.damage) cls.push('damaged');
        if (u.allied) cls.push('allied');
        if (u.battle) cls.push('fighting');
        const state = [u.routed ? 'routed' : '', u.damage ? `${u.damage} damage` : '', u.allied ? 'allied' : '', u.battle ? 'in battle' : ''].filter(Boolean);
        out.push(svg('g', { class: cls.join(' '), dataset: { owner: u.owner, unit: u.unit, count: u.count } },
          svg('title', { text: `${u.owner}: ${u.count} ${unitName(u.unit, u.count)}${state.length ? ' (' + state.join(', ') + ')' : ''}` }),
          shapeAt(shape, ux, uy, 4.5, { class: 'base' }),
          svg('text', { x: ux + 6, y: uy + 3.5, class: 'rw-count', text: `${u.count}${(u.unit[0] || '').toUpperCase()}` }),
          u.damage ? svg('text', { x: ux + 6, y: uy - 3, class: 'rw-dmg', text: `-${u.damage}` }) : null));
      });
      return out;
    }

    // heroMarks draws the heroes in an area: a star in its owner's colour
    // with the hero's initial, along the hex's bottom edge (heroes are
    // figures, never units: Runewars rules, Limits 9).
    function heroMarks(list, cx, cy) {
      return list.map((hr, i) => {
        const hx = cx + (i - (list.length - 1) / 2) * 16, hy = cy + 30;
        const cls = ['rw-hero', hr.owner];
        if (hr.routed) cls.push('routed');
        return svg('g', { class: cls.join(' '), dataset: { hero: hr.id, owner: hr.owner } },
          svg('title', { text: heroText(hr) }),
          svg('circle', { cx: hx, cy: hy, r: 6.5, style: `fill: ${hr.routed ? '#fff' : 'var(--fac)'}; stroke: ${hr.routed ? 'var(--fac)' : '#1d1a16'}; stroke-width: 1` }),
          svg('text', { x: hx, y: hy + 3.5, 'text-anchor': 'middle', style: `font-size: 9px; fill: ${hr.routed ? 'var(--fac)' : '#fff'}`, text: '★' }));
      });
    }

    function heroText(hr) {
      const st = [hr.routed ? 'routed' : '', hr.damage ? `${hr.damage} of ${hr.health} damage` : `health ${hr.health}`,
        hr.supports ? `supports the ${unitName(hr.supports, 2)}` : '', hr.commander ? `Commander (${hr.commanderText})` : ''].filter(Boolean);
      return `${hr.owner}'s hero ${hr.name} in ${areaName(hr.area)}: strength ${hr.strength}, agility ${hr.agility}, wisdom ${hr.wisdom}; ` +
        `${st.join(', ')}; ${hr.ability} (${hr.text}); ${hr.rewards} reward card${hr.rewards === 1 ? '' : 's'}` +
        (hr.cards?.length ? ': ' + hr.cards.map((id) => rewardInfo[id]?.name || pretty(id)).join(', ') : '');
    }

    function questText(id) {
      const q = questInfo[id];
      if (!q) return pretty(id);
      if (q.foe) return `${q.name}: in ${areaName(q.area)}, a duel against ${q.foe.name} (health ${q.foe.health}, strikes for ${q.foe.strike}; the player to your left decides for it), ${q.rewards} reward card${q.rewards === 1 ? '' : 's'} (${cite('Heroes')})`;
      return `${q.name}: in ${areaName(q.area)}, tests ${q.test}, passes on ${q.pass} or better, ${q.rewards} reward card${q.rewards === 1 ? '' : 's'} (${cite('Heroes 1a')})`;
    }

    function cityText(c) {
      const got = RES.filter(([k]) => c[k] > 0).map(([k]) => `${c[k]} ${k}`);
      if (c.influence) got.push(`${c.influence} Influence`);
      for (const [u, n] of Object.entries(c.allies || {})) got.push(`${n} allied ${unitName(u, n)}`);
      if (c.runes) got.push(`${c.runes} dragon rune${c.runes === 1 ? '' : 's'}, face up (${cite('Rise of the Free Cities')})`);
      return got.length ? ` (${got.join(', ')})` : '';
    }

    // ------------------------------------------------- the year and season
    const title = v.year > 0
      ? `Year ${v.year} of ${v.years} · ${pretty(v.season)}`
      : `Setup · ${v.stage}`;
    const victory = (v.victoryOn || []).map((f, i) => (f ? `${f}'s on ${['spring', 'summer', 'autumn', 'winter'][i]}` : null)).filter(Boolean);
    const info = h('section.rw-info', { id: 'rw-info' },
      h('div', {}, h('b', { text: 'Runewars' }), ' · ', h('span', { id: 'rw-year', text: title }), ' · ',
        h('span.rw-stage', { id: 'rw-stage', text: v.stage }), ` · ${v.runesToWin} dragon runes win · fate deck ${v.fate} cards`),
      v.card ? h('div.rw-card', { id: 'rw-card', dataset: { card: v.card.id } }, h('b', { text: v.card.name }), ': ', v.card.text,
        h('small.muted', { text: ` (${cite('How the game is played I')})` })) : null,
      victory.length ? h('div.small', { text: `Victory cards: ${victory.join(', ')} (${cite('Road to Victory')})` }) : null,
      v.asking ? h('div.rw-asking', { id: 'rw-asking', text: 'Now: ' + v.asking }) : null);

    // ----------------------------------------------------------- factions
    const players = h('section.rw-players', { id: 'rw-players' }, v.players.map((p, i) => {
      const tags = [];
      if (p.faction === me) tags.push(h('span.tag.you', { text: 'you' }));
      tags.push(h('span.tag', { text: p.good ? 'good' : 'evil' }));
      const order = v.orders?.[i], bid = v.bids?.[i];
      return h(`div.rw-player.${p.faction}${p.faction === me ? '.mine' : ''}`, { dataset: { faction: p.faction } },
        h('h4', {}, h('span.dot'), p.name, ...tags),
        h('div.rw-stats', {},
          RES.map(([k]) => h(`span.rw-stat.${k}`, { title: `${k} dial` }, `${pretty(k)} `, h('b', { text: String(p[k]) }))),
          h('span.rw-stat.influence', {}, 'Influence ', h('b', { text: String(p.influence) })),
          h('span.rw-stat.tactics', { title: 'Tactics cards held' }, 'Tactics ', h('b', { text: String(p.tactics) })),
          h('span.rw-stat.runes', { title: 'rune tokens in areas it controls (dragon runes among them that you know of)' }, 'Runes ',
            h('b', { text: String(p.runes) }), h('small.muted', { text: ` (${p.dragons} dragon${p.dragons === 1 ? '' : 's'} known)` }))),
        h('div.small', {}, 'orders played this year: ', p.played.length
          ? p.played.map((o) => h('span.chip.rw-played', { dataset: { order: o }, text: ORDERS.find((x) => x.id === o)?.title || pretty(o) }))
          : h('span.muted', { text: 'none' })),
        order ? h('div.small.rw-thisorder', {}, 'this season: ', h('b', { text: order === 'face down' ? 'face down' : ORDERS.find((x) => x.id === order)?.title || pretty(order) })) : null,
        bid ? h('div.small.rw-bid', {}, 'bid: ', h('b', { text: bid })) : null,
        p.victory ? h('div.small', {}, 'Victory card on the ', h('b', { text: p.victory }), ' deck') : null,
        p.toPlace?.length ? h('div.small.rw-toplace', {}, 'to place: ', h('span', { text: countList(p.toPlace) })) : null,
        p.lieutenant ? h('div.small.rw-lieutenant', { text: 'Lieutenant General in play: two Commanders (Commanders of the Battlefield)' }) : null,
        p.developments?.length || p.capitalLost ? h('div.small.rw-developments', {}, 'development cards: ',
          (p.developments || []).map((id) => h('span.chip.rw-dev', { dataset: { development: id }, text: pretty(id) })),
          p.capitalLost ? h('small.muted', { text: ' (Capital destroyed: Fortify rebuilds it)' }) : null) : null,
        heroes.filter((hr) => hr.owner === p.faction).map((hr) => h('div.small.rw-heroline', { dataset: { hero: hr.id }, title: heroText(hr) },
          '★ ', h('b', { text: hr.name }), ` in ${areaName(hr.area)} · S${hr.strength} A${hr.agility} W${hr.wisdom} · ${hr.damage || 0}/${hr.health} damage`,
          hr.routed ? ' · routed' : '', ` · ${hr.rewards} reward${hr.rewards === 1 ? '' : 's'}`,
          hr.commander ? h('span.chip.rw-commander', { dataset: { commander: hr.commander }, title: `Commander card: ${hr.commanderText} (Commanders of the Battlefield)`, text: `Commander: ${pretty(hr.commander)}` }) : null,
          hr.cards?.length ? h('span.rw-rewards', {}, ': ', hr.cards.map((id) => h('span.chip.rw-reward', { dataset: { reward: id },
            title: `${rewardInfo[id]?.kind || ''}: ${rewardInfo[id]?.effect || ''}`, text: rewardInfo[id]?.name || pretty(id) }))) : null)),
        p.quests?.length
          ? h('div.small.rw-quests', {}, 'your quests: ', p.quests.map((id) => h('span.chip.rw-quest', { dataset: { quest: id }, title: questText(id), text: questInfo[id]?.name || pretty(id) })))
          : (p.questCount ? h('div.small.rw-quests', { text: `${p.questCount} quest card${p.questCount === 1 ? '' : 's'}, face down` }) : null),
        // Objectives: the holder sees his card, the others how many (Limits 3).
        p.objective
          ? h('div.small.rw-objective', {}, 'your objective: ', h('span.chip.rw-obj', { dataset: { objective: p.objective },
            title: objInfo[p.objective]?.goal || '', text: objInfo[p.objective]?.name || pretty(p.objective) }),
            h('small.muted', { text: ` ${objInfo[p.objective]?.goal || ''}` }))
          : (p.objectiveCount ? h('div.small.rw-objective', { text: `${p.objectiveCount} objective card${p.objectiveCount === 1 ? '' : 's'}, face down` }) : null),
        p.completed?.length
          ? h('div.small.rw-completed', {}, 'objectives completed: ', p.completed.map((id) => h('span.chip.rw-obj', { dataset: { objective: id },
            title: objInfo[id]?.goal || '', text: objInfo[id]?.name || pretty(id) })))
          : null);
    }));

    // ------------------------------------------------------------- titles
    // Face up for everyone, each held by one player at most (Acquire
    // Power; RW-D13). With Acquire Power's Supremacy Bonus the cheapest
    // way to take each title is offered here (the rest in the action list).
    const titleActs = acts.filter((x) => x.kind === 'title');
    const titles = v.titles?.length ? h('section.rw-titles', { id: 'rw-titles' },
      h('h4', {}, 'Titles', h('small.muted', { text: ` — face up; more Influence than lies on one takes it (${cite('Acquire Power')})` })),
      v.titles.map((t) => {
        const take = titleActs.filter((x) => idsOf(x).includes(t.id))[0];
        return h(`div.small.rw-title${t.holder ? '.' + t.holder : ''}`, { dataset: { title: t.id }, title: t.text },
          h('b', { text: t.name }), ' — ', h('span', { text: t.text }), ' · ',
          t.holder ? h('span', {}, 'held by ', h('b', { text: t.holder }), ` (${t.influence} Influence)`) : h('span.muted', { text: 'held by no one' }),
          take ? h('button.rw-act', { type: 'button', dataset: { action: take.text }, onclick: () => ctx.act(take.text) }, take.text) : null);
      })) : null;

    // ------------------------------------------------------- Tactics cards
    // The seat's own hand, hidden from the others (Limits 7: 10 at most).
    // A card drawn this season is marked and not playable (Tactics); a card
    // the rules allow now (a battle's start, his order's start, his quest
    // turn: RW-D14) is clicked to play it.
    const playActs = acts.filter((x) => x.kind === 'play');
    const hand = mine && (mine.hand?.length || playActs.length) ? h('section.rw-orders.rw-hand', { id: 'rw-hand' },
      h('h4', {}, 'Your Tactics cards', h('small.muted', { text: ` — ${mine.hand?.length || 0} of 10 at most; not played in the season drawn (${cite('Tactics')})` })),
      h('div.rw-ordercards.rw-handcards', {}, (mine.hand || []).map((t) => {
        const x = playActs.find((y) => idsOf(y).includes(t.id));
        const cls = ['rw-order', 'rw-tactic']; // drawn as the order cards are
        if (x) cls.push('playable');
        if (t.fresh) cls.push('fresh');
        return h('button.' + cls.join('.'), { type: 'button', dataset: { tactic: t.id }, disabled: !x, title: t.text,
          onclick: x ? () => ctx.act(x.text) : undefined },
          h('b', { text: t.name }), h('span.rw-otext', { text: t.text }),
          t.fresh ? h('small.muted', { text: ' drawn this season' }) : null);
      }))) : null;

    function countList(ids) {
      const n = new Map();
      for (const id of ids) n.set(id, (n.get(id) || 0) + 1);
      return [...n].map(([id, c]) => `${c} ${unitName(id, c)}`).join(', ');
    }

    // -------------------------------------------------------- order cards
    let orders = null;
    const orderActs = acts.filter((x) => x.kind === 'order');
    if (v.stage === 'choosing orders' || orderActs.length) {
      const played = new Set(mine?.played || []);
      orders = h('section.rw-orders', { id: 'rw-orders' },
        h('h4', {}, 'Order cards', h('small.muted', { text: ` — chosen face down, revealed together, resolved from the lowest (${cite('How the game is played II–III')})` })),
        h('div.rw-ordercards', {}, ORDERS.map((o) => {
          const x = orderActs.find((y) => idsOf(y).includes(o.id));
          const cls = ['rw-order'];
          if (x) cls.push('playable');
          if (played.has(o.id)) cls.push('played');
          return h('button.' + cls.join('.'), { type: 'button', dataset: { order: o.id }, disabled: !x, title: `${o.text} (${cite(o.rule)})`, onclick: x ? () => ctx.act(x.text) : undefined },
            h('span.rw-onum', { text: String(o.n) }), h('b', { text: o.title }),
            h('span.rw-otext', { text: played.has(o.id) ? 'played this year' : o.text }));
        })));
    }

    // ------------------------------------------------------ tiles to lay
    let tiles = null;
    if (v.tiles?.length) {
      const layable = new Set(lays.map((l) => l.tile));
      tiles = h('section.rw-tiles', { id: 'rw-tiles' },
        h('h4', {}, 'Tiles to lay', h('small.muted', { text: ` — each touching the laid tiles along two sides; home realms at least 3 areas apart (${cite('Setup')})` })),
        v.tiles.map((t) => h('div.small', { dataset: { faction: t.faction } }, h('b', { text: t.faction + ': ' }),
          t.tiles?.length ? t.tiles.map((id) => {
            const can = layable.has(id);
            const ti = tilesInfo[id];
            const what = (ti?.areas || []).map((ar) => `${areasInfo[ar]?.name || ar} (${areasInfo[ar]?.terrain || '?'}${resText(areasInfo[ar] || {}) ? ' ' + resText(areasInfo[ar]) : ''})`).join(', ');
            return h(`span.chip.rw-tile${can ? '.playable' : ''}${layTile === id ? '.selected' : ''}`,
              { dataset: { tile: id }, title: `${ti?.name || id}${ti?.home ? ', home realm of ' + ti.home : ''}: ${what}`, onclick: can ? () => ctx.select(layTile === id ? {} : { tile: id }) : undefined },
              ti?.name || pretty(id));
          }) : h('span.muted', { text: 'none' }))));
    }
    let lay = null;
    if (lays.length) {
      if (preview) {
        const k = preview.turns.indexOf(preview);
        const next = preview.turns[(k + 1) % preview.turns.length];
        lay = h('div.rw-lay', { id: 'rw-lay' }, 'Lay ', h('b', { text: tilesInfo[preview.tile]?.name || preview.tile }),
          ` with its first area at ${preview.at}, turn ${preview.turn} `,
          preview.turns.length > 1 ? h('button', { type: 'button', id: 'rw-lay-turn', onclick: () => ctx.select({ tile: preview.tile, at: preview.at, turn: next.turn }) }, `Turn (${k + 1} of ${preview.turns.length})`) : null, ' ',
          h('button.primary', { type: 'button', id: 'rw-lay-go', dataset: { action: preview.text }, onclick: () => ctx.act(preview.text) }, 'Lay here'));
      } else {
        lay = h('div.rw-lay.muted', { id: 'rw-lay', text: layTile ? 'Click a dashed hex on the map to place the tile there.' : 'Click one of your tiles, or a dashed hex on the map, to see where it goes.' });
      }
    }

    // --------------------------------------------------------- the battle
    // The battle's events: while a battle is fought, the battle events at
    // the end of the log (its parley, fate draws, abilities, hits); after
    // it, those from the last "Battle in" on.
    const events = ctx.events || [];
    let from = events.length;
    if (v.battle) {
      while (from > 0 && BATTLE_EVENTS.has(events[from - 1].type)) from--;
    } else {
      from = events.findLastIndex((e) => e.type === 'battle');
      if (from < 0) from = events.length;
    }
    const battleLog = events.slice(from).filter((e) => BATTLE_EVENTS.has(e.type));
    let battle = null;
    if (v.battle) {
      const b = v.battle;
      const choose = (id) => acts.find((x) => x.kind === 'choose' && idsOf(x).includes(String(id)));
      const fights = acts.filter((x) => BATTLE_KINDS.has(x.kind));
      battle = h('section.rw-battle', { id: 'rw-battle', dataset: { area: b.area } },
        h('h4', {}, `Battle in ${areaName(b.area)}`, h('small.muted', { text: ` — ${b.phase} (${cite('Battles')})` })),
        h('div', {}, h('b', { text: b.attacker }), ' attacks ', h('b', { text: b.defender }), ` · initiative ${b.initiative}`),
        b.cards?.length ? h('div.small', {}, 'fate cards drawn: ', b.cards.map((id) => {
          const x = choose(id);
          return h(`span.chip.rw-fate${x ? '.playable' : ''}`, { dataset: { fate: id }, title: fateText(id), onclick: x ? () => ctx.act(x.text) : undefined },
            `#${id} ${fate.get(id)?.destiny || ''}`);
        })) : null,
        battleLog.length ? h('ol.rw-blog', {}, battleLog.slice(-14).map((e) => h(`li.${e.type}`, { text: e.text }))) : null,
        fights.length ? h('div.rw-acts', {}, fights.map((x) => h('button.rw-act', { type: 'button', dataset: { action: x.text }, onclick: () => ctx.act(x.text) }, x.text))) : null);
    } else if (battleLog.length) {
      battle = h('details.rw-lastbattle', {}, h('summary', { text: `Last battle: ${battleLog[0].text}` }),
        h('ol.rw-blog', {}, battleLog.slice(-14).map((e) => h(`li.${e.type}`, { text: e.text }))));
    }

    // A duel being fought (Heroes 1b): the heroes or the quest's foe, the
    // round, and the foe's fate cards while its controller decides
    // (RW-R50); its Tactics cards and the foe's choice are offered here.
    let duel = null;
    if (v.duel) {
      const d = v.duel;
      const hero = (id) => heroes.find((x) => x.id === id)?.name || id;
      const duelActs = acts.filter((x) => x.kind === 'foe' || (x.kind === 'pass' && !v.battle));
      duel = h('section.rw-duel', { id: 'rw-duel' },
        h('h4', {}, `Duel: ${hero(d.hero)} against ${d.against ? hero(d.against) : `${d.foe} (health ${d.foeHealth}, damage ${d.foeDamage || 0})`}`,
          h('small.muted', { text: ` — round ${d.round} of 4 (${cite('Heroes')})` })),
        d.cards?.length ? h('div.small', {}, 'this round: ', d.cards.map((id) => h('span.chip.rw-fate', { dataset: { fate: id }, title: fateText(id) }, `#${id}`))) : null,
        duelActs.length ? h('div.rw-acts', {}, duelActs.map((x) => h('button.rw-act', { type: 'button', dataset: { action: x.text }, onclick: () => ctx.act(x.text) }, x.text))) : null);
    }

    function fateText(id) {
      const f = fate.get(id);
      if (!f) return `fate card ${id}`;
      return `fate card ${id}: ${Object.entries(f.sections).map(([s, t]) => `${s} ${t}`).join(', ')}; destiny ${f.destiny} (${cite('Diplomacy')})`;
    }

    // ------------------------------------------------ the selected area
    let detail = null;
    const shown = locs.map((id) => byId.get(id)).filter(Boolean);
    if (shown.length) {
      detail = h('section.rw-area', { id: 'rw-area' }, shown.map((x) => {
        const here = others.filter((y) => names(y, locs));
        return h('div', { dataset: { id: x.id } },
          h('h4', {}, x.name, h('small.muted', { text: ` — ${x.terrain}, ${tilesInfo[x.tile]?.name || x.tile}` })),
          h('div.small', { text: areaTitle(x) }),
          (x.units || []).length ? h('ul.rw-units', {}, x.units.map((u) => {
            const p = units[u.unit];
            const prof = p ? `${p.shape}, initiative ${p.initiative}, health ${p.health}${p.fast ? ', fast' : ''}${p.flying ? ', flying' : ''}${p.ability ? `; ${p.ability}: ${p.text}` : ''}` : '';
            return h(`li.${u.owner}`, {}, h('span.dot'), `${u.owner}: ${u.count} ${unitName(u.unit, u.count)}`,
              u.routed ? ' (routed)' : '', u.damage ? ` (${u.damage} damage)` : '', u.allied ? ' (allied)' : '',
              prof ? h('small.muted', { text: ' — ' + prof }) : null);
          })) : h('div.small.muted', { text: 'no units' }),
          here.length && x === shown[shown.length - 1] ? h('div.rw-acts', {}, here.map((y) => h('button.rw-act', { type: 'button', dataset: { action: y.text }, onclick: () => ctx.act(y.text) }, y.text))) : null);
      }));
    }

    // ------------------------------------------------------------ legend
    const key = (cls, label, title) => h('span.rw-key', { title }, svg('svg', { viewBox: '-8 -8 16 16', width: 16, height: 16 },
      svg('g', { class: 'rw-mark ' + cls }, svg('rect', { x: -7.5, y: -6, width: 15, height: 12, rx: 3 }), svg('text', { x: 0, y: 3.5, 'text-anchor': 'middle', text: label }))), title);
    const shapeKey = (shape, title) => h('span.rw-key', {}, svg('svg', { viewBox: '-8 -8 16 16', width: 16, height: 16 },
      svg('g', { class: 'rw-unit neutral' }, shapeAt(shape, 0, 0, 5, { class: 'base' }))), title);
    const legend = h('div.rw-legend', { id: 'rw-legend' },
      TERRAINS.map((t) => h(`span.key.${t}`, { text: t })),
      key('rw-res food', '1F', 'food'), key('rw-res wood', '1W', 'wood'), key('rw-res ore', '1O', 'ore'),
      key('rw-city', '⌂', 'city'), key('rw-keep', '♜', 'stronghold (+ developed, pale damaged)'),
      key('rw-rune facedown', '?', 'rune token face down'), key('rw-rune dragon', 'D', 'dragon rune'), key('rw-rune false', '✕', 'false rune'),
      key('rw-frost', '❄', 'Frost'),
      key('rw-desolation', '☠', 'desolation'),
      h('span.rw-key', {}, h('span.rw-swatch.river'), 'river'), h('span.rw-key', {}, h('span.rw-swatch.ridge'), 'ridge'),
      h('span.rw-key', {}, '▲ activated'), h('span.rw-key', {}, '★ hero'),
      shapeKey('triangle', 'triangle'), shapeKey('rectangle', 'rectangle'), shapeKey('hexagon', 'hexagon'), shapeKey('circle', 'circle'),
      h('span.rw-key.small', { text: 'units: base shape, count and initial; hollow routed, −N damage, dashed allied' }));

    el.append(h('div.runewars', {},
      info,
      h('div.rw-top', {},
        h('div.rw-mapwrap', {}, map, legend),
        h('div.rw-sidecol', {}, battle, duel, detail, lay, tiles, orders, hand, players, titles))));
  },

  // filter narrows the actions to those naming every selected area, or
  // to the lays of the selected tile (at the selected place); a selection
  // no action names narrows nothing.
  filter(ctx) {
    const s = ctx.selection || {};
    const acts = ctx.actions || [];
    let keep = [], label = '';
    if (s.areas?.length) {
      keep = acts.filter((x) => x.kind !== 'lay' && names(x, s.areas));
      label = s.areas.join(' and ');
    } else if (s.tile || s.at) {
      keep = acts.map(layOf).filter((l) => l && (!s.tile || l.tile === s.tile) && (!s.at || l.at === s.at));
      label = [s.tile, s.at && `at ${s.at}`].filter(Boolean).join(' ');
    }
    if (!keep.length) return null;
    const texts = new Set(keep.map((x) => x.text));
    return { label, test: (t) => texts.has(t) };
  },
};
