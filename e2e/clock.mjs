// A clock running out (issue 22): a match made in the lobby with a
// real-time clock of 3 seconds a player whose timeout makes the seat lose;
// both pages show the clocks, the deciding ones running; nobody moves, and
// the seat to move loses on time (both, a draw, if both were deciding), on
// both pages.
import { run, newPage, BASE, assert, shot } from './lib.mjs';

await run('a clock runs out and the seat loses', async (browser) => {
  const black = await newPage(browser);
  const red = await newPage(browser);
  await black.goto(BASE + '/');
  await black.selectOption('#game', 'blackred');
  await black.selectOption('select[name=seat-1]', 'human');
  await black.selectOption('#clock-kind', 'realtime');
  await black.fill('#clock-minutes', '0.05');
  await black.fill('#clock-increment', '0');
  await black.selectOption('#clock-timeout', 'lose');
  await black.click('#create');
  await black.waitForSelector('#open-mine');
  const redLink = await black.locator('#invite-red').inputValue();
  await black.click('#open-mine');
  await red.goto(redLink);
  for (const p of [black, red]) await p.waitForSelector('#clocks .clock');
  const clocks = await black.locator('#clocks').textContent();
  assert(/black 0:0[0-3]/.test(clocks) && /red 0:0[0-3]/.test(clocks), `both clocks show at most 3 seconds: ${clocks}`);
  const running = await black.locator('#clocks .clock.running').evaluateAll((cs) => cs.map((c) => c.dataset.seat));
  assert(running.length >= 1, `the deciding seats' clocks run: ${running}`);
  await shot(black, 'clock-running');

  // Nobody moves: the running seats' time runs out.
  for (const p of [black, red]) await p.waitForSelector('#over', { timeout: 15000 });
  const over = await black.locator('#over').textContent();
  const pages = { black, red };
  if (running.length === 1) {
    // One seat was to decide: it loses, the other wins.
    const [loser] = running;
    const winner = loser === 'black' ? 'red' : 'black';
    assert(over.includes(`${winner} won: ${loser} ran out of time`), `the result says who ran out of time: ${over}`);
    assert(await pages[loser].locator('#you-result').textContent() === 'You lost.', 'the seat out of time is told it lost');
    assert(await pages[winner].locator('#you-result').textContent() === 'You won!', 'the other is told it won');
  } else {
    // Both were deciding at once: both ran out, a draw.
    assert(over.includes('a draw: black and red ran out of time'), `both ran out of time: ${over}`);
    assert(await black.locator('#you-result').textContent() === 'You drew.', 'a draw');
  }
  for (const seat of running) {
    const out = await black.locator(`#clocks .clock[data-seat="${seat}"]`).textContent();
    assert(out.includes('out of time'), `${seat}'s clock says so: ${out}`);
  }
  assert(await black.locator('#actions button.action').count() === 0, 'no action is offered once the match is over');
  await shot(black, 'clock-out');
  console.log(over.trim());
});
