// Blood Rage in the browser. (a) Two people, the Wolf and the Serpent,
// each in a browser page of its own opened with its own seat link, play a
// four-clan match against a random bot and a search bot by clicking. The
// Wolf drafts by clicking the Gods' Gifts, takes actions by clicking a
// province or fjord on the map and then the action it narrows to, and
// plays battle cards by clicking them in its hand; the Serpent drafts and
// plays battle cards by clicking the card, and otherwise clicks a random
// action. The match goes on whenever either must decide (both at once in
// the draft and in a battle's cards). The map shows the nine provinces and
// four fjords, figures appear where the Wolf invades, and each person's
// page draws its own hand as cards and every other hand, the other
// person's too, as a count only, in the page and in every frame it is
// sent; a battle card the other person has chosen is face down until the
// reveal, which then names it.
// (b) Five bots play a whole match watched through the spectator link,
// which ends with every clan's place and Glory.
import { run, newPage, create, link, assert, myTurn, over, seeded, shot, step } from './lib.mjs';

// consoleErrors collects a page's console errors, but for the browser's
// own favicon request.
function consoleErrors(page, errors, who) {
  page.on('console', (msg) => {
    const url = msg.location()?.url || '';
    if (msg.type() === 'error' && !url.endsWith('/favicon.ico')) errors.push(`${who}: ${msg.text()} ${url}`);
  });
}

// recordFrames records every state frame a page receives, and the answers
// (ack or error) to its actions.
function recordFrames(page, out, answers = []) {
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const msg = JSON.parse(String(f.payload));
    if (msg.type === 'state') out.push(msg);
    if (msg.type === 'ack' || msg.type === 'error') answers.push(msg);
  }));
}

const buttons = (page) => page.locator('#actions button.action').evaluateAll((bs) => bs.map((b) => b.dataset.action));

// person opens seat i's own link in a browser page of its own, and
// records the page's console errors, every state frame it receives and
// the answers to its actions.
async function person(browser, m, i, clan) {
  assert(m.seats[i].name === clan, `seat ${i} is the ${clan}: ${JSON.stringify(m.seats.map((s) => s.name))}`);
  const page = await newPage(browser);
  const p = { clan, seat: i, page, frames: [], answers: [], errors: [], plays: [], kinds: new Map(), actions: 0, narrowed: 0, checks: 0, sawOtherFaceDown: 0 };
  consoleErrors(page, p.errors, clan);
  recordFrames(page, p.frames, p.answers);
  await page.goto(link(m.seats[i].link));
  await page.waitForSelector('.bloodrage #br-map');
  return p;
}

// snapshot reads at once, so that no redraw falls between, the step a page
// shows and what it draws of the hands and the battle.
const snapshot = (page) => page.evaluate(() => {
  const b = document.querySelector('#br-battle');
  return {
    seq: Number(document.querySelector('#status .step').textContent.replace(/\D/g, '')),
    mine: [...document.querySelectorAll('#br-clans .br-clan.mine')].map((c) => c.dataset.clan),
    hand: [...document.querySelectorAll('#br-hand .br-card')].map((c) => c.dataset.card),
    sheets: Object.fromEntries([...document.querySelectorAll('#br-clans .br-clan')].map((c) => [c.dataset.clan,
      { count: c.querySelector('.br-handcount b')?.textContent, cards: c.querySelectorAll('.br-card').length }])),
    cards: document.querySelectorAll('.bloodrage .br-card').length,
    own: document.querySelectorAll('#br-hand .br-card, #br-draft .br-card, #br-quests .br-card').length,
    battle: b && {
      step: (b.querySelector('h4 small')?.textContent || '').split('·').pop().trim(),
      cards: Object.fromEntries([...b.querySelectorAll('.br-bclan')].map((c) => [c.dataset.clan,
        c.querySelector('.br-facedown') ? 'face down' : c.querySelector('.br-played')?.dataset.card || null])),
    },
  };
});

await run('bloodrage: two people and two bots play four clans in the browser', async (browser) => {
  const m = await create('bloodrage', ['human', 'random', 'human', 'mcts:iters=50']);
  assert(m.seats.length === 4 && m.seats[0].name === 'wolf' && m.seats[2].name === 'serpent', `four clans, the Wolf first, the Serpent third: ${JSON.stringify(m.seats.map((s) => s.name))}`);
  assert(m.seats[0].link !== m.seats[2].link, 'each person has a seat link of its own');
  const assets = await (await fetch(link('/api/games/bloodrage/assets'))).json();
  const cardName = (id) => assets.cards[id]?.name || id;
  const wolf = await person(browser, m, 0, 'wolf');
  const serpent = await person(browser, m, 2, 'serpent');
  wolf.other = serpent;
  serpent.other = wolf;
  const people = [wolf, serpent];
  const page = wolf.page;
  assert(await page.locator('#br-map .br-province').count() === 9, 'the map shows nine provinces');
  assert(await page.locator('#br-map .br-fjord').count() === 4, 'the map shows four fjords');
  assert(await page.locator('#br-map .br-province[data-id=yggdrasil]').count() === 1, 'Yggdrasil is on the map');
  assert(await page.locator('#br-map .br-province.destroyed').count() === 1, 'one province is destroyed at four clans');
  assert(await page.locator('#br-clans .br-clan').count() === 4, 'four clan sheets');
  assert(await page.locator('#br-glory li').count() === 4, 'four clans on the glory track');
  assert((await page.locator('#br-doom').textContent()).includes('Age 1'), 'the Ragnarök to come is shown');
  for (const p of people) {
    assert((await p.page.locator('#status .you').textContent()) === `you are ${p.clan}`, `${p.clan}'s page is the ${p.clan}'s`);
  }

  const rand = seeded(23);
  const pickOne = (list) => list[Math.floor(rand() * list.length)];
  let invades = 0, sawHand = false, sawBattle = false, sawFaceDown = false;
  const start = Date.now();

  // frameAt returns the last frame p received for step seq, waiting a
  // little for it: the page may draw a frame before it is reported here.
  const frameAt = async (p, seq) => {
    for (let i = 0; i < 100; i++) {
      const f = p.frames.findLast((x) => x.seq === seq);
      if (f) return f;
      await p.page.waitForTimeout(20);
    }
    throw new Error(`${p.clan} was sent no frame of step ${seq}`);
  };

  // checkPage checks what p's page draws against the frame of the step it
  // shows: its own hand as cards, every other clan's hand (the other
  // person's too) as a count only, and before the reveal every other
  // clan's battle card face down, or not chosen yet.
  const checkPage = async (p) => {
    const s = await snapshot(p.page);
    const v = (await frameAt(p, s.seq)).view;
    assert(s.mine.length === 1 && s.mine[0] === p.clan, `${p.clan}'s page marks its own sheet only: ${s.mine}`);
    assert(JSON.stringify(s.hand) === JSON.stringify(v.hand || []), `${p.clan}'s page shows its own hand at step ${s.seq}: ${s.hand} / ${v.hand}`);
    for (const c of v.clans) {
      const want = c.name === p.clan ? (v.hand || []).length : c.hand;
      assert(s.sheets[c.name]?.count === String(want) && s.sheets[c.name].cards === 0,
        `${p.clan}'s page shows ${c.name}'s hand as the count ${want}: ${JSON.stringify(s.sheets[c.name])}`);
    }
    assert(s.cards === s.own, `every card ${p.clan}'s page draws is its own (${s.cards} drawn, ${s.own} its own)`);
    assert(!s.battle === !v.battle, `${p.clan}'s page draws the battle it was sent at step ${s.seq}`);
    if (s.battle) {
      assert(s.battle.step === v.battle.step, `${p.clan}'s page shows the battle's step ${v.battle.step}: ${s.battle.step}`);
      for (const [c, shown] of Object.entries(s.battle.cards)) {
        assert(shown === (v.battle.cards?.[c] ?? null), `${p.clan}'s page shows ${c}'s battle card as sent: ${shown} / ${JSON.stringify(v.battle)}`);
        if (c === p.clan || v.battle.step !== 'battle cards') continue;
        assert(shown === null || shown === 'face down', `${p.clan}'s page shows ${c}'s battle card face down before the reveal: ${shown}`);
        if (c === p.other.clan && shown === 'face down') p.sawOtherFaceDown++;
      }
    }
    p.checks++;
  };

  // clickAction clicks p's button of action a, waits for the server's
  // answer and for p's page to show the step it made; it returns that step.
  const clickAction = async (p, a) => {
    const answered = p.answers.length;
    await p.page.evaluate((t) => {
      const b = [...document.querySelectorAll('#actions button.action')].find((x) => x.dataset.action === t);
      const d = b && b.closest('details');
      if (d) d.open = true;
    }, a);
    await p.page.locator(`#actions button.action[data-action="${a}"]`).first().click({ timeout: 5000 });
    for (let i = 0; p.answers.length === answered; i++) {
      assert(i < 750, `an answer to ${p.clan}'s ${a}`);
      await p.page.waitForTimeout(20);
    }
    const ans = p.answers[answered];
    assert(ans.type === 'ack', `${p.clan}'s action ${a} was accepted: ${JSON.stringify(ans)}`);
    await p.page.waitForFunction((n) => {
      const s = document.querySelector('#status .step');
      return s && Number(s.textContent.replace(/\D/g, '')) >= n;
    }, ans.seq, { timeout: 15000 });
    const w = a.split(' ');
    p.actions++;
    p.kinds.set(w[0], (p.kinds.get(w[0]) || 0) + 1);
    if (w[0] === 'play') p.plays.push({ card: w[1], seq: ans.seq });
    return ans.seq;
  };

  // narrowTo clicks the element selector names on p's page and checks
  // that the actions shown then all name id, and that a is among them.
  const narrowTo = async (p, selector, id, a) => {
    await p.page.locator(selector).first().click({ timeout: 5000 });
    await p.page.waitForSelector('#actions .filter');
    const label = (await p.page.locator('#actions .filter b').textContent()) || '';
    assert(label.split(' and ').includes(id), `${p.clan}'s actions are narrowed to ${id}: ${label}`);
    const { seq, listed } = await p.page.evaluate(() => ({
      seq: Number(document.querySelector('#status .step').textContent.replace(/\D/g, '')),
      listed: [...document.querySelectorAll('#actions button.action')].map((b) => b.dataset.action),
    }));
    assert(listed.length > 0 && listed.every((t) => t.split(' ').includes(id)), `every action shown to ${p.clan} names ${id}: ${listed.join(' | ')}`);
    assert(listed.includes(a), `${a} is among ${p.clan}'s actions for ${id}: ${listed.join(' | ')}`);
    // Exactly the actions whose refs (as the frame shown describes them)
    // name everything selected: the renderer narrows by refs, not text.
    const f = [...p.frames].reverse().find((x) => x.seq === seq);
    if (f) {
      const ids = label.split(' and ');
      const want = (f.actions || []).filter((x) => ids.every((i) => (x.refs || []).includes(i))).map((x) => x.text);
      assert(JSON.stringify([...listed].sort()) === JSON.stringify(want.sort()), `${p.clan}'s actions for ${label} are those naming it: ${listed.join(' | ')} vs ${want.join(' | ')}`);
      p.exact = (p.exact || 0) + 1;
    }
    p.narrowed++;
  };

  const figuresAt = (p, id) => {
    const v = p.frames[p.frames.length - 1]?.view;
    return (v?.provinces.find((x) => x.id === id) || v?.fjords.find((x) => x.id === id))?.figures || [];
  };

  // What the Wolf does: draft any card, pillage where an enemy stands,
  // invade (most often), quest and upgrade now and then, answer calls to
  // battle, play any battle card; it passes only when nothing else is
  // left. It selects on the board or in its hand what the action names,
  // then clicks the action.
  const wolfDecides = async (legal) => {
    if (await page.locator('#br-hand .br-card').count()) sawHand = true;
    if (await page.locator('#br-battle').count()) sawBattle = true;
    if (await page.locator('#br-battle .br-facedown').count()) sawFaceDown = true;
    const enemiesIn = (id) => figuresAt(wolf, id).some((f) => f.clan !== 'wolf');
    const of = (verb) => legal.filter((a) => a.startsWith(verb + ' '));
    let a;
    if (of('pick').length) a = pickOne(of('pick'));
    else if (of('play').length) a = pickOne(of('play'));
    else if (of('pillage').some((x) => enemiesIn(x.split(' ')[1]))) a = pickOne(of('pillage').filter((x) => enemiesIn(x.split(' ')[1])));
    else if (of('invade').length && rand() < 0.7) a = pickOne(of('invade'));
    else {
      const rest = legal.filter((x) => x !== 'pass' && !(x.startsWith('march') && rand() < 0.5));
      a = pickOne(rest.length ? rest : legal);
    }
    const w = a.split(' ');
    const verb = w[0];
    const locs = await page.locator('#br-map [data-id]').evaluateAll((es) => es.map((e) => e.dataset.id));
    const loc = w.slice(1).find((t) => locs.includes(t));
    const card = w.slice(1).find((t) => t !== 'nothing' && t !== 'as-battle' && !locs.includes(t));
    if (verb === 'pick') {
      await narrowTo(wolf, `#br-draft .br-card[data-card="${w[1]}"]`, w[1], a);
    } else if (loc) {
      await narrowTo(wolf, `#br-map [data-id="${loc}"]`, loc, a);
    } else if (card && await page.locator(`#br-hand .br-card[data-card="${card}"]`).count()) {
      await narrowTo(wolf, `#br-hand .br-card[data-card="${card}"]`, card, a);
    }
    if (verb === 'play' && !wolf.kinds.has('play')) await shot(page, 'bloodrage-battle');
    const seq = await clickAction(wolf, a);
    if (verb === 'invade') {
      // The frame of the invasion has the figure there, and so has the map.
      const kind = w[1];
      const next = await frameAt(wolf, seq);
      const place = next.view.provinces.find((p) => p.id === w[2]) || next.view.fjords.find((p) => p.id === w[2]);
      assert((place.figures || []).some((f) => f.clan === 'wolf' && (f.kind === kind || !['leader', 'warrior', 'ship'].includes(kind))),
        `after ${a} the Wolf has a ${kind} in ${w[2]}: ${JSON.stringify(place.figures)}`);
      if (invades === 0) {
        await page.waitForSelector(`#br-map [data-id="${w[2]}"] .br-fig.wolf`, { timeout: 5000 });
        assert(await page.locator('#br-map .br-fig.wolf').count() > 0, 'the map shows the Wolf\'s figures');
        await shot(page, 'bloodrage-invaded');
      }
      invades++;
    }
    return seq;
  };

  // What the Serpent does, more simply: it drafts and plays battle cards
  // by clicking a card (the actions narrow to it), and otherwise clicks a
  // random action button, invading and pillaging where the Wolf stands
  // when it can, passing only when nothing else is left.
  const rand2 = seeded(71);
  const serpentDecides = async (legal) => {
    const one = (list) => list[Math.floor(rand2() * list.length)];
    const of = (verb) => legal.filter((a) => a.startsWith(verb + ' '));
    let a;
    if (of('pick').length) {
      a = one(of('pick'));
      await narrowTo(serpent, `#br-draft .br-card[data-card="${a.split(' ')[1]}"]`, a.split(' ')[1], a);
    } else if (of('play').length) {
      a = one(of('play'));
      await narrowTo(serpent, `#br-hand .br-card[data-card="${a.split(' ')[1]}"]`, a.split(' ')[1], a);
    } else {
      const atWolf = legal.filter((x) => /^(invade|pillage) /.test(x) && figuresAt(serpent, x.split(' ').pop()).some((f) => f.clan === 'wolf'));
      const rest = legal.filter((x) => x !== 'pass');
      a = atWolf.length && rand2() < 0.7 ? one(atWolf) : one(rest.length ? rest : legal);
    }
    return clickAction(serpent, a);
  };

  // The match goes on whenever either person must decide: in the draft
  // and in a battle's cards both decide at once, and which of them clicks
  // first is drawn by lot. After each action the other person's page is
  // checked at (at least) the step it made.
  for (;;) {
    assert(Date.now() - start < 45000, `the people's actions within 45 s (the Wolf ${wolf.actions}, the Serpent ${serpent.actions})`);
    if (await over(page)) break;
    const enough = wolf.actions >= 40 && wolf.kinds.has('play') && serpent.kinds.has('play') && serpent.actions >= 20 &&
      wolf.sawOtherFaceDown + serpent.sawOtherFaceDown > 0;
    if (enough || wolf.actions >= 150) break;
    const deciding = [];
    for (const p of people) if (await myTurn(p.page)) deciding.push(p);
    if (!deciding.length) {
      await page.waitForTimeout(40);
      continue;
    }
    if (deciding.length > 1 && rand() < 0.5) deciding.reverse();
    for (const p of deciding) {
      if (!(await myTurn(p.page))) continue;
      if (await p.page.locator('#actions .filter').count()) {
        await p.page.click('#actions .filter button');
        await p.page.waitForSelector('#actions .filter', { state: 'detached' });
      }
      const legal = await buttons(p.page);
      if (!legal.length) continue;
      await checkPage(p);
      const seq = p === wolf ? await wolfDecides(legal) : await serpentDecides(legal);
      await p.other.page.waitForFunction((n) => {
        const s = document.querySelector('#status .step');
        return s && Number(s.textContent.replace(/\D/g, '')) >= n;
      }, seq, { timeout: 15000 });
      await checkPage(p.other);
    }
  }

  // What the pages showed, and what they were sent.
  const actions = wolf.actions, kinds = wolf.kinds;
  assert(actions >= 40 || (await over(page)), `at least forty actions of the Wolf, or to the end: ${actions}`);
  for (const k of ['pick', 'invade']) assert(kinds.has(k), `a ${k} was clicked (clicked: ${[...kinds.keys()]})`);
  assert(kinds.has('play'), `the Wolf played a battle card (clicked: ${[...kinds]})`);
  assert(serpent.kinds.has('pick') && serpent.kinds.has('play'), `the Serpent drafted and played a battle card (clicked: ${[...serpent.kinds]})`);
  assert(invades > 0, 'the Wolf invaded');
  assert(wolf.narrowed >= actions / 2, `clicking the map and the cards narrowed the actions (${wolf.narrowed} of ${actions})`);
  assert((wolf.exact || 0) + (serpent.exact || 0) > 0, 'a narrowing was checked against the refs of the frame shown');
  assert(sawHand, 'the hand was drawn as cards');
  assert(sawBattle, 'a battle was drawn');
  assert(wolf.sawOtherFaceDown + serpent.sawOtherFaceDown > 0, 'a person\'s page showed the other person\'s battle card face down');
  for (const p of people) {
    const o = p.other;
    const othersHands = await p.page.locator('#br-clans .br-clan:not(.mine)').evaluateAll((cs) => cs.map((c) => ({
      clan: c.dataset.clan, count: c.querySelector('.br-handcount b')?.textContent, cards: c.querySelectorAll('.br-card').length,
    })));
    assert(othersHands.length === 3 && othersHands.some((x) => x.clan === o.clan), `${p.clan} sees three other clans, the ${o.clan} among them: ${JSON.stringify(othersHands)}`);
    for (const x of othersHands) assert(/^\d+$/.test(x.count || '') && x.cards === 0, `${x.clan}'s hand is a count only on ${p.clan}'s page: ${JSON.stringify(x)}`);

    // Every frame: every hand a count, the own hand a list of as many
    // cards, every other clan's battle card face down before the reveal.
    for (const f of p.frames) {
      const v = f.view;
      assert(v.clans.every((c) => typeof c.hand === 'number'), `every clan's hand is sent to ${p.clan} as a count`);
      assert(!('hand' in v) || Array.isArray(v.hand), 'the own hand is a list');
      assert(v.clans.find((c) => c.name === p.clan).hand === (v.hand || []).length, `${p.clan} is sent its own hand, all of it: ${JSON.stringify(v.hand)}`);
      for (const c of Object.keys(v.battle?.cards || {})) {
        if (c !== p.clan && v.battle.step === 'battle cards') assert(v.battle.cards[c] === 'face down', `${c}'s battle card is face down to ${p.clan} before the reveal: ${JSON.stringify(v.battle)}`);
      }
    }
    // The other person's hand, step by step, is a count of as many cards
    // as it holds.
    const its = new Map(o.frames.map((f) => [f.seq, f]));
    let compared = 0;
    for (const f of p.frames) {
      const g = its.get(f.seq);
      if (!g) continue;
      const c = f.view.clans.find((x) => x.name === o.clan);
      assert(c.hand === (g.view.hand || []).length, `at step ${f.seq} ${p.clan} is sent the ${o.clan}'s hand as ${c.hand}, which holds ${(g.view.hand || []).length}`);
      compared++;
    }
    assert(compared > 10, `${p.clan}'s and ${o.clan}'s frames of the same steps compared: ${compared}`);

    // The events: p alone is told which card it played face down; the
    // other person is told that p chose a card, sees it face down until
    // the reveal, and then the card it was.
    const seen = new Map();
    for (const f of [...p.frames, ...o.frames]) for (const e of f.events) seen.set(`${f.seat}|${e.seq}|${e.type}|${e.text}`, { ...e, to: f.seat });
    const evs = [...seen.values()];
    const own = evs.filter((e) => e.to === p.clan && e.type === 'battle.pick.own').map((e) => e.seq);
    assert(JSON.stringify(own) === JSON.stringify(p.plays.map((x) => x.seq)), `${p.clan} is told of its own face-down cards at the steps it played them: ${own} / ${p.plays.map((x) => x.seq)}`);
    const oLog = await o.page.locator('#log li').allTextContents();
    for (const x of p.plays) {
      assert(evs.some((e) => e.to === o.clan && e.seq === x.seq && e.type === 'battle.pick' && e.text === `${p.clan} chooses its card`),
        `${o.clan} is told that ${p.clan} chose a card at step ${x.seq}`);
      const rev = evs.find((e) => e.to === o.clan && e.seq >= x.seq && e.type === 'battle.reveal' && e.text.startsWith(`${p.clan} reveals `));
      if (!rev) continue; // not revealed yet when the test stopped
      assert(rev.text === `${p.clan} reveals ${cardName(x.card)}`, `${o.clan} is shown the card ${p.clan} played: ${rev.text}, not ${cardName(x.card)}`);
      assert(oLog.some((t) => t.includes(rev.text)), `${o.clan}'s log shows ${rev.text}`);
      for (const f of o.frames) {
        if (f.seq < x.seq || f.seq >= rev.seq || f.view.battle?.step !== 'battle cards') continue;
        assert(f.view.battle.cards?.[p.clan] === 'face down', `${p.clan}'s card is face down to ${o.clan} at step ${f.seq}, before the reveal at ${rev.seq}: ${JSON.stringify(f.view.battle)}`);
        o.faceDownFrames = (o.faceDownFrames || 0) + 1;
      }
    }
    assert(p.errors.length === 0, `no console errors: ${p.errors.join('; ')}`);
  }
  await shot(page, 'bloodrage-four');
  await shot(serpent.page, 'bloodrage-four-serpent');
  const last = wolf.frames[wolf.frames.length - 1].view;
  console.log(`the Wolf: ${actions} actions (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${wolf.narrowed} narrowed (${wolf.exact || 0} checked by refs); ` +
    `the Serpent: ${serpent.actions} actions (${[...serpent.kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${serpent.narrowed} narrowed; ` +
    `in ${((Date.now() - start) / 1000).toFixed(1)} s; ${wolf.frames.length} + ${serpent.frames.length} frames; ${wolf.checks} + ${serpent.checks} pages checked; ` +
    `the other person's card face down: ${wolf.sawOtherFaceDown} + ${serpent.sawOtherFaceDown} times on the page, ${wolf.faceDownFrames || 0} + ${serpent.faceDownFrames || 0} frames; ` +
    `any face-down card seen by the Wolf: ${sawFaceDown}; Age ${last.age}, ${last.phase}`);
});

await run('bloodrage: five bots play to the end, watched by a spectator', async (browser) => {
  const m = await create('bloodrage', ['random', 'random', 'mcts:iters=20', 'random', 'random']);
  assert(m.seats.length === 5 && m.seats[4].name === 'ram', `five clans, the Ram fifth: ${JSON.stringify(m.seats.map((s) => s.name))}`);
  const page = await newPage(browser);
  const errors = [], frames = [];
  consoleErrors(page, errors, 'spectator');
  recordFrames(page, frames);
  const start = Date.now();
  await page.goto(link(m.spectator.link));
  await page.waitForSelector('.bloodrage #br-map');
  assert(await page.locator('#br-map .br-province').count() === 9, 'the map shows nine provinces');
  assert(await page.locator('#br-map .br-fjord').count() === 4, 'the map shows four fjords');
  assert(await page.locator('#br-clans .br-clan').count() === 5, 'five clan sheets');
  let sawFigures = false, sawBattle = false;
  while (!(await page.locator('#br-result').count())) {
    assert(Date.now() - start < 60000, 'the bots finish within a minute');
    if (await page.locator('#br-map .br-fig').count()) sawFigures = true;
    if (await page.locator('#br-battle').count()) sawBattle = true;
    assert(await page.locator('#br-hand, #br-draft, .br-card').count() === 0, 'the spectator sees no hand');
    await page.waitForTimeout(100);
  }
  await page.waitForSelector('#over');
  const rows = await page.locator('#br-result li').evaluateAll((ls) => ls.map((l) => ({
    clan: l.dataset.clan, place: Number(l.dataset.place), text: l.textContent,
  })));
  assert(rows.length === 5, `the result lists five clans: ${JSON.stringify(rows)}`);
  assert(new Set(rows.map((r) => r.clan)).size === 5, 'each clan once');
  const glory = rows.map((r) => Number((r.text.match(/(\d+) Glory/) || [])[1]));
  for (let i = 0; i < rows.length; i++) {
    assert(rows[i].place >= 1 && rows[i].place <= 5 && rows[i].text.startsWith(`${rows[i].place}.`), `a place: ${rows[i].text}`);
    assert(!Number.isNaN(glory[i]), `Glory: ${rows[i].text}`);
    if (i) assert(rows[i].place >= rows[i - 1].place && glory[i] <= glory[i - 1], `ranked by place and Glory: ${rows.map((r) => r.text).join(' / ')}`);
    if (i) assert((rows[i].place === rows[i - 1].place) === (glory[i] === glory[i - 1]), `tied Glory shares a place: ${rows.map((r) => r.text).join(' / ')}`);
  }
  assert(rows[0].place === 1, 'someone is first');
  const last = frames[frames.length - 1].view;
  assert(last.phase === 'over' && last.age === 3, `the match ended after the third Age: Age ${last.age}, ${last.phase}`);
  assert(frames.every((f) => f.legal.length === 0 && !('hand' in f.view) && !('draft' in f.view)), 'the spectator is sent no hand and no action');
  assert(sawFigures, 'figures were drawn on the map');
  const banner = await page.locator('#over').textContent();
  assert(banner.includes(rows[0].clan), `the banner names the winner ${rows[0].clan}: ${banner}`);
  await shot(page, 'bloodrage-five-over');
  assert(errors.length === 0, `no console errors: ${errors.join('; ')}`);
  console.log(`five bots played ${await step(page)} steps in ${((Date.now() - start) / 1000).toFixed(1)} s; battles seen: ${sawBattle}; ${rows.map((r) => r.text.trim()).join(' / ')}`);
});
