// A Wintergrim match against a random bot: the page draws the seat's hand
// as printed cards, every player's areas with their structures and units,
// and the piles; the other player's hand is a count only. The person
// selects cards in hand and on the table, which narrows the actions, and
// clicks actions, which the server accepts; a spectator on a phone sees
// the same table and no hand. Every unit shows its values, each with a
// tooltip, and a key explains them (issue 21).
import { run, newPage, create, link, assert, myTurn, over, clickRandomAction, seeded, shot, step } from './lib.mjs';

await run('wintergrim: a match against a random bot', async (browser) => {
  const m = await create('wintergrim', ['human', 'random']);
  const page = await newPage(browser);
  // Console errors, but for the browser's own favicon request.
  const errors = [];
  const onConsole = (who) => (msg) => {
    const url = msg.location()?.url || '';
    if (msg.type() === 'error' && !url.endsWith('/favicon.ico')) errors.push(`${who}${msg.text()} ${url}`);
  };
  page.on('console', onConsole(''));
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('.wintergrim #wg-info');
  const rand = seeded(11);
  const phase = async () => (await page.locator('#wg-phase').textContent()) || '';
  let actions = 0, narrowed = 0, sawHand = false, sawPlayable = false;
  const start = Date.now();
  while (actions < 40 && !(await over(page))) {
    assert(Date.now() - start < 180000, 'forty actions within three minutes');
    if (!(await myTurn(page))) {
      await page.waitForTimeout(100);
      continue;
    }
    if ((await phase()).startsWith('Turn')) {
      if (await page.locator('#hand .wgcard').count()) sawHand = true;
      if (!sawPlayable && await page.locator('#hand .wgcard.playable').count()) {
        sawPlayable = true;
        await shot(page, 'wintergrim-hand');
      }
    }
    // Now and then select a card that an action names, in hand or on the
    // table: the actions narrow to those naming it.
    if (await page.locator('#actions .filter').count()) await page.click('#actions .filter button');
    const cards = page.locator('.wintergrim .playable[data-card]');
    const n = await cards.count();
    if (n && rand() < 0.5) {
      const ref = await cards.nth(Math.floor(rand() * n)).getAttribute('data-card');
      // Click the card by its name: a frame arriving meanwhile redraws
      // the table, and the n-th card may then be another.
      const c = page.locator(`.wintergrim .playable[data-card="${ref}"]`).first();
      try {
        await c.click({ timeout: 2000 });
      } catch {
        continue; // it is no longer playable: the bot moved
      }
      await page.waitForSelector('#actions .filter');
      // A frame redrawing the table between finding the card and the click
      // can put another card under the pointer: the narrowing is checked
      // for the card that the page shows as selected.
      const label = (await page.locator('#actions .filter b').textContent()) || '';
      if (label !== ref) console.log(`clicked ${ref}, a redraw selected ${label}`);
      assert(label !== '', 'the actions are narrowed to a card');
      const listed = await page.locator('#actions button.action').evaluateAll((bs) => bs.map((b) => b.dataset.action));
      assert(listed.length > 0, `selecting ${label} leaves some actions`);
      const base = label.replace(/#\d+$/, '');
      assert(listed.every((a) => a.split(' ').some((t) => t === label || t === base)), `every action shown names ${label}: ${listed.join(' | ')}`);
      narrowed++;
    }
    const before = await step(page);
    // Prefer playing and moving to passing and ending the turn, but do end it.
    const t = await clickRandomAction(page, rand, (a) => rand() < 0.2 || !/^(end|pass)$/.test(a));
    if (!t) continue;
    assert(!(await page.locator('#message').isVisible()), `the action ${t} was accepted`);
    assert((await step(page)) > before, `the step advanced after ${t}`);
    actions++;
  }
  assert(actions >= 10 || (await over(page)), `enough actions were clicked: ${actions}`);
  assert(sawHand, 'the hand was drawn as cards');
  // A playable card in hand depends on the deal (the match is unseeded):
  // the narrowing below is what the test requires.
  assert(narrowed > 0, 'selecting a card narrowed the actions');
  // The table: both players' piles and areas, the HQs with their units.
  assert(await page.locator('.wgplayer').count() === 2, 'both players are drawn');
  assert(await page.locator('#player-one .wgarea').count() >= 1, 'the seat has an area');
  assert(await page.locator('#player-two .wgarea').count() >= 1, 'the bot has an area');
  assert(await page.locator('.wgstruct .tag.hq').count() >= 2, 'both HQs are drawn');
  assert(await page.locator('.wgunit').count() >= 2, 'units are drawn');
  assert(await page.locator('.wgunit .health').count() === await page.locator('.wgunit').count(), 'every unit shows its health');
  // Issue 21: every unit on the table shows its CC, RC, armour, psyche,
  // luck, room and food, each with its meaning as a tooltip, and the page
  // has a key to the values.
  const units = await page.locator('.wgunit').count();
  for (const k of ['CC', 'RC', 'A', 'P', 'L', 'R', 'F']) {
    const n = await page.locator(`.wgunit .stats .stat[data-stat="${k}"]`).count();
    assert(n === units, `every unit shows its ${k}: ${n} of ${units}`);
  }
  const titles = await page.locator('.wintergrim .stat').evaluateAll((ss) => ss.map((s) => s.getAttribute('title') || ''));
  assert(titles.length > 0 && titles.every((t) => /^(CC|RC|A|H|P|L|R|F) \w+/.test(t)), `every value has a tooltip: ${titles.slice(0, 8).join(' | ')}`);
  assert(titles.some((t) => t.startsWith('A armour')) && titles.some((t) => t.startsWith('F food')), 'the tooltips name armour and food');
  assert(await page.locator('#wg-legend summary').count() === 1, 'a key to the values is shown');
  assert(/CC.*close combat/.test(await page.locator('#wg-legend').textContent()), 'the key explains CC');
  assert(await page.locator('#player-two .pilecount.handsize').count() === 1, "the bot's hand size is shown");
  assert(await page.locator('#player-two #hand, #player-two .wgcard').count() === 0, "the bot's hand is not drawn");
  for (const p of ['one', 'two']) {
    assert(await page.locator(`#player-${p} .pilecount.deck`).count() === 1, `${p}'s deck size is shown`);
    assert(await page.locator(`#player-${p} details.pile.removed`).count() === 1, `${p}'s removed-pile is shown`);
    assert(await page.locator(`#player-${p} details.pile.captured`).count() === 1, `${p}'s captured-pile is shown`);
  }
  assert(/Weather: /.test(await page.locator('#wg-weather').textContent()), 'the weather is shown');
  await shot(page, 'wintergrim-match');

  // A spectator on a phone: the same table, no hand.
  const phone = await newPage(browser, { phone: true });
  phone.on('console', onConsole('spectator: '));
  await phone.goto(link(m.spectator.link));
  await phone.waitForSelector('.wintergrim .wgarea');
  assert(await phone.locator('#hand, .wgcard').count() === 0, 'a spectator sees no hand');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert(overflow <= 1, `the page fits a phone's width (overflow ${overflow}px)`);
  await shot(phone, 'wintergrim-spectator-phone');
  assert(errors.length === 0, 'no console errors: ' + errors.join('; '));
  console.log(`${actions} actions, ${narrowed} selections; ${await phase()}`);
});
