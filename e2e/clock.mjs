// A clock running out (issue 22): a match made in the lobby with a
// real-time clock of 3 seconds a player whose timeout makes the seat lose;
// both pages show the clocks, the deciding one running; nobody moves, and
// the seat to move loses on time, on both pages.
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
  const running = await black.locator('#clocks .clock.running').getAttribute('data-seat');
  assert(running === 'black' || running === 'red', `the deciding seat's clock runs: ${running}`);
  await shot(black, 'clock-running');

  // Nobody moves: the running seat's time runs out.
  for (const p of [black, red]) await p.waitForSelector('#over', { timeout: 15000 });
  const over = await black.locator('#over').textContent();
  assert(over.includes(`${running} ran out of time`), `the result says who ran out of time: ${over}`);
  const winner = running === 'black' ? 'red' : 'black';
  assert(over.includes(`${winner} won`), `the other seat won: ${over}`);
  const pages = { black, red };
  assert(await pages[running].locator('#you-result').textContent() === 'You lost.', 'the seat out of time is told it lost');
  assert(await pages[winner].locator('#you-result').textContent() === 'You won!', 'the other is told it won');
  const out = await black.locator(`#clocks .clock[data-seat="${running}"]`).textContent();
  assert(out.includes('out of time'), `its clock says so: ${out}`);
  assert(await black.locator('#actions button.action').count() === 0, 'no action is offered once the match is over');
  await shot(black, 'clock-out');
  console.log(over.trim());
});
