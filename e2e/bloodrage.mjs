// Blood Rage in the browser. (a) A person (the Wolf) plays a four-clan
// match against two random bots and a search bot by clicking: it drafts by
// clicking the Gods' Gifts, takes actions by clicking a province or fjord on
// the map and then the action it narrows to, and plays battle cards by
// clicking them in its hand. The map shows the nine provinces and four
// fjords, figures appear where the Wolf invades, the hand is drawn as cards
// and the other clans' hands as counts only, in the page and in every frame.
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

await run('bloodrage: a person plays four clans in the browser', async (browser) => {
  const m = await create('bloodrage', ['human', 'random', 'random', 'mcts:iters=50']);
  assert(m.seats.length === 4 && m.seats[0].name === 'wolf', `four clans, the Wolf first: ${JSON.stringify(m.seats.map((s) => s.name))}`);
  const page = await newPage(browser);
  const errors = [], frames = [], answers = [];
  consoleErrors(page, errors, 'wolf');
  recordFrames(page, frames, answers);
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('.bloodrage #br-map');
  assert(await page.locator('#br-map .br-province').count() === 9, 'the map shows nine provinces');
  assert(await page.locator('#br-map .br-fjord').count() === 4, 'the map shows four fjords');
  assert(await page.locator('#br-map .br-province[data-id=yggdrasil]').count() === 1, 'Yggdrasil is on the map');
  assert(await page.locator('#br-map .br-province.destroyed').count() === 1, 'one province is destroyed at four clans');
  assert(await page.locator('#br-clans .br-clan').count() === 4, 'four clan sheets');
  assert(await page.locator('#br-glory li').count() === 4, 'four clans on the glory track');
  assert((await page.locator('#br-doom').textContent()).includes('Age 1'), 'the Ragnarök to come is shown');

  const rand = seeded(23);
  const pickOne = (list) => list[Math.floor(rand() * list.length)];
  const kinds = new Map(); // verb -> times clicked
  let actions = 0, narrowed = 0, invades = 0, sawHand = false, sawBattle = false, sawFaceDown = false;
  const start = Date.now();

  // clickAction clicks the button of action a, waits for the server's
  // answer and for the page to show the step it made; it returns that step.
  const clickAction = async (a) => {
    const answered = answers.length;
    await page.evaluate((t) => {
      const b = [...document.querySelectorAll('#actions button.action')].find((x) => x.dataset.action === t);
      const d = b && b.closest('details');
      if (d) d.open = true;
    }, a);
    await page.locator(`#actions button.action[data-action="${a}"]`).first().click({ timeout: 5000 });
    for (let i = 0; answers.length === answered; i++) {
      assert(i < 750, `an answer to ${a}`);
      await page.waitForTimeout(20);
    }
    const ans = answers[answered];
    assert(ans.type === 'ack', `the action ${a} was accepted: ${JSON.stringify(ans)}`);
    await page.waitForFunction((n) => {
      const s = document.querySelector('#status .step');
      return s && Number(s.textContent.replace(/\D/g, '')) >= n;
    }, ans.seq, { timeout: 15000 });
    return ans.seq;
  };

  // narrowTo clicks the element selector names and checks that the actions
  // shown then all name id, and that a is among them.
  const narrowTo = async (selector, id, a) => {
    await page.locator(selector).first().click({ timeout: 5000 });
    await page.waitForSelector('#actions .filter');
    const label = (await page.locator('#actions .filter b').textContent()) || '';
    assert(label.split(' and ').includes(id), `the actions are narrowed to ${id}: ${label}`);
    const listed = await buttons(page);
    assert(listed.length > 0 && listed.every((t) => t.split(' ').includes(id)), `every action shown names ${id}: ${listed.join(' | ')}`);
    assert(listed.includes(a), `${a} is among the actions for ${id}: ${listed.join(' | ')}`);
    narrowed++;
  };

  const locationsOf = async () => page.locator('#br-map [data-id]').evaluateAll((es) => es.map((e) => e.dataset.id));

  while (!(await over(page))) {
    assert(Date.now() - start < 90000, `the person's actions within 90 s (${actions} done)`);
    if (actions >= 40 && kinds.has('play')) break;
    if (actions >= 120) break;
    if (!(await myTurn(page))) {
      await page.waitForTimeout(40);
      continue;
    }
    if (await page.locator('#actions .filter').count()) {
      await page.click('#actions .filter button');
      await page.waitForSelector('#actions .filter', { state: 'detached' });
    }
    const legal = await buttons(page);
    if (!legal.length) {
      await page.waitForTimeout(40);
      continue;
    }
    if (await page.locator('#br-hand .br-card').count()) sawHand = true;
    if (await page.locator('#br-battle').count()) sawBattle = true;
    if (await page.locator('#br-battle .br-facedown').count()) sawFaceDown = true;
    const view = frames[frames.length - 1]?.view;
    const enemiesIn = (id) => (view?.provinces.find((p) => p.id === id)?.figures || []).some((f) => f.clan !== 'wolf');
    const of = (verb) => legal.filter((a) => a.startsWith(verb + ' '));

    // What the Wolf does: draft any card, pillage where an enemy stands,
    // invade (most often), quest and upgrade now and then, answer calls to
    // battle, play any battle card; it passes only when nothing else is left.
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

    // Select on the board or in the hand what the action names, then click it.
    const locs = await locationsOf();
    const loc = w.slice(1).find((t) => locs.includes(t));
    const card = w.slice(1).find((t) => t !== 'nothing' && t !== 'as-battle' && !locs.includes(t));
    if (verb === 'pick') {
      await narrowTo(`#br-draft .br-card[data-card="${w[1]}"]`, w[1], a);
    } else if (loc) {
      const sel = `#br-map [data-id="${loc}"]`;
      await narrowTo(sel, loc, a);
    } else if (card && await page.locator(`#br-hand .br-card[data-card="${card}"]`).count()) {
      await narrowTo(`#br-hand .br-card[data-card="${card}"]`, card, a);
    }
    if (verb === 'play' && !kinds.has('play')) await shot(page, 'bloodrage-battle');
    const seq = await clickAction(a);
    actions++;
    kinds.set(verb, (kinds.get(verb) || 0) + 1);

    if (verb === 'invade') {
      // The frame of the invasion has the figure there, and so has the map.
      const kind = w[1];
      let next;
      for (let i = 0; i < 100 && !(next = frames.find((x) => x.seq === seq)); i++) await page.waitForTimeout(20);
      assert(next, `the frame of the invasion ${a}`);
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
  }

  // What the page showed, and what it was sent.
  assert(actions >= 40 || (await over(page)), `at least forty actions, or to the end: ${actions}`);
  for (const k of ['pick', 'invade']) assert(kinds.has(k), `a ${k} was clicked (clicked: ${[...kinds.keys()]})`);
  assert(kinds.has('play'), `a battle card was played (clicked: ${[...kinds]})`);
  assert(invades > 0, 'the Wolf invaded');
  assert(narrowed >= actions / 2, `clicking the map and the cards narrowed the actions (${narrowed} of ${actions})`);
  assert(sawHand, 'the hand was drawn as cards');
  assert(sawBattle, 'a battle was drawn');
  const othersHands = await page.locator('#br-clans .br-clan:not(.mine)').evaluateAll((cs) => cs.map((c) => ({
    clan: c.dataset.clan, count: c.querySelector('.br-handcount b')?.textContent, cards: c.querySelectorAll('.br-card').length,
  })));
  assert(othersHands.length === 3, `three other clans: ${JSON.stringify(othersHands)}`);
  for (const o of othersHands) assert(/^\d+$/.test(o.count || '') && o.cards === 0, `${o.clan}'s hand is a count only: ${JSON.stringify(o)}`);
  assert(await page.locator('.bloodrage .br-card').count() === await page.locator('#br-hand .br-card, #br-draft .br-card, #br-quests .br-card').count(),
    'every card drawn is the Wolf\'s own');
  for (const f of frames) {
    const v = f.view;
    assert(v.clans.every((c) => typeof c.hand === 'number'), 'every clan\'s hand is sent as a count');
    assert(!('hand' in v) || Array.isArray(v.hand), 'the own hand is a list');
    for (const c of Object.keys(v.battle?.cards || {})) {
      if (c !== 'wolf' && v.battle.step === 'battle cards') assert(v.battle.cards[c] === 'face down', `${c}'s battle card is face down before the reveal: ${JSON.stringify(v.battle)}`);
    }
  }
  await shot(page, 'bloodrage-four');
  assert(errors.length === 0, `no console errors: ${errors.join('; ')}`);
  console.log(`${actions} actions in ${((Date.now() - start) / 1000).toFixed(1)} s (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}); ` +
    `${narrowed} narrowed; ${frames.length} frames; face-down cards seen: ${sawFaceDown}; Age ${frames[frames.length - 1].view.age}, ${frames[frames.length - 1].view.phase}`);
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
