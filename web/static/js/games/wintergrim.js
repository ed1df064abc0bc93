// Wintergrim: each player's piles (deck, hand, removed, captured), food
// and areas — the HQ and every other area or path with its structures,
// their inside units and the outside units, each unit with its health,
// damage and its values now (CC, RC, armour, psyche, luck, room, food; a
// tooltip on each, and a key under the turn) — the seat's own hand as printed cards, the weather,
// the turn and phase, and what is pending: a payment, a declared attack,
// tactics waiting to be played out, a capture, a window for answers.
// The views name cards only ("woodsman#57"); what is printed on them
// comes from the game's assets (/api/games/wintergrim/assets).
// Selecting a card, in the hand or on the table, narrows the action
// buttons to those that name it: whose refs, sent with each action,
// include it.
import { h, pretty } from '../dom.js';

const UNIT_STATS = ['CC', 'RC', 'A', 'H', 'P', 'L', 'R', 'F'];
const STRUCT_STATS = ['A', 'H', 'R', 'F'];

// STAT_HELP explains each value of a card: the tooltip of a stat, and the
// key under the turn.
const STAT_HELP = {
  CC: 'close combat: dice rolled in a CC battle',
  RC: 'ranged combat: dice rolled in an RC battle',
  A: 'armour: absorbs damage (a 6 or Crush ignores it)',
  H: 'health: damage it can take',
  P: 'psyche: dice for Psyche battles and morale rolls',
  L: 'luck: dice for Luck rolls',
  R: 'room: a unit takes it, a structure offers it',
  F: 'food: a unit eats it, a structure gives it',
};

// id returns a card reference's id: "woodsman#57" → "woodsman".
function id(ref) {
  const i = ref.lastIndexOf('#');
  return i >= 0 ? ref.slice(0, i) : ref;
}

function num(ref) {
  const i = ref.lastIndexOf('#');
  return i >= 0 ? ref.slice(i) : '';
}

// named returns, for each legal action's text, the cards it names: the
// refs the server sends with it (a card on the table by its reference,
// "woodsman#57"; a card of the hand by the reference of every card of its
// name in the hand). No action text is parsed.
function named(ctx) {
  const refs = new Map((ctx.actions || []).map((x) => [x.text, x.refs || []]));
  return (a) => refs.get(a) || [];
}

function statLine(def, keys) {
  if (!def?.stats) return '';
  return keys.map((k) => `${k}${def.stats[k] ?? 0}`).join(' ');
}

// stats draws values as "CC1 RC0 …", each with its meaning as a tooltip.
function stats(tag, values) {
  return h(tag + '.stats', {}, values.map(([k, v], i) => h('span.stat', { title: `${k} ${STAT_HELP[k] || ''}`, dataset: { stat: k } },
    (i ? ' ' : '') + k + v)));
}

function defStats(def, keys) {
  return keys.map((k) => [k, def.stats?.[k] ?? 0]);
}

// unitStats are a unit's values on the table now, from the view: with
// what its items, curses and the weather do to them.
function unitStats(u) {
  return [['CC', u.cc], ['RC', u.rc], ['A', u.armour], ['P', u.psyche], ['L', u.luck], ['R', u.room], ['F', u.food]];
}

export default {
  render(el, ctx) {
    const v = ctx.view;
    const cards = ctx.assets?.cards || {};
    const def = (ref) => cards[id(ref)];
    const sel = ctx.selection || {};
    const legal = ctx.readonly ? [] : ctx.legal || [];
    const refsOf = named(ctx);
    const nameable = new Set(legal.flatMap(refsOf));
    const seatIdx = new Map(v.players.map((p, i) => [p.name, i]));
    const colour = (name) => 'p' + (seatIdx.get(name) ?? 0);

    // A card is selectable when an action names it; selecting it again
    // clears the selection.
    const selectable = (ref) => nameable.has(ref);
    // A unit is drawn inside its structure: its click is its own.
    const pick = (ref) => (ev) => { ev.stopPropagation(); ctx.select(sel.card === ref ? {} : { card: ref }); };
    const cardAttrs = (ref, extra = {}) => {
      const can = selectable(ref);
      return {
        ...extra,
        title: ref,
        dataset: { card: ref },
        role: can ? 'button' : undefined,
        tabindex: can ? 0 : undefined,
        onclick: pick(ref),
      };
    };
    const marks = (ref) => (selectable(ref) ? '.playable' : '') + (sel.card === ref ? '.selected' : '');

    const unit = (u) => {
      const d = def(u.card);
      const max = u.health + u.damage;
      const st = [];
      if (u.moved) st.push('moved');
      if (u.attacked) st.push('attacked');
      if (u.trapped) st.push('trapped');
      return h('div.wgunit.' + colour(u.owner) + marks(u.card), cardAttrs(u.card),
        h('div.nm', {}, h('b', { text: u.name }), h('small.muted', { text: ' ' + num(u.card) })),
        h('div.hp', {}, h('span.health', { title: 'health left, of the most: H, the damage it can take', text: `♥ ${u.health}/${max}` }),
          u.damage ? h('span.dmg', { text: ` ✖${u.damage} damage` }) : null),
        u.cc !== undefined ? stats('div', unitStats(u)) : d ? stats('div', defStats(d, UNIT_STATS.filter((k) => k !== 'H'))) : null,
        d?.weapon ? h('div.small', { text: d.weapon }) : null,
        d?.skills ? h('div.small.skills', { text: d.skills }) : null,
        st.length ? h('div.tags', {}, st.map((s) => h('span.tag', { text: s }))) : null,
        u.on?.length ? h('div.small.on', { text: 'with ' + u.on.join(', ') }) : null);
    };

    const structure = (s, isArea) => {
      const d = def(s.card);
      const hq = /\bHQ\b/.test(d?.desc || '') || isArea;
      return h('div.wgstruct' + marks(s.card), cardAttrs(s.card),
        h('div.nm', {}, hq ? h('span.tag.hq', { text: 'HQ' }) : null, h('b', { text: s.name }), h('small.muted', { text: ` ${num(s.card)} · ${s.kind}` })),
        h('div.hp', {}, h('span.health', { text: `♥ ${s.health}/${s.health + s.damage}` }),
          s.damage ? h('span.dmg', { text: ` ✖${s.damage} damage` }) : null,
          d ? h('span', {}, ' · ', stats('span', [['A', d.stats?.A ?? 0]])) : null,
          h('span.room', { text: ` · room ${s.room_left} left of ${s.room}` })),
        h('div.inside', {}, h('small.muted', { text: 'inside:' }), s.inside.length ? s.inside.map(unit) : h('small.muted', { text: ' empty' })));
    };

    const area = (a) => {
      const kind = a.path ? (a.sea ? 'sea path' : 'path') : 'area';
      const structs = a.structures.map((s) => structure(s, s.card === a.card));
      const head = a.structures.some((s) => s.card === a.card)
        ? null
        : h('div.nm' + marks(a.card), cardAttrs(a.card), h('b', { text: a.name }), h('small.muted', { text: ` ${num(a.card)}` }));
      return h(`section.wgarea.${colour(a.owner)}`, { dataset: { area: a.card } },
        h('div.areahead', {}, h('span.kind', { text: `${a.owner}'s ${kind}` }), a.conquer ? h('span.tag.conquer', { text: 'to conquer' }) : null),
        head,
        h('div.structs', {}, structs),
        h('div.outside', {}, h('small.muted', { text: 'outside:' }), a.outside.length ? a.outside.map(unit) : h('small.muted', { text: ' nobody' })));
    };

    const handCard = (ref) => {
      const d = def(ref);
      return h('div.card.wgcard' + marks(ref), cardAttrs(ref),
        h('div.cost', { title: 'cost', text: d ? String(d.cost) : '?' }),
        h('b.cname', { text: d?.name || id(ref) }),
        h('div.desc', { text: d?.desc || '' }),
        d?.req?.length ? h('div.req', { text: 'Req: ' + d.req.join(', ') }) : null,
        d?.weapon ? h('div.small', { text: d.weapon }) : null,
        d?.skills ? h('div.small.skills', { text: d.skills }) : null,
        d?.stats ? stats('div', defStats(d, d.type === 'unit' ? UNIT_STATS : STRUCT_STATS)) : null,
        d?.text ? h('div.text', { text: d.text }) : null);
    };

    const pile = (label, list, cls) => h('details.pile.' + cls, {},
      h('summary', {}, `${label} `, h('b', { text: String(list.length) })),
      list.length ? h('div.small', { text: list.map((r) => def(r)?.name ? `${def(r).name} ${num(r)}` : r).join(', ') }) : h('small.muted', { text: 'empty' }));

    const player = (p) => {
      const mine = p.name === ctx.seat;
      const deciding = v.deciders.includes(p.name);
      const box = h(`section.wgplayer.${colour(p.name)}${mine ? '.mine' : ''}`, { id: 'player-' + p.name },
        h('h3', {}, h('span.dot.' + colour(p.name)), pretty(p.name), mine ? ' (you)' : '',
          v.active === p.name ? h('span.tag.active', { text: 'turn' }) : null,
          deciding ? h('span.tag.deciding', { text: 'deciding' }) : null,
          p.out ? h('span.tag.out', { text: 'out of the game' }) : null),
        h('div.piles', {},
          h('span.pilecount.deck', { title: 'cards in deck' }, `${pretty(p.deck)} deck `, h('b', { text: String(p.deck_size) })),
          h('span.pilecount.handsize', { title: 'cards in hand' }, 'hand ', h('b', { text: String(p.hand_size) })),
          h('span.pilecount.food', { title: 'food' }, 'food ', h('b' + (p.food < 0 ? '.neg' : ''), { text: String(p.food) })),
          p.roll ? h('span.pilecount', {}, 'rolled ', h('b', { text: String(p.roll) })) : null,
          pile('removed', p.removed, 'removed'), pile('captured', p.captured, 'captured')),
        p.marked ? h('div.small', { text: 'marked worker/leader: ' + p.marked }) : null,
        p.shown?.length ? h('div.small', { text: 'shown from hand: ' + p.shown.join(', ') }) : null);
      const areas = v.areas.filter((a) => a.owner === p.name);
      box.append(h('div.areas', {}, areas.length ? areas.map(area) : h('small.muted', { text: 'no areas yet' })));
      if (p.hand) {
        box.append(h('div.wghand', { id: 'hand' }, h('small.muted', { text: `your hand (${p.hand.length})` }),
          h('div.cards', {}, p.hand.length ? p.hand.map(handCard) : h('small.muted', { text: 'empty' }))));
      }
      return box;
    };

    // The turn, the weather and what is pending.
    const info = h('section.wginfo', { id: 'wg-info' });
    let what;
    if (v.stage === 'roll') what = 'Setup: each player rolls a die; the highest searches first and starts.';
    else if (v.stage === 'search') what = `Setup: ${v.deciders.join(', ')} searches its deck for an HQ and two workers.`;
    else if (v.stage === 'play') what = `Turn ${v.turn}: ${v.active}'s turn, ${v.phase} phase.`;
    else what = 'Game over.';
    info.append(h('div', {}, h('b', { text: `Wintergrim · ${v.mode}` }), ' · ', h('span.phase', { id: 'wg-phase', text: what })));
    const wd = v.weather ? def(v.weather) : null;
    info.append(h('details.small.legend', { id: 'wg-legend' }, h('summary', { text: 'Key to the values' }),
      h('div', {}, Object.entries(STAT_HELP).map(([k, t]) => h('div', {}, h('b', { text: k }), ' ' + t))),
      h('div', { text: 'A die succeeds on 4+ (6 against Sneak); each roll in the log says what it needed.' })));
    info.append(h('div.weather', { id: 'wg-weather' }, 'Weather: ', v.weather ? h('b', { text: wd?.name || v.weather }) : 'none',
      wd?.text ? h('small', { text: ' — ' + wd.text }) : null));
    const pending = [];
    if (v.paying) pending.push(`${v.paying.player} is paying for ${v.paying.card}: ${v.paying.left} more ${v.paying.left === 1 ? 'card' : 'cards'} to remove from hand.`);
    if (v.attack) pending.push(`Attack declared: ${v.attack.attacker} attacks ${v.attack.target} (${v.attack.kind}); the dice roll when every answer is made.`);
    if (v.chain?.length) pending.push('Tactics waiting to be played out together: ' + v.chain.join('; '));
    if (v.capture) pending.push(`${v.capture} is defeated: capture or release it.`);
    if (v.stage === 'play' && !v.over && !v.paying && !v.capture && v.deciders.length && !v.deciders.includes(v.active)) {
      pending.push(`Window: ${v.deciders.join(', ')} may answer with a tactic, or pass.`);
    }
    const starving = v.players.filter((p) => p.food < 0 && v.deciders.includes(p.name));
    for (const p of starving) pending.push(`${p.name}'s food is ${p.food}: it must remove units until it is not negative.`);
    if (pending.length) info.append(h('div.pending', { id: 'wg-pending' }, pending.map((t) => h('div', { text: t }))));
    if (v.over) info.append(h('div.result', { text: `${v.winners?.length ? v.winners.join(', ') + ' won' : 'A draw'}: ${v.reason || ''}` }));
    // What is selected, while it is still to be seen.
    if (sel.card && JSON.stringify(v).includes(`"${sel.card}"`)) {
      const d = def(sel.card);
      info.append(h('div.small.selinfo', { id: 'wg-selected' }, 'Selected: ', h('b', { text: `${d?.name || sel.card} ${num(sel.card)}` }),
        d ? ` — ${d.desc}${d.stats ? '; ' + statLine(d, d.type === 'unit' ? UNIT_STATS : STRUCT_STATS) : ''}${d.text ? '; ' + d.text : ''}` : ''));
    }

    // Opponents first, the seat's own side last, as at a table.
    const others = v.players.filter((p) => p.name !== ctx.seat);
    const me = v.players.filter((p) => p.name === ctx.seat);
    el.append(h('div.wintergrim', {}, info, others.map(player), me.map(player)));
  },

  // filter narrows the actions to those naming the selected card.
  filter(ctx) {
    const s = ctx.selection;
    const refsOf = named(ctx);
    const test = (a) => refsOf(a).includes(s.card);
    // A selection no action names any more (the card left play) narrows nothing.
    if (!s?.card || !(ctx.legal || []).some(test)) return null;
    return { label: s.card, test };
  },
};
