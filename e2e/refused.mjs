// A refused action is shown with the rule it breaks, and changes nothing.
import { run, newPage, create, link, assert, step, shot, myTurn } from './lib.mjs';

await run('a refused action shows its rule', async (browser) => {
  const m = await create('blackred', ['human', 'human'], { first: 'black' });
  // Black attacks first, unless a Red Herald dealt at random makes red the
  // attacker: the test plays the seat that decides, in a page of its own
  // (the two links differ only in their #fragment).
  let page = await newPage(browser);
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('#turn, #banner .wait');
  if (!(await myTurn(page))) {
    page = await newPage(browser);
    await page.goto(link(m.seats[1].link));
    await page.waitForSelector('#turn');
  }
  // The attacker must state a weapon first; a force card now breaks the rules.
  await page.fill('#action-text', 'force 1');
  await page.click('#send');
  await page.waitForSelector('#message:not([hidden])');
  const msg = await page.locator('#message').textContent();
  const rule = await page.locator('#message .rule cite').textContent();
  assert(msg.includes('Not allowed'), 'the message says the action is not allowed: ' + msg);
  assert(rule.length > 3, 'the rule is cited: ' + rule);
  assert((await step(page)) === 0, 'nothing changed');
  await shot(page, 'refused');
  console.log(`refused: ${msg.trim()}`);
});

await run('a forged link is refused clearly', async (browser) => {
  const m = await create('blackred', ['human', 'human']);
  const page = await newPage(browser);
  await page.goto(link(`/m/${m.id}#t=forged-token`));
  await page.waitForSelector('#message:not([hidden])');
  const msg = await page.locator('#message').textContent();
  assert(msg.includes('opens no seat'), 'the page says the link opens no seat: ' + msg);
  await page.goto(link('/m/nosuchmatch#t=x'));
  await page.waitForSelector('#message:not([hidden])');
  assert((await page.locator('#message').textContent()).includes('no match'), 'an unknown match is named');
  // Without a link's key: an unknown match says so, a match that is there
  // asks for the invitation link.
  await page.goto(link('/m/nosuchmatch'));
  await page.waitForSelector('#no-link');
  const none = await page.locator('#no-link').textContent();
  assert(none.includes('There is no match nosuchmatch') && !none.includes('invitation'), 'an unknown match without a key is named: ' + none);
  const fresh = await newPage(browser);
  await fresh.goto(link(`/m/${m.id}`));
  await fresh.waitForSelector('#no-link');
  const ask = await fresh.locator('#no-link').textContent();
  assert(ask.includes('invitation link'), 'a match opened without its key asks for the invitation link: ' + ask);
});
