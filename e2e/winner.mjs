// The end of a match names who won, on every page alike, and tells each
// player whether they won or lost; the replay viewer names the winner too.
import { run, newPage, create, link, assert, myTurn, over, clickRandomAction, seeded, shot, BASE } from './lib.mjs';

await run('the winner is named at the end', async (browser) => {
  const m = await create('blackred', ['human', 'human'], { units: '1', first: 'black' });
  const black = await newPage(browser);
  const red = await newPage(browser);
  const spec = await newPage(browser);
  const notFound = [];
  for (const p of [black, red, spec]) p.on('response', (r) => { if (r.status() === 404) notFound.push(r.url()); });
  await black.goto(link(m.seats[0].link));
  await red.goto(link(m.seats[1].link));
  await spec.goto(link(m.spectator.link));
  for (const p of [black, red, spec]) await p.waitForSelector('#status .step');
  const rand = seeded(5);
  for (let i = 0; i < 200 && !(await over(black)); i++) {
    for (const p of [black, red]) if (await myTurn(p)) await clickRandomAction(p, rand);
    if (!(await myTurn(black)) && !(await myTurn(red)) && !(await over(black))) await black.waitForTimeout(50);
  }
  for (const p of [black, red, spec]) await p.waitForSelector('#over');
  const texts = await Promise.all([black, red, spec].map((p) => p.locator('#over').textContent()));
  assert(texts.every((t) => t === texts[0]), `every page shows one result: ${texts.join(' / ')}`);
  const won = texts[0].match(/Game over — (black|red) won: /);
  assert(won, `the result names the winner: ${texts[0]}`);
  const winner = won[1];
  const you = { black: await black.locator('#you-result').textContent(), red: await red.locator('#you-result').textContent() };
  for (const seat of ['black', 'red']) {
    const want = seat === winner ? 'You won!' : 'You lost.';
    assert(you[seat] === want, `${seat} is told "${want}": ${you[seat]}`);
  }
  assert(await spec.locator('#you-result').count() === 0, 'the spectator is told neither');
  await shot(black, 'winner-black');

  // The replay viewer and the lobby's list name the winner too.
  await black.goto(link(`/r/${m.id}`));
  await black.waitForSelector('#replay-result');
  const rp = await black.locator('#replay-result').textContent();
  assert(rp.startsWith(`${winner} won: `), `the replay names the winner: ${rp}`);
  assert(notFound.length === 0, `no page asked for something missing: ${notFound.join(', ')}`);
  const icon = await fetch(BASE + '/favicon.ico');
  assert(icon.status === 200, `/favicon.ico is answered: ${icon.status}`);
  console.log(`${texts[0].trim()}; black: ${you.black}, red: ${you.red}`);
});
