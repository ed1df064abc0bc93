// A Tactics David battle against a bot for several turns: the person
// selects units and grid spaces on the board and clicks the actions they
// narrow to; the bot answers on the server.
import { run, newPage, create, link, assert, myTurn, over, clickRandomAction, seeded, shot } from './lib.mjs';

// Army building: every unit on offer shows its cost and profile before it
// is bought, its codes explained by tooltips; buying one lists it.
await run('tacticsdavid: units on offer show cost and profile', async (browser) => {
  const m = await create('tacticsdavid', ['human', 'random'], { limit: '60', battlefield: 'open-field-7x11' });
  const page = await newPage(browser);
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('.unitcard');
  const card = page.locator('.unitcard[data-unit="4"]');
  const text = await card.textContent();
  for (const want of ['Angel Knight', 'cost 19', 'class M Medium', 'type E Ethereal', 'mode M Melee', 'str 5/4/3/3', 'move 6 Hover', 'area MA', 'ability: Divine Justice']) {
    assert(text.includes(want), `the Angel Knight's card shows ${want}: ${text}`);
  }
  assert(/Strength Ratings/.test(await card.locator('[data-stat="str"]').getAttribute('title')), 'the strengths have a tooltip');
  assert(/Area of Attack/.test(await card.locator('[data-stat="area"]').getAttribute('title')), 'the area has a tooltip');
  assert((await card.locator('.ability').getAttribute('title')).startsWith('Divine Justice ('), "the ability's text is its tooltip");
  assert(await page.locator('.unitcard[data-unit="9"] [data-stat="range"]').textContent() === 'range 7+1', "a Ranged unit's card shows its range");
  await card.locator('button.offer').first().click();
  await page.waitForFunction(() => [...document.querySelectorAll('.tacticsdavid .army li')].some((li) => li.textContent.includes('Angel Knight')));
  assert((await page.locator('.tacticsdavid .army').first().textContent()).includes('cost 19/60'), 'the army costs what the card said');
  await shot(page, 'tacticsdavid-build');
});

await run('tacticsdavid: a battle against a bot', async (browser) => {
  const m = await create('tacticsdavid', ['human', 'mcts:iters=30'], { armies: 'auto', battlefield: 'open-field-7x11' });
  const page = await newPage(browser);
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('svg.grid');
  // Deployment: the areas are in the legend; a unit not yet deployed says so.
  if ((await page.locator('.tdinfo').first().textContent()).includes('Deploy')) {
    assert(await page.locator('.legend .deploy1').count() === 1, 'the deployment areas are in the legend');
    const chip = page.locator('.reserve .chip');
    if (await chip.count()) {
      await chip.first().click();
      assert((await page.locator('#unit-info').textContent()).includes('not deployed'), 'an undeployed unit is not "at 0,0"');
    }
  }
  const rand = seeded(7);
  const turn = async () => Number((await page.locator('.tdinfo').first().textContent()).match(/turn (\d+)/)[1]);
  let sawReach = false, sawSelection = false, actions = 0;
  const start = Date.now();
  while ((await turn()) < 6 && !(await over(page))) {
    assert(Date.now() - start < 240000, 'six turns within four minutes');
    if (!(await myTurn(page))) {
      await page.waitForTimeout(100);
      continue;
    }
    if (await page.locator('svg.grid rect.reach').count()) sawReach = true;
    // Select one of our units on the board now and then: the actions narrow to it.
    const mine = page.locator('svg.grid g.unit.p0');
    if (rand() < 0.3 && (await mine.count())) {
      const token = mine.nth(Math.floor(rand() * (await mine.count())));
      const id = await token.getAttribute('data-unit');
      await token.dispatchEvent('click');
      if (await page.locator('#unit-info').count() && await page.locator('#actions .filter').count()) {
        sawSelection = true;
        // The actions offered are exactly those naming the unit (the server's refs).
        for (const a of await page.locator('#actions button.action').evaluateAll((bs) => bs.map((b) => b.dataset.action))) {
          assert(a.split(' ').includes(`u${id}`), `the action ${a} offered for u${id} names it`);
        }
      }
      if (!(await page.locator('#actions button.action').count())) await page.click('#actions .filter button');
    }
    // Prefer moves and attacks to ending the turn early, but do end it.
    const t = await clickRandomAction(page, rand, (a) => rand() < 0.15 || !/^(end|disengage)/.test(a));
    if (t) actions++;
  }
  assert(sawReach, 'reachable squares were highlighted');
  assert(sawSelection, 'selecting a unit narrowed the actions');
  assert(await page.locator('svg.grid g.unit .facing').count() > 0, 'units have facing arrows');
  // Every token shows its own number, and no label overflows it.
  const tokens = await page.locator('svg.grid g.unit').count();
  assert(await page.locator('svg.grid g.unit text.num').count() === tokens, 'every unit token shows its number');
  for (const l of await page.locator('svg.grid g.unit text.label:not(.num)').allTextContents()) assert(l.length <= 3 && !l.includes('+'), `a short label: ${l}`);
  assert(await page.locator('.legend .token').count() === 1, 'the legend explains the tokens');
  const u = page.locator('svg.grid g.unit').first();
  await u.dispatchEvent('click');
  if (await page.locator('#unit-info').count()) {
    assert(/Strength Ratings/.test(await page.locator('#unit-info [data-stat="area"], #unit-info [title*="Strength"]').last().getAttribute('title') + await page.locator('#unit-info [title*="Strength"]').first().getAttribute('title')), "the unit card's stats have tooltips");
  }
  await shot(page, 'tacticsdavid-battle');
  console.log(`${actions} actions; turn ${await turn()}`);
});
