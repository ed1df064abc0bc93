// The lobby (issue 22): Ann creates a public rated match in the lobby
// under her name; Bob, in a second browser context, finds it among the
// open matches and joins it by name; a third context watches it from the
// lobby as a spectator; they play it to the end; both ratings change on
// the leaderboard, the winner's up and the loser's down, and the lobby
// lists the match as finished with its replay, which the watcher sees as
// a spectator and the players as any seat.
import { run, newPage, BASE, assert, myTurn, over, clickRandomAction, seeded, shot } from './lib.mjs';

// ratings reads the leaderboard of Black & Red: {name: rating}.
async function ratings(page) {
  await page.goto(BASE + '/leaderboard?game=blackred');
  await page.waitForSelector('#ratings, #no-ratings');
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#ratings tbody tr')].map((tr) =>
    [tr.dataset.name, { rating: Number(tr.querySelector('.rating').textContent), matches: Number(tr.querySelector('.count').textContent) }])));
}

await run('a public match joined by name, watched, and rated', async (browser) => {
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  const watcher = await newPage(browser);

  const before = await ratings(ann);
  assert(!before.Ann && !before.Bob, `nobody is rated yet: ${JSON.stringify(before)}`);
  // The watcher has the lobby open before the match exists: it appears.
  await watcher.goto(BASE + '/');
  await watcher.waitForSelector('#open-matches .muted');

  await ann.goto(BASE + '/');
  await ann.fill('#my-name', 'Ann');
  await ann.selectOption('#game', 'blackred');
  await ann.selectOption('select[name=seat-1]', 'human');
  await ann.fill('input[name=opt-units]', '1');
  await ann.check('#public');
  await ann.check('#rated');
  await ann.click('#create');
  await ann.waitForSelector('#open-mine');
  const created = await ann.locator('.links').textContent();
  assert(/red — open/.test(created), `the other seat is open: ${created}`);
  await ann.click('#open-mine');
  await ann.waitForSelector('#status .step');
  const id = new URL(ann.url()).pathname.split('/').pop();

  // Bob finds the match in the lobby and joins it by name.
  await bob.goto(BASE + '/');
  await bob.waitForSelector(`#join-${id}-1`);
  const row = await bob.locator(`#open-list tr[data-match="${id}"]`).textContent();
  assert(row.includes('black: Ann') && row.includes('red: open') && row.includes('(rated)'), `the lobby shows Ann's open match: ${row}`);
  await shot(bob, 'lobby-open-match');
  // A name that is taken is refused, saying so.
  await bob.fill('#my-name', 'Ann');
  await bob.click(`#join-${id}-1`);
  await bob.waitForFunction(() => /taken/.test(document.querySelector('#join-error').textContent));
  await bob.fill('#my-name', 'Bob');
  await bob.click(`#join-${id}-1`);
  await bob.waitForURL(/\/m\/[a-z0-9]+#t=/);
  await bob.waitForSelector('#status .step');
  assert((await bob.locator('#status').textContent()).includes('you are red'), 'Bob plays red');
  await ann.waitForFunction(() => document.querySelector('#status').textContent.includes('Bob'));

  // Anyone may watch it from the lobby, as a spectator: the watcher's
  // lobby, open all along, shows it without a reload.
  await watcher.click(`#open-list tr[data-match="${id}"] a[href$="#watch"]`);
  await watcher.waitForSelector('#status .step');
  assert((await watcher.locator('#status').textContent()).includes('watching'), 'the watcher is a spectator');
  assert(await watcher.locator('#actions button.action').count() === 0, 'the watcher has no action to take');

  const rand = seeded(22);
  for (let i = 0; i < 300 && !(await over(ann)); i++) {
    for (const p of [ann, bob]) if (await myTurn(p)) await clickRandomAction(p, rand);
    if (!(await myTurn(ann)) && !(await myTurn(bob)) && !(await over(ann))) await ann.waitForTimeout(50);
  }
  for (const p of [ann, bob, watcher]) await p.waitForSelector('#over');
  const annResult = await ann.locator('#you-result').textContent();
  await shot(ann, 'lobby-rated-over');

  // Both ratings changed: the winner's up, the loser's down.
  let after = {};
  for (let i = 0; i < 50 && !(after.Ann && after.Bob); i++) after = await ratings(ann);
  assert(after.Ann && after.Bob && after.Ann.matches === 1 && after.Bob.matches === 1, `both are rated after one match: ${JSON.stringify(after)}`);
  if (annResult === 'You won!') assert(after.Ann.rating > 1500 && after.Bob.rating < 1500, `Ann won: ${JSON.stringify(after)}`);
  else if (annResult === 'You lost.') assert(after.Ann.rating < 1500 && after.Bob.rating > 1500, `Bob won: ${JSON.stringify(after)}`);
  else assert(after.Ann.rating === 1500 && after.Bob.rating === 1500, `a draw: ${JSON.stringify(after)}`);
  await shot(ann, 'leaderboard');

  // The lobby lists the finished match with its replay, and Bob's rating.
  await bob.goto(BASE + '/');
  await bob.waitForSelector('#my-ratings .rating[data-game="blackred"]');
  const mine = await bob.locator('#my-ratings').textContent();
  assert(mine.includes(`Black & Red ${after.Bob.rating} `), `Bob's lobby shows his rating: ${mine}`);
  await bob.waitForSelector(`#finished-list tr[data-match="${id}"]`);
  await bob.click(`#finished-list tr[data-match="${id}"] a`);
  await bob.waitForURL(new RegExp(`/r/${id}$`));
  await bob.waitForSelector('#replay-result');
  // The watcher, no player, replays it as the spectators saw it: no seat
  // to choose, no record file, and a seat's view is refused.
  await watcher.goto(BASE + `/r/${id}`);
  await watcher.waitForSelector('#replay-step');
  const seats = await watcher.locator('#replay-seat option').allTextContents();
  assert(seats.length === 1 && seats[0] === 'spectator', `the watcher's replay offers the spectator's view only: ${seats}`);
  assert(await watcher.locator('a[download]').count() === 0, 'no record file for the watcher');
  const refused = await watcher.evaluate(async (id) => (await fetch(`/api/matches/${id}/replay?step=1&seat=black`)).status, id);
  assert(refused === 403, `a seat's view is refused to the watcher: ${refused}`);
  // Bob, a player, may see it as either seat saw it.
  const bobSeats = await bob.locator('#replay-seat option').allTextContents();
  assert(bobSeats.length === 3, `a player's replay offers every seat: ${bobSeats}`);
  console.log(`Ann: ${annResult}; ratings after: ${JSON.stringify(after)}`);
});
