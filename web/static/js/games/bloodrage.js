// Blood Rage: the board as an SVG map — the eight outer provinces as
// sectors of a ring around Yggdrasil, coloured by region (destroyed ones
// grey), each with its villages (used/total), its pillage reward or
// pillaged state, its figures as clan-coloured markers (leader a square,
// warrior a circle, ship a hull, monster a diamond with its initial) and
// every clan's strength there; the four fjords between their two
// provinces with their ships. Beside it: the Age, the phase and the
// Ragnarök to come, a glory track, every clan's sheet (Glory, Rage
// left/stat, Axes, Horns, figures on the board, upgrades, Valhalla, the
// number of cards in hand and of quests), the battle being fought, the
// draft hand while drafting and the seat's own hand and quests as cards.
// The views name cards by id; what is printed on them comes from the
// game's assets (/api/games/bloodrage/assets).
//
// Selecting a province or fjord narrows the action buttons to those naming
// it (a second province selected with it narrows to those naming both, as
// a march does); selecting a card, in the draft, in hand or among one's
// upgrades, to those naming the card. What an action names comes from the
// server (ctx.actions: each legal action's kind and refs, the ids of the
// provinces, fjords, cards, figures, clans and stats it names): no action
// text is parsed.
//
// Stable hooks for tests: #br-map, .br-province[data-id], .br-fjord[data-id],
// .br-fig.<clan>.<leader|warrior|ship|monster>, #br-info, #br-phase,
// #br-doom, #br-glory, #br-clans .br-clan[data-clan] (.br-handcount),
// #br-battle, #br-draft .br-card[data-card], #br-hand .br-card[data-card],
// #br-quests, #br-result li[data-clan].
import { h, svg, pretty } from '../dom.js';

const CLANS = ['wolf', 'raven', 'serpent', 'bear', 'ram'];
const REWARDS = { rage: '+1 Rage', axes: '+1 Axes', horns: '+1 Horns', glory: '5 Glory', all: '+1 each' };
const STATS = ['rage', 'axes', 'horns'];

// The map's geometry: the centre, Yggdrasil's radius, the ring's inner and
// outer radii, the radius the fjords sit on and theirs.
const SIZE = 560, C = SIZE / 2, R_YGG = 78, R_IN = 84, R_OUT = 244, R_FJ = 248, FJ = 25;
const SECTOR = 45; // degrees

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

// startAngle returns where ring place i's sector starts, clockwise from
// place 0, which is centred at the top.
function startAngle(i) { return -90 - SECTOR / 2 + SECTOR * i; }

function sectorPath(i) {
  const a0 = startAngle(i), a1 = a0 + SECTOR;
  const [x0, y0] = polar(R_OUT, a0), [x1, y1] = polar(R_OUT, a1);
  const [x2, y2] = polar(R_IN, a1), [x3, y3] = polar(R_IN, a0);
  return `M${x0},${y0} A${R_OUT},${R_OUT} 0 0 1 ${x1},${y1} L${x2},${y2} A${R_IN},${R_IN} 0 0 0 ${x3},${y3} Z`;
}

// described returns the legal actions as the server describes them
// ({text, kind, refs}); none when the page only watches.
function described(ctx) { return ctx.readonly ? [] : ctx.actions || []; }

// names reports whether the described action x names every one of ids.
function names(x, ids) {
  const refs = x.refs || [];
  return ids.every((id) => refs.includes(id));
}

// naming returns the legal actions, as described, that name every one of
// ids.
function naming(ctx, ids) { return (ctx.actions || []).filter((x) => names(x, ids)); }

// kindsNaming returns the kinds of the actions naming id, each once, as a
// card's hint ("play, quest"); none when the page only watches.
function kindsNaming(ctx, id) { return [...new Set(described(ctx).filter((x) => names(x, [id])).map((x) => x.kind))]; }

// locsOf returns the locations the selection names.
function locsOf(sel) { return sel?.locs || []; }

// figShape draws one figure marker at x,y.
function figShape(f, x, y, cards) {
  const kind = ['leader', 'warrior', 'ship'].includes(f.kind) ? f.kind : 'monster';
  const name = kind === 'monster' ? (cards[f.kind]?.name || pretty(f.kind)) : kind;
  const g = svg('g', { class: `br-fig ${f.clan} ${kind}`, dataset: { clan: f.clan, kind: f.kind } },
    svg('title', { text: `${f.clan} ${name}` }));
  const s = 7;
  switch (kind) {
    case 'leader':
      g.append(svg('rect', { x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: 2 }),
        svg('text', { x, y: y + 3.5, 'text-anchor': 'middle', text: 'L' }));
      break;
    case 'warrior':
      g.append(svg('circle', { cx: x, cy: y, r: s - 1 }));
      break;
    case 'ship':
      g.append(svg('path', { d: `M${x - s - 2},${y - 3} L${x + s + 2},${y - 3} L${x + s - 2},${y + 5} L${x - s + 2},${y + 5} Z` }),
        svg('path', { class: 'mast', d: `M${x},${y - 3} L${x},${y - 10} L${x + 5},${y - 5} Z` }));
      break;
    default:
      g.append(svg('polygon', { points: `${x},${y - s - 2} ${x + s + 2},${y} ${x},${y + s + 2} ${x - s - 2},${y}` }),
        svg('text', { x, y: y + 3.5, 'text-anchor': 'middle', text: name.charAt(0).toUpperCase() }));
  }
  return g;
}

// figures draws a list of figures in rows of perRow centred on x, from y.
function figures(list, x, y, perRow, cards, gap = 17) {
  const out = [];
  (list || []).forEach((f, i) => {
    const row = Math.floor(i / perRow), col = i % perRow;
    const inRow = Math.min(perRow, list.length - row * perRow);
    out.push(figShape(f, x + (col - (inRow - 1) / 2) * gap, y + row * gap, cards));
  });
  return out;
}

// strengths draws each clan's strength in a province as small coloured
// boxes centred on x.
function strengths(str, x, y) {
  const clans = CLANS.filter((c) => str && str[c] !== undefined);
  const w = 20;
  return clans.map((c, i) => {
    const bx = x + (i - (clans.length - 1) / 2) * (w + 2);
    return svg('g', { class: `br-str ${c}`, dataset: { clan: c } }, svg('title', { text: `${c}: ${str[c]} STR` }),
      svg('rect', { x: bx - w / 2, y: y - 8, width: w, height: 12, rx: 3 }),
      svg('text', { x: bx, y: y + 1.5, 'text-anchor': 'middle', text: String(str[c]) }));
  });
}

// cardValue says what a card is worth, by its type.
function cardValue(d) {
  if (!d) return '';
  switch (d.type) {
    case 'battle': return d.str ? `+${d.str} STR` : '+0 STR';
    case 'quest': return `${d.glory} Glory`;
    case 'monster': return `STR ${d.str} · ${d.cost} Rage`;
    default: return `${d.cost} Rage`;
  }
}

function typeLabel(d) {
  if (!d) return 'card';
  if (['battle', 'quest', 'monster'].includes(d.type)) return pretty(d.type);
  return `${pretty(d.type)} upgrade`;
}

export default {
  render(el, ctx) {
    const v = ctx.view;
    const cards = ctx.assets?.cards || {};
    const sel = ctx.selection || {};
    const acts = described(ctx);
    const me = ctx.seat;
    const locs = locsOf(sel);

    // Selecting a location: again to clear it; a second one kept with the
    // first when an action names both.
    const pickLoc = (id) => (ev) => {
      ev.stopPropagation();
      if (locs.includes(id)) { ctx.select(locs.length > 1 ? { locs: locs.filter((l) => l !== id) } : {}); return; }
      if (locs.length === 1 && acts.some((x) => names(x, [locs[0], id]))) { ctx.select({ locs: [locs[0], id] }); return; }
      ctx.select({ locs: [id] });
    };
    const pickCard = (id) => (ev) => {
      ev.stopPropagation();
      ctx.select(sel.card === id ? {} : { card: id });
    };
    const actionable = (id) => acts.some((x) => names(x, [id]));

    // ---------------------------------------------------------- the map
    const map = svg('svg', { id: 'br-map', viewBox: `0 0 ${SIZE} ${SIZE}`, role: 'img', 'aria-label': 'the board of Blood Rage' });
    const ringOf = new Map();
    const outer = v.provinces.filter((p) => p.id !== 'yggdrasil');
    outer.forEach((p, i) => ringOf.set(p.id, i));
    const doomAge = new Map();
    (v.doom || []).forEach((id, i) => { if (i + 1 >= v.age && !doomAge.has(id)) doomAge.set(id, i + 1); });
    const clsFor = (p, base) => {
      const cls = [base];
      if (p.region) cls.push(p.region.toLowerCase());
      if (p.destroyed) cls.push('destroyed');
      if (p.pillaged) cls.push('pillaged');
      if (locs.includes(p.id)) cls.push('selected');
      if (actionable(p.id)) cls.push('actionable');
      if (v.battle?.province === p.id) cls.push('battle');
      return cls.join(' ');
    };
    const info = (p, x, y) => {
      const used = (p.figures || []).length;
      const vill = p.villages ? `${used}/${p.villages}` : `${used}`;
      const out = [svg('text', { x, y, 'text-anchor': 'middle', class: 'br-pname', text: p.name })];
      if (p.destroyed) {
        out.push(svg('text', { x, y: y + 15, 'text-anchor': 'middle', class: 'br-gone', text: 'destroyed' }));
        return out;
      }
      const rw = REWARDS[p.reward] || p.reward;
      out.push(svg('text', { x: x - 4, y: y + 15, 'text-anchor': 'end', class: 'br-villages', text: vill + (p.villages ? ' ⌂' : ' · no limit') },
        svg('title', { text: p.villages ? `${used} of ${p.villages} villages taken` : `${used} figures; Yggdrasil has no village limit` })));
      out.push(svg('g', { class: 'br-reward' + (p.pillaged ? ' pillaged' : ''), dataset: { reward: p.reward } },
        svg('title', { text: p.pillaged ? `pillaged this Age (${rw})` : `pillage reward: ${rw}` }),
        svg('rect', { x: x + 1, y: y + 5, width: 52, height: 13, rx: 6 }),
        svg('text', { x: x + 27, y: y + 15, 'text-anchor': 'middle', text: p.pillaged ? 'pillaged' : rw })));
      return out;
    };
    const doomMark = (p, x, y) => (doomAge.has(p.id) && !p.destroyed
      ? svg('text', { x, y, 'text-anchor': 'middle', class: 'br-doommark', text: `☠ Ragnarök, Age ${doomAge.get(p.id)}` }, svg('title', { text: `Ragnarök destroys ${p.name} at the end of Age ${doomAge.get(p.id)}` }))
      : null);
    for (const p of outer) {
      const i = ringOf.get(p.id);
      const mid = startAngle(i) + SECTOR / 2;
      const [x, y] = polar(164, mid);
      const g = svg('g', { class: clsFor(p, 'br-province'), dataset: { id: p.id }, onclick: pickLoc(p.id) },
        svg('title', { text: `${p.name} (${p.region}), ${p.villages} villages${p.destroyed ? ', destroyed' : ''}` }),
        svg('path', { class: 'area', d: sectorPath(i) }),
        info(p, x, y - 44),
        doomMark(p, x, y - 14),
        p.destroyed ? null : figures(p.figures, x, y + 4, 3, cards),
        p.destroyed ? null : strengths(p.strength, x, y + 46));
      map.append(g);
    }
    const ygg = v.provinces.find((p) => p.id === 'yggdrasil');
    if (ygg) {
      map.append(svg('g', { class: clsFor(ygg, 'br-province') + ' yggdrasil', dataset: { id: ygg.id }, onclick: pickLoc(ygg.id) },
        svg('title', { text: 'Yggdrasil: no village limit, adjacent to every province' }),
        svg('circle', { class: 'area', cx: C, cy: C, r: R_YGG }),
        info(ygg, C, C - 44),
        figures(ygg.figures, C, C - 8, 6, cards, 15),
        strengths(ygg.strength, C, C + 58)));
    }
    for (const f of v.fjords || []) {
      const a = ringOf.get(f.provinces[0]), b = ringOf.get(f.provinces[1]);
      let ang;
      if ((a + 1) % 8 === b) ang = startAngle(a) + SECTOR;
      else if ((b + 1) % 8 === a) ang = startAngle(b) + SECTOR;
      else ang = startAngle(a) + SECTOR / 2;
      const [x, y] = polar(R_FJ, ang);
      const cls = ['br-fjord'];
      if (!f.open) cls.push('closed');
      if (locs.includes(f.id)) cls.push('selected');
      if (actionable(f.id)) cls.push('actionable');
      map.append(svg('g', { class: cls.join(' '), dataset: { id: f.id }, onclick: pickLoc(f.id) },
        svg('title', { text: `${f.name}, between ${f.provinces.join(' and ')}${f.open ? '' : ' (closed)'}` }),
        svg('circle', { class: 'water', cx: x, cy: y, r: FJ }),
        svg('text', { x, y: y - 11, 'text-anchor': 'middle', class: 'br-fname', text: f.name.replace(/ Fjord$/, '') }),
        figures(f.figures, x, y + 6, 2, cards, 20)));
    }

    // ---------------------------------------------- the Age and the phase
    const turn = v.turn ? ` · to act: ${v.turn}` : '';
    const doomLeft = (v.doom || []).slice(v.age - 1);
    const provName = (id) => v.provinces.find((p) => p.id === id)?.name || id;
    const infoBox = h('section.br-info', { id: 'br-info' },
      h('div', {}, h('b', { text: 'Blood Rage' }), ' · ', h('span', { id: 'br-age', text: `Age ${v.age} of 3` }), ' · ',
        h('span', { id: 'br-phase', class: 'br-phase', text: v.phase }), ` · first player: ${v.first}${turn}`),
      h('div', { id: 'br-doom' }, 'Ragnarök to come: ', v.phase === 'over' ? 'none' : doomLeft.map((id, i) =>
        h('span.br-doom', { dataset: { id } }, i ? ', then ' : '', h('b', { text: provName(id) }), ` (Age ${v.age + i})`))),
      v.deciders?.length && v.phase !== 'over' ? h('div.small', { text: 'deciding: ' + v.deciders.join(', ') }) : null,
      v.choice ? h('div.br-choice', { id: 'br-choice', text: 'You are asked: ' + v.choice }) : null,
      sel.card && cards[sel.card] ? h('div.br-selinfo', { id: 'br-selected' }, 'Selected: ', h('b', { text: cards[sel.card].name }),
        ` — ${typeLabel(cards[sel.card])}, ${cardValue(cards[sel.card])}${cards[sel.card].text ? '; ' + cards[sel.card].text : ''}`) : null);

    // ------------------------------------------------------- the result
    let result = null;
    if (v.result) {
      const places = v.result.Places || [];
      const order = v.clans.map((c, i) => i).sort((a, b) => (places[a] || 9) - (places[b] || 9) || v.clans[b].glory - v.clans[a].glory);
      result = h('section.br-result', { id: 'br-result' }, h('h4', { text: 'The Ages are over' }),
        v.result.Reason ? h('div.small', { text: v.result.Reason }) : null,
        h('ol', {}, order.map((i) => h(`li.${v.clans[i].name}`, { dataset: { clan: v.clans[i].name, place: places[i] } },
          h('span.br-place', { text: `${places[i]}.` }), ' ', h('span.dot'), h('b', { text: pretty(v.clans[i].name) }),
          ' — ', h('span.br-gloryval', { text: `${v.clans[i].glory} Glory` })))));
    }

    // --------------------------------------------------- the glory track
    const maxGlory = Math.max(10, ...v.clans.map((c) => c.glory));
    const glory = h('section.br-glory', { id: 'br-glory' }, h('h4', { text: 'Glory' }),
      h('ol', {}, [...v.clans].sort((a, b) => b.glory - a.glory).map((c) =>
        h(`li.br-glory-row.${c.name}`, { dataset: { clan: c.name } },
          h('span.br-gname', { text: pretty(c.name) }),
          h('span.br-bar', {}, h('span.br-fill', { style: `width:${(100 * c.glory) / maxGlory}%` })),
          h('b.br-gloryval', { text: String(c.glory) })))));

    // ---------------------------------------------------- clans' sheets
    const chips = (list, cls, clickable) => (list.length
      ? list.map((id) => h('span.chip.' + cls + (clickable && actionable(id) ? '.playable' : '') + (sel.card === id ? '.selected' : ''),
        { dataset: { card: id }, title: cards[id] ? `${cards[id].name}: ${cards[id].text || typeLabel(cards[id])}` : id, onclick: clickable ? pickCard(id) : undefined },
        cards[id]?.name || pretty(id)))
      : h('span.muted', { text: 'none' }));
    const counted = (list) => {
      const n = new Map();
      for (const k of list) n.set(k, (n.get(k) || 0) + 1);
      return [...n].map(([k, c]) => `${c > 1 ? c + ' ' : ''}${cards[k]?.name || k}`).join(', ') || 'none';
    };
    const clan = (c) => {
      const mine = c.name === me;
      const tags = [];
      if (mine) tags.push(h('span.tag.you', { text: 'you' }));
      if (v.first === c.name) tags.push(h('span.tag.first', { text: 'first' }));
      if (v.turn === c.name) tags.push(h('span.tag.turn', { text: 'turn' }));
      if ((v.deciders || []).includes(c.name) && v.phase !== 'over') tags.push(h('span.tag.deciding', { text: 'deciding' }));
      const stat = (st) => h('span.br-stat.' + st, { title: `${st}: step ${c.steps[st]} of 6` },
        `${pretty(st)} `, h('b', { text: st === 'rage' ? `${c.rage}/${c.stats.rage}` : String(c.stats[st]) }),
        h('small.muted', { text: ` (${c.steps[st]})` }));
      return h(`section.br-clan.${c.name}${mine ? '.mine' : ''}`, { dataset: { clan: c.name } },
        h('h4', {}, h('span.dot'), pretty(c.name), ...tags),
        h('div.br-stats', {},
          h('span.br-stat.glory', {}, 'Glory ', h('b', { text: String(c.glory) })),
          STATS.map(stat),
          h('span.br-stat', { title: 'figures on the board (Horns is the limit)' }, 'on board ', h('b', { text: `${c.on_board}/${c.stats.horns}` })),
          h('span.br-stat.br-handcount', { title: 'cards in hand' }, 'hand ', h('b', { text: String(c.hand) })),
          h('span.br-stat.br-questcount', { title: 'quests committed' }, 'quests ', h('b', { text: String(c.quests) }))),
        h('div.small', {}, 'upgrades: ', chips(c.upgrades, 'br-up', mine)),
        h('div.small', {}, 'reserve: ', h('span', { text: counted(c.reserve) })),
        h('div.small.br-valhalla', {}, 'Valhalla: ', h('span', { text: counted(c.valhalla) })),
        c.shown?.length ? h('div.small', {}, 'seen in hand: ', h('span', { text: c.shown.map((id) => cards[id]?.name || id).join(', ') })) : null);
    };
    const clans = h('section.br-clans', { id: 'br-clans' }, v.clans.map(clan));

    // ------------------------------------------------------- the battle
    let battle = null;
    if (v.battle) {
      const b = v.battle;
      const prov = v.provinces.find((p) => p.id === b.province);
      battle = h('section.br-battle', { id: 'br-battle', dataset: { province: b.province } },
        h('h4', {}, `Battle at ${prov?.name || b.province}`, h('small.muted', { text: ` — pillaged by ${b.pillager} · ${b.step}` })),
        h('div.br-bclans', {}, (b.clans || []).map((c) => {
          const card = b.cards?.[c];
          let shown;
          if (!card) shown = h('span.muted', { text: 'no card yet' });
          else if (card === 'face down') shown = h('span.br-facedown', { text: 'face down' });
          else shown = h('span.br-played', { dataset: { card }, title: cards[card]?.text || '' }, h('b', { text: cards[card]?.name || card }), ` ${cardValue(cards[card])}`);
          const won = b.winner === c;
          return h(`div.br-bclan.${c}${won ? '.winner' : ''}`, { dataset: { clan: c } },
            h('span.dot'), h('b', { text: pretty(c) }), c === b.pillager ? h('span.tag', { text: 'pillager' }) : null,
            h('span.small', { text: ` figures ${prov?.strength?.[c] ?? 0} STR · card ` }), shown,
            b.added?.[c] ? h('span.small', { text: ` · +${b.added[c]} added` }) : null,
            b.strength?.[c] !== undefined ? h('span.br-total', { text: ` · total ${b.strength[c]}` }) : null,
            won ? h('span.tag.won', { text: 'wins' }) : null);
        })),
        b.step === 'end' || b.step === 'spoils' || b.step === 'losses'
          ? h('div.small', { text: b.winner ? `${b.winner} wins the battle` : 'no winner: every clan loses' }) : null);
    }

    // --------------------------------------------------------- the cards
    const card = (id) => {
      const d = cards[id];
      const kinds = kindsNaming(ctx, id);
      const can = kinds.length > 0;
      const hint = can ? ` (click to ${kinds.join(', ')})` : '';
      return h(`div.card.br-card.${d?.type || 'unknown'}${can ? '.playable' : ''}${sel.card === id ? '.selected' : ''}`,
        { dataset: can ? { card: id, type: d?.type || '', kinds: kinds.join(' ') } : { card: id, type: d?.type || '' }, title: (d?.text || id) + hint, role: can ? 'button' : undefined, tabindex: can ? 0 : undefined, onclick: pickCard(id) },
        h('div.br-ctype', { text: typeLabel(d) + (d?.late ? ' · late' : '') }),
        h('b.br-cname', { text: d?.name || pretty(id) }),
        h('div.br-cval', { text: cardValue(d) }),
        d?.text ? h('div.br-ctext', { text: d.text }) : null);
    };
    let draft = null;
    if (v.draft?.length || (v.phase === 'draft' && me !== 'spectator' && v.drafted)) {
      draft = h('section.br-draft', { id: 'br-draft' },
        h('h4', {}, "Gods' Gifts: pick from these", h('small.muted', { text: ` (${(v.draft || []).length})` })),
        h('div.cards', {}, (v.draft || []).map((id) => card(id))),
        v.picked?.length ? h('div.small', {}, 'picked this pass: ', chips(v.picked, 'br-picked', false)) : null,
        h('div.small', {}, 'kept so far: ', chips(v.drafted || [], 'br-drafted', false)));
    }
    let hand = null, quests = null;
    if (me !== 'spectator' && v.clans.some((c) => c.name === me)) {
      hand = h('section.br-hand', { id: 'br-hand' }, h('h4', {}, 'Your hand', h('small.muted', { text: ` (${(v.hand || []).length})` })),
        h('div.cards', {}, v.hand?.length ? v.hand.map((id) => card(id)) : h('span.muted', { text: 'empty' })));
      quests = h('section.br-quests', { id: 'br-quests' }, h('h4', { text: 'Your quests' }),
        v.quests?.length ? h('div.cards', {}, v.quests.map((id) => card(id))) : h('span.muted', { text: 'none committed' }));
    }

    const icon = (kind, label) => h('span.br-icon', {},
      svg('svg', { viewBox: '0 0 22 22', width: 16, height: 16 }, figShape({ clan: me !== 'spectator' && CLANS.includes(me) ? me : 'wolf', kind }, 11, kind === 'ship' ? 13 : 11, { m: { name: 'Monster' } })), label);
    const legend = h('div.br-legend', {},
      ['Manheim', 'Jotunheim', 'Alfheim'].map((r) => h('span.key.' + r.toLowerCase(), { text: r })),
      h('span.key.destroyed', { text: 'destroyed' }), h('span.key.water', { text: 'fjord' }),
      icon('leader', 'leader'), icon('warrior', 'warrior'), icon('ship', 'ship'), icon('m', 'monster'));

    el.append(h('div.bloodrage', {},
      infoBox, result,
      h('div.br-top', {},
        h('div.br-mapwrap', {}, map, legend),
        h('div.br-sidecol', {}, glory, battle, clans)),
      draft, hand, quests));
  },

  // filter narrows the actions to those whose refs name the selected
  // locations (all of them) or the selected card; a selection no action
  // names narrows nothing.
  filter(ctx) {
    const s = ctx.selection || {};
    const ids = s.locs?.length ? s.locs : s.card ? [s.card] : [];
    if (!ids.length) return null;
    const texts = new Set(naming(ctx, ids).map((x) => x.text));
    if (!texts.size) return null;
    return { label: ids.join(' and '), test: (a) => texts.has(a) };
  },
};
