// Black & Red: each side's units and gravestones, the strategy cards (face
// down until both are placed), the force cards (placed face down and
// turned over together), your hand and your whole battle deck in order
// (the view names its cards; their values are the game's assets),
// each side's cards taken out of the game (public), what was announced
// before battle 1 (who attacks first and why, the unit cards placed), and
// the last battle's outcome, each total as its terms with their cards.
// Cards you may play now are buttons, found by what the server says each
// legal action names (ctx.actions: its kind and refs): the weapon, the
// strategy card by its id, the force card by its number. Everything is
// drawn from the view's fields and the actions' refs: no text is parsed.
import { h, pretty } from '../dom.js';

const WEAPONS = ['sword', 'spear', 'bow'];
const ICON = { sword: '⚔', spear: '↑', bow: '➶' };

// count writes "1 unit", "2 units".
function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

const TERM = {
  power: (t) => `the first card's power for the weapon (${t.of}'s ${t.card})`,
  extra: (t) => `the extra of a further card (${t.of}'s ${t.card})`,
  bonus: (t) => `a bonus of ${t.of}'s card ${t.card}`,
  malus: (t) => `a malus: ${t.of}'s ${t.card} takes points away`,
};

// total draws a side's battle total as its terms, each with its card and
// a tooltip saying what it is: "Champion's power 9 + Sword Brother's extra
// 3 - black's Sabotage 2 = 10".
function total(bs) {
  const out = h('span.terms', { dataset: { total: bs.total } });
  (bs.terms || []).forEach((t, i) => {
    if (t.kind === 'malus') out.append(' − ');
    else if (i > 0) out.append(' + ');
    const label = t.kind === 'power' || t.kind === 'extra' ? `${t.card}'s ${t.kind} ${t.points}`
      : t.kind === 'malus' ? `${t.of}'s ${t.card} ${t.points}` : `${t.card} ${t.points}`;
    out.append(h('span.term.' + t.kind, { title: TERM[t.kind] ? TERM[t.kind](t) : t.kind, dataset: { kind: t.kind, card: t.card, points: t.points } }, label));
  });
  out.append(h('b', { text: ` = ${bs.total}` }));
  if (bs.floored) out.append(h('small', { text: ' (never below 0)' }));
  return out;
}

function card(cls, attrs, ...body) {
  return h('div.card.' + cls, attrs, ...body);
}

function back(label) {
  return card('back', { title: label || 'face down' }, h('span', { text: '◆' }));
}

// offered returns the legal actions of kind that name ref (all of kind
// when ref is undefined), as the server describes them.
function offered(ctx, kind, ref) {
  return (ctx.actions || []).filter((a) => a.kind === kind && (ref === undefined || (a.refs || []).includes(ref)));
}

// pick is what clicking a thing does: the one action of kind naming ref
// is played; several are offered in the actions panel (the selection
// narrows it to them); none, nothing.
function pick(ctx, kind, ref) {
  const list = offered(ctx, kind, ref);
  if (!list.length || ctx.readonly) return undefined;
  if (list.length === 1) return () => ctx.act(list[0].text);
  return () => ctx.select({ kind, ref });
}

function side(name, sv, ctx, mine, view) {
  const mineActs = mine ? ctx : { actions: [] };
  const act = (kind, ref) => pick(mineActs, kind, ref);
  const text = (kind, ref) => offered(mineActs, kind, ref).map((a) => a.text)[0];
  const box = h(`section.side.${name}${mine ? '.mine' : ''}`, { id: 'side-' + name });
  const title = h('h3', {}, h('span.dot.' + name), pretty(name), mine ? ' (you)' : '',
    view.attacker === name ? h('span.tag', { text: 'attacker' }) : null,
    view.deciders.includes(name) ? h('span.tag.deciding', { text: 'deciding' }) : null);
  const units = h('div.units', {}, sv.unit_cards.map((u) => h('span.unit' + (u.alive ? '' : '.dead'), { title: u.alive ? 'alive' : 'gravestone', text: u.alive ? u.name : '✝ ' + u.name })));
  box.append(title, h('div.meta', {}, `${count(sv.units, 'unit', 'units')}, ${count(sv.gravestones, 'gravestone', 'gravestones')} · battle deck ${sv.deck_size} · hand ${sv.hand_size} · up to ${count(sv.max_cards, 'card', 'cards')}`), units);

  // The table: the strategy card, the weapon, the force card.
  const table = h('div.table');
  if (sv.strategy === 'face down') table.append(h('div.slot', {}, h('small', { text: 'strategy' }), back('strategy card, face down')));
  else if (sv.strategy) table.append(h('div.slot', {}, h('small', { text: 'strategy' }), card('strategy', { title: sv.strategy }, pretty(sv.strategy))));
  if (sv.weapon) {
    // Clicking the weapon stated offers what names it: Feint's keep.
    const keep = text('feint', sv.weapon);
    table.append(h('div.slot', {}, h('small', { text: 'weapon' }), card('weapon' + (keep ? '.playable' : ''),
      { role: keep ? 'button' : undefined, title: keep ? 'keep ' + sv.weapon : undefined, onclick: act('feint', sv.weapon), dataset: { ref: sv.weapon } }, ICON[sv.weapon] || '', ' ', sv.weapon)));
  }
  if (sv.forced_weapon) table.append(h('div.slot', {}, h('small', { text: 'must use' }), card('weapon.forced', {}, sv.forced_weapon)));
  if (sv.force_face_down) table.append(h('div.slot.force', { dataset: { force: 'down' } }, h('small', { text: 'force' }), back('force card, face down')));
  else if (sv.force) table.append(h('div.slot.force', { dataset: { force: sv.force } }, h('small', { text: 'force' }), card('force', {}, String(sv.force))));
  if (sv.unit_cards_in_play?.length) table.append(h('div.slot', {}, h('small', { text: 'unit cards in play' }), sv.unit_cards_in_play.map((n) => card('unitcard', {}, n))));
  box.append(table);

  if (mine) {
    // Choices: weapons, feint, force cards.
    const choices = h('div.choices');
    for (const w of WEAPONS) {
      for (const kind of ['weapon', 'feint']) {
        // "feint keep" names the weapon stated: it has its own button.
        const t = kind === 'feint' && w === sv.weapon ? undefined : text(kind, w);
        if (t) choices.append(h('button.choice', { type: 'button', onclick: act(kind, w), dataset: { action: t, kind, ref: w } }, ICON[w] + ' ', kind === 'feint' ? 'feint to ' + w : w));
      }
    }
    const keepText = sv.weapon ? text('feint', sv.weapon) : undefined;
    if (keepText) choices.append(h('button.choice', { type: 'button', onclick: act('feint', sv.weapon), dataset: { action: keepText, kind: 'feint', ref: sv.weapon } }, 'keep the weapon'));
    const forces = offered(ctx, 'force').filter((a) => a.refs?.length).sort((a, b) => Number(a.refs[0]) - Number(b.refs[0]));
    if (forces.length) {
      choices.append(h('div.forces', {}, h('small', { text: 'place a force card face down:' }),
        forces.map((a) => card('force.playable', { role: 'button', tabindex: 0, onclick: act('force', a.refs[0]), dataset: { action: a.text, ref: a.refs[0] } }, a.refs[0]))));
    }
    box.append(choices);
    if (sv.hand) {
      box.append(h('div.hand', {}, h('small', { text: 'your strategy cards' }),
        sv.hand.map((id) => {
          const t = text('strategy', id);
          return card('strategy' + (t ? '.playable' : ''), { title: id, role: t ? 'button' : undefined, onclick: act('strategy', id), dataset: t ? { action: t, ref: id } : { ref: id } }, pretty(id));
        })));
    }
    if (sv.deck) {
      // All of it: the rules let a player look at his whole deck.
      box.append(h('details.deck', { open: true }, h('summary', { text: `your whole battle deck (${count(sv.deck.length, 'card', 'cards')}), first card first` }),
        h('ol.deck', {}, sv.deck.map((name, i) => {
          // The view names the cards; what each is comes from the game's
          // assets (/api/games/blackred/assets), loaded once.
          const c = ctx.assets?.cards?.[name];
          return h('li' + (i < sv.max_cards ? '.top' : ''), { dataset: { card: name } },
            h('b', { text: name }), ' ',
            !c ? '' : c.unit ? h('small', { text: c.text }) : h('small', { text: WEAPONS.map((w) => `${w} ${c.power[w]}${c.extra[w] ? '+' + c.extra[w] : ''}`).join(' · ') }));
        }))));
    }
  } else {
    box.append(h('div.hand.hidden', {}, Array.from({ length: sv.hand_size }, () => back('strategy card in hand'))));
  }
  // The cards used are public: they were placed on the table.
  if (sv.out_of_game?.length) {
    box.append(h('div.out', { id: 'out-' + name }, h('small', { text: `out of the game (${sv.out_of_game.length}): ` }),
      sv.out_of_game.map((n, i) => [i ? ' ' : '', h('span.unit.used', { dataset: { card: n } }, n)])));
  }
  return box;
}

export default {
  render(el, ctx) {
    const v = ctx.view;
    const me = ctx.seat === 'black' || ctx.seat === 'red' ? ctx.seat : null;
    const other = me === 'black' ? 'red' : 'black';
    const top = me ? other : 'red';
    const bottom = me || 'black';
    const mid = h('section.middle', {},
      h('div', {}, h('b', { text: `Battle ${v.battle}` }), ` · ${v.attacker} attacks · phase: ${pretty(v.phase)}`),
      h('div.muted', { text: `strategy deck ${v.strategy_deck.size}; played: ${v.strategy_deck.discard.map(pretty).join(', ') || 'none'}` }));
    if (v.battle === 1 && v.opening?.length) {
      // Announced before the first action: the roll for the first
      // attacker, the unit cards battle 1 placed.
      mid.append(h('div.opening', { id: 'opening' }, h('small', { text: 'Before battle 1:' }),
        h('ul', {}, v.opening.map((t) => h('li', { text: t })))));
    }
    if (v.last_battle) {
      const lb = v.last_battle;
      mid.append(h('div.lastbattle', { id: 'last-battle' }, h('b', { text: `Battle ${lb.number}: ${lb.winner === 'none' ? 'a tie' : lb.winner + ' won'}` }),
        ['black', 'red'].map((s) => h('div', { id: 'total-' + s }, h('span.dot.' + s), `${s}: ${count(lb[s].cards.length, 'card', 'cards')} with ${lb[s].weapon}: `, total(lb[s])))));
    }
    if (v.over) mid.append(h('div.result', { text: v.winner === 'draw' ? 'A draw. ' + v.reason : `${v.winner} wins. ${v.reason}` }));
    el.append(h('div.blackred', {}, side(top, v[top], ctx, false, v), mid, side(bottom, v[bottom], ctx, !!me, v)));
  },

  // filter narrows the actions panel to those of the kind naming the
  // thing selected, when a click found several; by refs, not text.
  filter(ctx) {
    const sel = ctx.selection || {};
    if (!sel.kind || sel.ref === undefined) return null;
    const texts = new Set(offered(ctx, sel.kind, sel.ref).map((a) => a.text));
    if (!texts.size) return null;
    return { label: `${sel.kind} ${sel.ref}`, test: (t) => texts.has(t) };
  },
};
