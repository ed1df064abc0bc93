// Helpers shared by the browser tests: launching Debian's chromium with
// playwright-core, the server's API, and assertions.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

export const BASE = process.env.SKALD_URL;
if (!BASE) throw new Error('SKALD_URL is not set: run these scripts through go test -tags e2e ./e2e');

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
}

// newPage opens a page in a context of its own (its own storage), phone
// sized if asked.
export async function newPage(browser, opts = {}) {
  const ctx = await browser.newContext(opts.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => { console.error('page error:', e.message); process.exitCode = 1; });
  page.setDefaultTimeout(15000);
  return page;
}

export async function create(game, seats, options = {}) {
  const r = await fetch(BASE + '/api/matches', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, seats, options }) });
  if (r.status !== 201) throw new Error(`create ${game}: ${r.status} ${await r.text()}`);
  return r.json();
}

export function link(l) { return BASE + l; }

export function assert(ok, msg) {
  if (!ok) throw new Error('assertion failed: ' + msg);
}

export async function shot(page, name) {
  const dir = process.env.SKALD_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

// step returns the step number the match page shows.
export async function step(page) {
  const t = await page.locator('#status .step').textContent();
  return Number(t.replace(/\D/g, ''));
}

// myTurn reports whether the page says it is its seat's decision.
export async function myTurn(page) {
  return (await page.locator('#turn').count()) > 0;
}

export async function over(page) {
  return (await page.locator('#over').count()) > 0;
}

// clickRandomAction clicks one of the legal action buttons; it returns the
// action clicked, or null when there was none (or the page re-rendered
// under the click).
export async function clickRandomAction(page, rand = Math.random, filter = () => true) {
  const before = await step(page);
  const buttons = page.locator('#actions button.action');
  const texts = (await buttons.evaluateAll((bs) => bs.map((b) => b.dataset.action))).filter(filter);
  if (!texts.length) return null;
  const t = texts[Math.floor(rand() * texts.length)];
  try {
    // Long lists are folded: unfold the one that holds the action.
    await page.evaluate((a) => {
      const b = [...document.querySelectorAll('#actions button.action')].find((x) => x.dataset.action === a);
      const d = b && b.closest('details');
      if (d) d.open = true;
    }, t);
    await page.locator(`#actions button.action[data-action="${t}"]`).first().click({ timeout: 2000 });
  } catch (e) {
    if (process.env.SKALD_DEBUG) console.log('click failed:', e.message);
    return null;
  }
  // Wait for the step to advance (or a refusal).
  await page.waitForFunction((b) => {
    const s = document.querySelector('#status .step');
    const m = document.querySelector('#message');
    return (s && Number(s.textContent.replace(/\D/g, '')) > b) || (m && !m.hidden);
  }, before, { timeout: 15000 }).catch(() => {});
  return t;
}

// seeded returns a small seeded random generator.
export function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function run(name, f) {
  const browser = await launch();
  try {
    await f(browser);
    console.log(`ok ${name}`);
  } catch (e) {
    console.error(`FAIL ${name}: ${e.stack || e}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}
