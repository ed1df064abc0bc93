// Two browser contexts play a whole Black & Red match against each other,
// the match made in the lobby; neither page ever shows the other's hand or
// a face-down card's value.
import { run, newPage, BASE, assert, myTurn, over, clickRandomAction, seeded, shot, step } from './lib.mjs';

await run('blackred: two players, a whole match', async (browser) => {
  const black = await newPage(browser);
  await black.goto(BASE + '/');
  await black.selectOption('#game', 'blackred');
  await black.selectOption('select[name=seat-1]', 'human');
  await black.fill('input[name=opt-units]', '3');
  await black.click('#create');
  const redLink = await black.locator('#invite-red').inputValue();
  assert(redLink.includes('/m/') && redLink.includes('#t='), 'an invitation link for red: ' + redLink);
  await black.click('#open-mine');
  await black.waitForSelector('#status .step');

  const red = await newPage(browser, { phone: true });
  await red.goto(redLink);
  await red.waitForSelector('#status .step');
  const rand = seeded(42);
  let clicks = 0;
  let sawFaceDown = false;
  while (!(await over(black)) || !(await over(red))) {
    assert(clicks < 400, 'the match ends within 400 actions');
    for (const [me, other, page] of [['black', 'red', black], ['red', 'black', red]]) {
      // What the other side holds is never drawn on this page.
      assert(await page.locator(`#side-${other} .card.strategy.playable`).count() === 0, `${me} sees no playable card of ${other}`);
      assert(await page.locator(`#side-${other} .deck`).count() === 0, `${me} sees no deck of ${other}`);
      if (await page.locator(`#side-${other} [data-force=down]`).count()) sawFaceDown = true;
      if (await myTurn(page)) {
        if (await clickRandomAction(page, rand)) clicks++;
      }
    }
    if (!(await myTurn(black)) && !(await myTurn(red)) && !(await over(black))) await black.waitForTimeout(50);
  }
  assert(sawFaceDown, 'a force card was seen face down by the other player');
  const a = await black.locator('#over').textContent();
  const b = await red.locator('#over').textContent();
  assert(a === b, `both see the same result: ${a} / ${b}`);
  const standings = await black.locator('#standings li').allTextContents();
  assert(standings.length === 2 && standings[0].startsWith('1. '), `both seats are placed, the best first: ${standings}`);
  assert(await black.locator('#log li').count() > 10, 'the log has the events');
  await shot(black, 'blackred-black-over');
  await shot(red, 'blackred-red-phone-over');
  console.log(`played ${clicks} actions, ${await step(black)} steps: ${a}`);

  // The finished match steps back and forth in the replay viewer.
  const replay = await newPage(browser);
  await replay.goto(BASE + (await black.locator('.after a[href^="/r/"]').getAttribute('href')));
  await replay.waitForSelector('#replay-step');
  await replay.click('#replay-next');
  await replay.click('#replay-next');
  await replay.waitForFunction(() => document.querySelector('#replay-step').textContent.startsWith('step 2 of'));
  assert((await replay.locator('#replay-action').textContent()).includes(':'), 'the replay names the step\'s action');
  await replay.selectOption('#replay-seat', 'black');
  await replay.waitForSelector('.side.mine');
  await shot(replay, 'replay-black');

  // A rematch: black asks, red is told and follows with the same link.
  await black.click('#rematch');
  await black.waitForURL(/\/m\/[a-z0-9]+#t=/);
  await black.waitForSelector('#status .step');
  await red.waitForSelector('#rematch-link');
  await red.click('#rematch-link');
  await red.waitForSelector('#status .step');
  assert(black.url().split('#')[0] === red.url().split('#')[0], 'both are in the rematch');
  assert((await step(red)) === 0, 'the rematch starts at step 0');
});
