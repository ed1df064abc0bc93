// A Tactics David battle against a bot for several turns: the person
// selects units and grid spaces on the board and clicks the actions they
// narrow to; the bot answers on the server.
import { run, newPage, create, link, assert, myTurn, over, clickRandomAction, seeded, shot } from './lib.mjs';

await run('tacticsdavid: a battle against a bot', async (browser) => {
  const m = await create('tacticsdavid', ['human', 'mcts:iters=30'], { armies: 'auto', battlefield: 'open-field-7x11' });
  const page = await newPage(browser);
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('svg.grid');
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
      await mine.nth(Math.floor(rand() * (await mine.count()))).dispatchEvent('click');
      if (await page.locator('#unit-info').count() && await page.locator('#actions .filter').count()) sawSelection = true;
      if (!(await page.locator('#actions button.action').count())) await page.click('#actions .filter button');
    }
    // Prefer moves and attacks to ending the turn early, but do end it.
    const t = await clickRandomAction(page, rand, (a) => rand() < 0.15 || !/^(end|disengage)/.test(a));
    if (t) actions++;
  }
  assert(sawReach, 'reachable squares were highlighted');
  assert(sawSelection, 'selecting a unit narrowed the actions');
  assert(await page.locator('svg.grid g.unit .facing').count() > 0, 'units have facing arrows');
  await shot(page, 'tacticsdavid-battle');
  console.log(`${actions} actions; turn ${await turn()}`);
});
