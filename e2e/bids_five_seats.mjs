// Five people play a whole five-seat match of the test game's table
// variant (bids, variant=table) in five browser contexts, drawn by the
// generic renderer: the marks are drafted, bids are secret and revealed
// together, a won prize is offered to the others' veto, and the next prize
// is shown to the round's lookout and its left neighbour alone. No state
// frame shows a seat another seat's secret, and a spectator sees none.
import { run, newPage, create, link, assert, myTurn, over, clickRandomAction, seeded, shot, step } from './lib.mjs';

const SEATS = 5;

await run('bids: five people play a table match to the end', async (browser) => {
  const m = await create('bids', Array(SEATS).fill('human'), { variant: 'table' });
  assert(m.seats.length === SEATS, `five seats: ${m.seats.length}`);
  // Every state frame each page receives, with the seat it is for (-1: the
  // spectator).
  const frames = [];
  const watch = (page, seat) => page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const msg = JSON.parse(String(f.payload));
    if (msg.type === 'state') frames.push({ seat, msg });
  }));
  const pages = [];
  for (let i = 0; i < SEATS; i++) {
    const p = await newPage(browser, { phone: i === SEATS - 1 });
    watch(p, i);
    await p.goto(link(m.seats[i].link));
    pages.push(p);
  }
  const spec = await newPage(browser);
  watch(spec, -1);
  await spec.goto(link(m.spectator.link));
  const all = [...pages, spec];
  for (const p of all) await p.waitForSelector('#status .step');
  for (const p of all) assert(await p.locator('.generic').count() === 1, 'the generic renderer draws the match');

  // Every page shows step n: what they draw is then the same position.
  const synced = async (n) => {
    for (const p of all) {
      await p.waitForFunction((s) => {
        const e = document.querySelector('#status .step');
        return e && Number(e.textContent.replace(/\D/g, '')) >= s;
      }, n);
    }
  };
  // The number a page shows for a key of the view, or null.
  const shown = async (p, key) => {
    const l = p.locator(`.generic > .obj > .kv[data-key=${key}] .val`);
    return (await l.count()) ? Number(await l.first().textContent()) : null;
  };

  const rand = seeded(5);
  const clicked = new Set(); // kinds of action clicked: mark, bid, veto, pass
  let clicks = 0, lookouts = 0;
  const start = Date.now();
  while (!(await over(pages[0]))) {
    assert(Date.now() - start < 240000, 'the match ends within four minutes');
    assert(clicks < 300, 'the match ends within 300 actions');
    // The next prize: shown to the lookout and its left neighbour alone.
    const lookout = await shown(spec, 'lookout');
    const seeing = [];
    for (let i = 0; i < SEATS; i++) if ((await shown(pages[i], 'next')) !== null) seeing.push(i);
    assert((await shown(spec, 'next')) === null, 'the spectator is not shown the next prize');
    if (lookout !== null && lookout >= 0) {
      const pair = [lookout, (lookout + 1) % SEATS].sort();
      assert(JSON.stringify(seeing) === JSON.stringify(pair), `the next prize is shown to seats ${pair}, not ${seeing}`);
      const a = await shown(pages[pair[0]], 'next'), b = await shown(pages[pair[1]], 'next');
      assert(a === b && a > 0, `the two seats see one next prize: ${a}, ${b}`);
      lookouts++;
    } else {
      assert(seeing.length === 0, `nobody sees a next prize in the last round: ${seeing}`);
    }

    const deciding = [];
    for (let i = 0; i < SEATS; i++) if (await myTurn(pages[i])) deciding.push(i);
    if (!deciding.length) {
      await pages[0].waitForTimeout(50);
      continue;
    }
    const i = deciding[Math.floor(rand() * deciding.length)];
    const page = pages[i];
    const legal = await page.locator('#actions button.action').evaluateAll((bs) => bs.map((b) => b.dataset.action));
    // Seat 0 bids its highest card and the others do not, so that a round
    // is won and the window opens; the first window sees a veto, then a
    // pass.
    let choose = () => true;
    const bids = legal.filter((a) => a.startsWith('bid ')).map((a) => Number(a.slice(4)));
    if (bids.length > 1) {
      const top = 'bid ' + Math.max(...bids);
      choose = i === 0 ? (a) => a === top : (a) => a !== top;
    } else if (legal.includes('veto') && !clicked.has('veto')) {
      choose = (a) => a === 'veto';
    } else if (legal.includes('pass') && !clicked.has('pass')) {
      choose = (a) => a === 'pass';
    }
    const t = await clickRandomAction(page, rand, choose);
    if (!t) continue;
    assert(!(await page.locator('#message').isVisible()), `seat ${i}'s ${t} was accepted`);
    clicked.add(t.split(' ')[0]);
    clicks++;
    await synced(await step(page));
  }

  for (const kind of ['mark', 'bid', 'veto', 'pass']) assert(clicked.has(kind), `a ${kind} was played in the browser (played: ${[...clicked]})`);
  assert(lookouts > 0, 'the next prize was seen by two seats');
  const results = [];
  for (const p of all) {
    await p.waitForSelector('#over');
    results.push(await p.locator('#over').textContent());
  }
  assert(results.every((r) => r === results[0]), `every page shows one result: ${results.join(' / ')}`);
  assert(await pages[0].locator('#log li').count() > 20, 'the log has the events');

  // What each seat was sent: its own secrets only.
  const phases = new Set();
  for (const { seat, msg } of frames) {
    const v = msg.view;
    phases.add(v.phase);
    const who = seat < 0 ? 'the spectator' : `seat ${seat}`;
    if (seat < 0) {
      for (const k of ['hand', 'draft', 'drafted', 'marks', 'discard', 'next']) assert(!(k in v), `${who} is sent no ${k}: ${JSON.stringify(v)}`);
      assert(msg.legal.length === 0, `${who} is offered no action`);
    } else {
      const sees = v.lookout >= 0 && (seat === v.lookout || seat === (v.lookout + 1) % SEATS);
      assert(('next' in v) === (sees && v.phase !== 'over'), `${who} is sent the next prize only as the lookout or its neighbour: ${JSON.stringify(v)}`);
      assert((v.marks || []).length === v.marked[seat], `${who} is sent its own marks: ${JSON.stringify(v)}`);
    }
    if (v.phase === 'bids' || v.phase === 'draft') {
      v.bids.forEach((b, o) => assert(o === seat || b === 0 || b === -1, `${who} is sent seat ${o}'s secret bid ${b}`));
    }
  }
  for (const ph of ['draft', 'bids', 'veto', 'over']) assert(phases.has(ph), `a frame in the ${ph} phase (seen: ${[...phases]})`);
  await shot(pages[0], 'bids-five-seats-over');
  await shot(pages[SEATS - 1], 'bids-five-seats-phone');
  console.log(`${clicks} actions in the browser, ${frames.length} frames checked; ${results[0]}`);
});
