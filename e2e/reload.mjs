// Reloading the page in the middle of a match resumes it where it was.
import { run, newPage, create, link, assert, step, myTurn, clickRandomAction, seeded } from './lib.mjs';

await run('reload in the middle of a match', async (browser) => {
  const m = await create('blackred', ['human', 'random']);
  const page = await newPage(browser);
  await page.goto(link(m.seats[0].link));
  await page.waitForSelector('#status .step');
  const rand = seeded(3);
  while ((await step(page)) < 8) {
    if (await myTurn(page)) await clickRandomAction(page, rand);
    else await page.waitForTimeout(50);
  }
  const before = await step(page);
  const logBefore = await page.locator('#log li').count();
  await page.reload();
  await page.waitForSelector('#status .step');
  await page.waitForFunction((b) => Number(document.querySelector('#status .step').textContent.replace(/\D/g, '')) >= b, before);
  assert((await step(page)) >= before, 'the match resumes at its step');
  assert((await page.locator('#log li').count()) >= logBefore, 'the log is all there');
  // And it goes on.
  const after = await step(page);
  for (let i = 0; i < 40 && (await step(page)) === after; i++) {
    if (await myTurn(page)) await clickRandomAction(page, rand);
    else await page.waitForTimeout(50);
  }
  assert((await step(page)) > after, 'the match goes on after the reload');
});
