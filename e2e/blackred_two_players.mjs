// Two browser contexts play a whole Black & Red match against each other,
// the match made in the lobby; neither page ever shows the other's hand or
// a face-down card's value.
import { run, newPage, BASE, assert, myTurn, over, clickRandomAction, seeded, shot, step } from './lib.mjs';

// checkBattle checks, once one of the first battles has been fought (no
// shuffle yet), that each total is shown as its terms, each with its card
// and a tooltip, adding up to the total (issue 21, item 4), and that the
// other side's used cards are shown by name (item 5). The page is read in
// one go, so that a render in between cannot mix two states. It returns
// false when the page shows no such battle.
async function checkBattle(page, me, other) {
  const snap = await page.evaluate((other) => {
    const lb = document.querySelector('#last-battle');
    if (!lb || !/^Battle [123]:/.test(lb.querySelector('b').textContent)) return null;
    const side = (s) => {
      const row = lb.querySelector('#total-' + s);
      return {
        text: row.textContent,
        total: Number(row.querySelector('.terms').dataset.total),
        terms: [...row.querySelectorAll('.term')].map((t) => ({ kind: t.dataset.kind, card: t.dataset.card, points: Number(t.dataset.points), title: t.title, text: t.textContent })),
      };
    };
    return { black: side('black'), red: side('red'), theirs: [...document.querySelectorAll(`#side-${other} #out-${other} [data-card]`)].map((c) => c.textContent) };
  }, other);
  if (!snap) return false;
  for (const s of ['black', 'red']) {
    const { terms, total, text } = snap[s];
    assert(terms.length >= 1 && terms[0].kind === 'power', `${s}'s total starts with its first card's power: ${JSON.stringify(terms)}`);
    for (const t of terms) assert(t.card && t.text.includes(t.card) && t.text.includes(String(t.points)) && t.title, `each term names its card, its points and says what it is: ${JSON.stringify(t)}`);
    const sum = terms.reduce((a, t) => a + (t.kind === 'malus' ? -t.points : t.points), 0);
    assert(Math.max(0, sum) === total, `${s}'s terms add up to its total: ${sum} vs ${total}`);
    assert(text.includes(`${terms[0].card}'s power ${terms[0].points}`) && text.includes(`= ${total}`), `${s}'s total reads as its terms: ${text}`);
  }
  assert(snap.theirs.length >= 1, `${me} sees ${other}'s used cards by name: ${snap.theirs}`);
  for (const t of snap[other].terms) {
    if (t.kind === 'power' || t.kind === 'extra') assert(snap.theirs.includes(t.card), `${other}'s card ${t.card} used in the battle is shown out of the game to ${me}: ${snap.theirs}`);
  }
  await shot(page, `blackred-${me}-after-a-battle`);
  return true;
}

// clickBoard checks that the cards and buttons drawn on me's side offer
// exactly the legal actions the panel lists (found by the refs the server
// sends, issue 21 item 11), then clicks one of them; it returns whether it
// clicked. The page is read in one go.
async function clickBoard(page, me, rand) {
  const before = await step(page);
  const { board, panel } = await page.evaluate((me) => ({
    board: [...document.querySelectorAll(`#side-${me} [data-action]`)].map((b) => b.dataset.action),
    panel: [...document.querySelectorAll('#actions button.action')].map((b) => b.dataset.action),
  }), me);
  if (!panel.length) return false;
  assert(JSON.stringify([...board].sort()) === JSON.stringify([...panel].sort()), `${me}'s board offers the legal actions: ${board} vs ${panel}`);
  const t = board[Math.floor(rand() * board.length)];
  try {
    await page.locator(`#side-${me} [data-action="${t}"]`).first().click({ timeout: 2000 });
  } catch {
    return false; // re-rendered under the click
  }
  await page.waitForFunction((b) => Number(document.querySelector('#status .step').textContent.replace(/\D/g, '')) > b, before, { timeout: 15000 }).catch(() => {});
  return true;
}

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
  // Before the first action each page says who attacks first and why (the
  // D2 rolled), and shows its owner the whole battle deck (issue 21, item 5).
  for (const [me, page] of [['black', black], ['red', red]]) {
    const opening = await page.locator('#opening li').allTextContents();
    assert(opening.some((t) => /^the D2 for the first attacker rolls [12]: (black|red) attacks first$/.test(t)), `${me} reads the roll for the first attacker: ${opening}`);
    assert(opening.some((t) => /^battle 1: (black|red) attacks$/.test(t)), `${me} reads that battle 1 starts: ${opening}`);
    const meta = await page.locator(`#side-${me} .meta`).textContent();
    const size = Number(/battle deck (\d+)/.exec(meta)[1]);
    const shown = await page.locator(`#side-${me} ol.deck li`).count();
    assert(size > 6 && shown === size, `${me} sees the whole battle deck: ${shown} of ${size} cards`);
    // The view names the cards; each shows its values from the game's
    // assets: a battle card its power for each weapon, a unit card its text.
    const texts = await page.locator(`#side-${me} ol.deck li small`).allTextContents();
    assert(texts.length === size && texts.every((t) => /^sword \d+(\+\d+)? · spear \d+(\+\d+)? · bow \d+(\+\d+)?$/.test(t) || t.length > 10),
      `${me}'s deck cards show their values: ${texts.slice(0, 4)}`);
  }
  const rand = seeded(42);
  let clicks = 0;
  let sawFaceDown = false;
  let checkedBattle = false;
  while (!(await over(black)) || !(await over(red))) {
    assert(clicks < 400, 'the match ends within 400 actions');
    for (const [me, other, page] of [['black', 'red', black], ['red', 'black', red]]) {
      // What the other side holds is never drawn on this page.
      assert(await page.locator(`#side-${other} .card.strategy.playable`).count() === 0, `${me} sees no playable card of ${other}`);
      assert(await page.locator(`#side-${other} .deck`).count() === 0, `${me} sees no deck of ${other}`);
      if (await page.locator(`#side-${other} [data-force=down]`).count()) sawFaceDown = true;
      if (!checkedBattle) checkedBattle = await checkBattle(page, me, other);
      if (await myTurn(page)) {
        // Half the time by the board's cards, half by the panel.
        if (rand() < 0.5 ? await clickBoard(page, me, rand) : await clickRandomAction(page, rand)) clicks++;
      }
    }
    if (!(await myTurn(black)) && !(await myTurn(red)) && !(await over(black))) await black.waitForTimeout(50);
  }
  assert(sawFaceDown, 'a force card was seen face down by the other player');
  assert(checkedBattle, 'a battle was fought and its totals checked');
  const a = await black.locator('#over').textContent();
  const b = await red.locator('#over').textContent();
  assert(a === b, `both see the same result: ${a} / ${b}`);
  const standings = await black.locator('#standings li').allTextContents();
  assert(standings.length === 2 && standings[0].startsWith('1. '), `both seats are placed, the best first: ${standings}`);
  assert(await black.locator('#log li').count() > 10, 'the log has the events');
  await shot(black, 'blackred-black-over');
  await shot(red, 'blackred-red-phone-over');
  console.log(`played ${clicks} actions, ${await step(black)} steps: ${a}`);

  // The finished match steps back and forth in the replay viewer, opened
  // by a player (a page of black's browser, which holds its link).
  const replay = await black.context().newPage();
  replay.on('pageerror', (e) => { console.error('page error:', e.message); process.exitCode = 1; });
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
