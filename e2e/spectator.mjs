// A spectator sees the match but no secret: not in the page and not in any
// WebSocket frame it receives.
import { run, newPage, create, link, assert, myTurn, over, clickRandomAction, seeded, shot } from './lib.mjs';

await run('a spectator sees no secrets', async (browser) => {
  const m = await create('blackred', ['human', 'human'], { units: '2' });
  const black = await newPage(browser);
  const red = await newPage(browser);
  const spec = await newPage(browser, { phone: true });
  const frames = [];
  spec.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await spec.goto(link(m.spectator.link));
  await black.goto(link(m.seats[0].link));
  await red.goto(link(m.seats[1].link));
  for (const p of [black, red, spec]) await p.waitForSelector('#status .step');
  const rand = seeded(11);
  let hands = new Set();
  // Play until both people have acted a dozen times (a loaded machine
  // delivers frames late: count actions, not rounds of the loop).
  const start = Date.now();
  let acted = 0;
  for (let i = 0; acted < 12 && !(await over(black)); i++) {
    assert(Date.now() - start < 90000, `a dozen actions within 90 s (${acted} so far)`);
    let any = false;
    for (const p of [black, red]) {
      for (const t of await p.locator('.side.mine .hand .card.strategy').evaluateAll((cs) => cs.map((c) => c.title))) hands.add(t);
      if (await myTurn(p) && await clickRandomAction(p, rand)) {
        acted++;
        any = true;
      }
    }
    if (!any) await black.waitForTimeout(100);
    assert(await spec.locator('.side.mine').count() === 0, 'the spectator has no side of its own');
    assert(await spec.locator('.hand .card.strategy').count() === 0, 'the spectator sees no strategy card in a hand');
    assert(await spec.locator('.deck').count() === 0, 'the spectator sees no battle deck');
  }
  // A match may end after a few actions, and a loaded machine delivers the
  // last frames late: wait for the first frame and one for each action.
  for (const until = Date.now() + 10000; frames.length < acted + 1 && Date.now() < until;) await spec.waitForTimeout(100);
  assert(acted > 0 && frames.length >= acted + 1, `the spectator received a frame for each of the ${acted} actions (${frames.length} frames)`);
  for (const f of frames) {
    const msg = JSON.parse(f);
    if (msg.type !== 'state') continue;
    assert(msg.legal.length === 0, 'a spectator is offered no action');
    for (const side of ['black', 'red']) {
      const sv = msg.view[side];
      assert(!('hand' in sv) && !('deck' in sv), `no ${side} hand or deck in a spectator's frame`);
      if (sv.force_face_down) assert(!('force' in sv), `no face-down force value of ${side}`);
      if (msg.view.phase === 'strategy' && sv.strategy) assert(sv.strategy === 'face down', `no face-down strategy card of ${side}`);
    }
  }
  await shot(spec, 'spectator-phone');
  console.log(`${frames.length} frames checked; hands seen by their owners: ${hands.size} cards`);
});
