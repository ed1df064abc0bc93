// Runewars in the browser: one person, the Daqan Lords, plays a
// three-faction match against two random bots, one year, to its end, by clicking the page. It lays its tiles by clicking a
// tile in hand, a dashed hex on the map and "Lay here"; places its runes,
// stronghold and units by clicking an area on the map and then the action
// the area's panel offers; chooses its order cards by clicking them; and
// otherwise clicks "done" when offered, else the first action offered,
// through the map when the action names an area; a Tactics card it may
// play is played by clicking it in its hand. Every choice is
// deterministic, so the test cannot loop. At every decision the map draws
// one SVG area for each area of the view of the step shown; at the end the
// banner names the winner and every faction's place.
import { run, newPage, create, link, assert, myTurn, over, shot } from './lib.mjs';

await run('runewars: a person and two bots play one year to the end', async (browser) => {
  const m = await create('runewars', ['human', 'random', 'random'], { years: '1' });
  assert(m.seats.length === 3 && m.seats[0].name === 'daqan', `three factions, the Daqan Lords first: ${JSON.stringify(m.seats.map((s) => s.name))}`);
  const page = await newPage(browser);
  const errors = [], frames = [], answers = [];
  page.on('console', (msg) => {
    const url = msg.location()?.url || '';
    if (msg.type() === 'error' && !url.endsWith('/favicon.ico')) errors.push(`${msg.text()} ${url}`);
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const msg = JSON.parse(String(f.payload));
    if (msg.type === 'state') frames.push(msg);
    if (msg.type === 'ack' || msg.type === 'error') answers.push(msg);
  }));
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('.runewars #rw-map');
  assert(await page.locator('#rw-players .rw-player').count() === 3, 'three faction sheets');
  assert(await page.locator('#rw-legend').count() === 1, 'a legend of the symbols');

  const frameAt = async (seq) => {
    for (let i = 0; i < 100; i++) {
      const f = frames.findLast((x) => x.seq === seq);
      if (f) return f;
      await page.waitForTimeout(20);
    }
    throw new Error(`no frame of step ${seq}`);
  };
  const shownStep = () => page.evaluate(() => Number(document.querySelector('#status .step').textContent.replace(/\D/g, '')));

  // checkMap checks, at the step the page shows, that the map draws one
  // SVG area for each area of the view, and no other.
  let mapChecks = 0, maxAreas = 0;
  const checkMap = async () => {
    const s = await page.evaluate(() => ({
      seq: Number(document.querySelector('#status .step').textContent.replace(/\D/g, '')),
      ids: [...document.querySelectorAll('#rw-map .rw-area')].map((a) => a.dataset.id),
    }));
    const v = (await frameAt(s.seq)).view;
    const want = (v.areas || []).map((a) => a.id);
    assert(JSON.stringify([...s.ids].sort()) === JSON.stringify([...want].sort()), `the map at step ${s.seq} draws the view's areas: ${s.ids} / ${want}`);
    maxAreas = Math.max(maxAreas, want.length);
    mapChecks++;
    return v;
  };

  // clickTo clicks what selector names and waits for the server's answer
  // to the action it sends and for the page to show the step it made.
  const kinds = new Map();
  const clickTo = async (selector, action) => {
    const answered = answers.length;
    await page.locator(selector).first().click({ timeout: 5000 });
    for (let i = 0; answers.length === answered; i++) {
      assert(i < 750, `an answer to ${action}`);
      await page.waitForTimeout(20);
    }
    const ans = answers[answered];
    assert(ans.type === 'ack', `${action} was accepted: ${JSON.stringify(ans)}`);
    await page.waitForFunction((n) => {
      const s = document.querySelector('#status .step');
      return s && Number(s.textContent.replace(/\D/g, '')) >= n;
    }, ans.seq, { timeout: 15000 });
    const k = action.split(' ')[0];
    kinds.set(k, (kinds.get(k) || 0) + 1);
    return ans.seq;
  };

  const start = Date.now();
  let actions = 0, orderClicks = 0, layClicks = 0, areaClicks = 0, tacticClicks = 0, handChecks = 0;
  for (;;) {
    assert(Date.now() - start < 80000, `the match within 80 s (${actions} actions so far)`);
    if (await over(page)) break;
    if (!(await myTurn(page))) {
      await page.waitForTimeout(40);
      continue;
    }
    if (await page.locator('#actions .filter').count()) {
      await page.click('#actions .filter button');
      await page.waitForSelector('#actions .filter', { state: 'detached' });
    }
    const legal = await page.locator('#actions button.action').evaluateAll((bs) => bs.map((b) => b.dataset.action));
    if (!legal.length) {
      await page.waitForTimeout(40);
      continue;
    }
    const v = await checkMap();
    actions++;
    if (legal.some((a) => a.startsWith('order '))) {
      // The order card, clicked on its card: the first one still in hand.
      const card = page.locator('#rw-orders .rw-order.playable');
      assert(await card.count() === legal.filter((a) => a.startsWith('order ')).length, 'each order card in hand is clickable');
      const id = await card.first().getAttribute('data-order');
      const seq = await clickTo(`#rw-orders .rw-order.playable[data-order="${id}"]`, `order ${id}`);
      const after = (await frameAt(seq)).view;
      assert(after.orders?.[0] === id || after.players[0].played.includes(id), `the Daqan Lords chose ${id}: ${JSON.stringify(after.orders)} ${after.players[0].played}`);
      if (!orderClicks) await shot(page, 'runewars-orders');
      orderClicks++;
      continue;
    }
    if (legal.some((a) => a.startsWith('lay '))) {
      // A tile: clicked in hand, then a dashed hex on the map, then "Lay
      // here", which previews the tile's three areas first.
      const tile = await page.locator('#rw-tiles .rw-tile.playable').first().getAttribute('data-tile');
      await page.click(`#rw-tiles .rw-tile.playable[data-tile="${tile}"]`);
      await page.waitForSelector('#rw-map .rw-ghost');
      const at = await page.locator('#rw-map .rw-ghost').first().getAttribute('data-at');
      await page.click(`#rw-map .rw-ghost[data-at="${at}"]`);
      await page.waitForSelector('#rw-map .rw-preview');
      assert(await page.locator('#rw-map .rw-preview .rw-pcell').count() === 3, 'the tile\'s three areas are previewed');
      const a = await page.locator('#rw-lay-go').getAttribute('data-action');
      assert(legal.includes(a) && a.startsWith(`lay ${tile} at ${at} `), `"Lay here" lays ${tile} at ${at}: ${a}`);
      if (!layClicks) await shot(page, 'runewars-lay');
      await clickTo('#rw-lay-go', a);
      layClicks++;
      continue;
    }
    // The person's own Tactics cards are listed in his panel, as his view
    // holds them; one the rules allow now is played by clicking it.
    const handIds = await page.locator('#rw-hand .rw-tactic').evaluateAll((bs) => bs.map((b) => b.dataset.tactic));
    const viewHand = (v.players[0].hand || []).map((t) => t.id);
    assert(JSON.stringify(handIds) === JSON.stringify(viewHand), `the panel shows the Tactics cards in hand: ${handIds} / ${viewHand}`);
    assert(v.players.slice(1).every((p) => !p.hand), 'no one else\'s Tactics cards in the view');
    handChecks++;
    const play = legal.find((a) => a.startsWith('play '));
    if (play) {
      const id = play.split(' ')[1];
      const playable = await page.locator('#rw-hand .rw-tactic.playable').evaluateAll((bs) => bs.map((b) => b.dataset.tactic));
      // Copies of a card are one action: compare the kinds of card.
      const offered = new Set(legal.filter((a) => a.startsWith('play ')).map((a) => a.split(' ')[1]));
      assert(new Set(playable).size === offered.size && [...offered].every((t) => playable.includes(t)) && playable.includes(id), `each playable Tactics card is clickable: ${playable} / ${legal}`);
      const name = v.players[0].hand.find((t) => t.id === id).name;
      const seq = await clickTo(`#rw-hand .rw-tactic.playable[data-tactic="${id}"]`, play);
      const f = await frameAt(seq);
      assert((f.events || []).some((e) => e.text.includes(`daqan plays ${name}`)), `the click played ${name}: ${JSON.stringify((f.events || []).map((e) => e.text))}`);
      if (!tacticClicks) await shot(page, 'runewars-tactics');
      tacticClicks++;
      continue;
    }
    if (legal.includes('done')) {
      await clickTo('#actions button.action[data-action="done"]', 'done');
      continue;
    }
    // The first action offered; when it names an area on the map, through
    // the map: the area's panel offers it.
    const a = legal[0];
    const areaIds = new Set((v.areas || []).map((x) => x.id));
    const area = a.split(' ').slice(1).find((w) => areaIds.has(w));
    if (area) {
      await page.click(`#rw-map .rw-area[data-id="${area}"]`);
      await page.waitForSelector('#rw-area .rw-act');
      const listed = await page.locator('#actions button.action').evaluateAll((bs) => bs.map((b) => b.dataset.action));
      assert(listed.includes(a) && listed.every((t) => t.split(' ').includes(area)), `the actions narrow to ${area}: ${listed.join(' | ')}`);
      await clickTo(`#rw-area .rw-act[data-action="${a}"]`, a);
      areaClicks++;
      continue;
    }
    await clickTo(`#actions button.action[data-action="${a}"]`, a);
  }

  // The end: the banner names the winner and every faction's place.
  await page.waitForSelector('#over');
  await shot(page, 'runewars-over');
  const last = frames[frames.length - 1];
  assert(last.over, 'the last frame is of a match over');
  const banner = await page.locator('#over').textContent();
  const winners = last.winners || [];
  assert(winners.length > 0 && winners.every((w) => banner.includes(w)), `the banner names the winner ${winners}: ${banner}`);
  const rows = await page.locator('#standings li').allTextContents();
  assert(rows.length === 3, `three places: ${rows}`);
  for (const [i, s] of last.seats.entries()) {
    assert(rows.some((r) => r.startsWith(`${last.places[i]}. ${s.name} `)), `${s.name} is listed in place ${last.places[i]}: ${rows}`);
  }
  assert((await page.locator('#you-result').textContent()).startsWith('You '), 'the person is told how it ended for it');
  assert(orderClicks > 0 && kinds.get('order') === orderClicks, `order cards chosen by clicking them: ${orderClicks}`);
  assert(layClicks > 0 && kinds.get('lay') === layClicks, `tiles laid through the map: ${layClicks}`);
  assert(areaClicks > 0, 'an action taken by clicking an area on the map');
  // Whether the person may play a Tactics card at all depends on the cards
  // dealt (the match's seed is random): every one offered is played by
  // clicking it in the hand.
  assert(handChecks > 0 && (kinds.get('play') || 0) === tacticClicks, `Tactics cards played by clicking them in the hand: ${tacticClicks}`);
  assert(mapChecks === actions && maxAreas > 9 && maxAreas === (last.view.areas || []).length, `the map checked at every decision (${mapChecks} of ${actions}), up to ${maxAreas} areas`);
  assert(errors.length === 0, `no console errors: ${errors.join('; ')}`);
  console.log(`the Daqan Lords: ${actions} actions (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${areaClicks} through the map; ` +
    `in ${((Date.now() - start) / 1000).toFixed(1)} s; ${banner.trim()}; ${rows.join(' / ')}`);
});
