// Opens exported session pages in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core) and checks what a person would: the tree lists every entry, another branch's
// messages show when its node is clicked, "Back to leaf" returns, session text is shown as text
// and runs nothing, long paths are paged, the phone layout works; no console errors, no network.
//
// Usage: node export.test.mjs EXPECT.json SCREENSHOT_DIR
// EXPECT.json (written by ExportBrowserTest): { page, ids, leaf, other, leafText, otherText,
//   scriptTexts, longPage, longTotal }. Exits 0 when every check passes; prints each failure.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [expectFile, shots] = process.argv.slice(2);
if (!expectFile || !shots) {
  console.error('usage: node export.test.mjs EXPECT.json SCREENSHOT_DIR');
  process.exit(2);
}
const expect = JSON.parse(readFileSync(expectFile, 'utf8'));
mkdirSync(shots, { recursive: true });

const failures = [];
let passed = 0;
function check(ok, what) {
  if (ok) passed++;
  else failures.push(what);
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
}

const profile = mkdtempSync(join(tmpdir(), 'graft-export-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.GRAFT_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
  viewport: { width: 1280, height: 860 },
});

/** A page that records console errors, dialogs and any request that is not file: or data:. */
async function open(url, viewport) {
  const page = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const seen = { errors: [], dialogs: [], requests: [] };
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') seen.errors.push(m.text()); });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('dialog', (d) => { seen.dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  page.on('request', (r) => { if (!/^(file|data):/.test(r.url())) seen.requests.push(r.url()); });
  await page.goto(url, { waitUntil: 'load', timeout: Number(process.env.GRAFT_PAGE_TIMEOUT || 60000) });
  await page.waitForSelector('#messages article', { timeout: 30000 });
  return { page, seen };
}

/** Every entry id the tree shows, scrolling through its virtualized list. */
async function treeIds(page) {
  return page.evaluate(async () => {
    const scroll = document.getElementById('tree-scroll');
    const ids = new Set();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let top = 0; ; top += Math.max(48, scroll.clientHeight / 2)) {
      scroll.scrollTop = top;
      await frame();
      document.querySelectorAll('#tree-rows .row').forEach((r) => ids.add(r.dataset.id));
      if (scroll.scrollTop + scroll.clientHeight >= scroll.scrollHeight - 1) break;
    }
    return [...ids];
  });
}

const messagesText = (page) => page.locator('#messages').innerText();

async function clickTreeNode(page, id) {
  await page.fill('#tree-filter', id);
  const row = page.locator(`#tree-rows .row[data-id="${id}"]`);
  await row.waitFor({ timeout: 5000 });
  await row.click();
  await page.fill('#tree-filter', '');
  await page.waitForTimeout(250); // the filter applies after a short pause in typing
}

try {
  const url = pathToFileURL(expect.page).href;

  // ---------------------------------------------------------------- desktop
  const { page, seen } = await open(url);
  const ids = await treeIds(page);
  const missing = expect.ids.filter((id) => !ids.includes(id));
  check(missing.length === 0 && ids.length === expect.ids.length,
    `the tree lists all ${expect.ids.length} entries (listed ${ids.length}, missing ${missing.join(',') || 'none'})`);
  check((await page.locator('#tree-status').innerText()).startsWith(`${expect.ids.length} entries`), 'the tree status counts the entries');

  let text = await messagesText(page);
  check(text.includes(expect.leafText) && !text.includes(expect.otherText), 'the page opens on the leaf path');
  check(await page.locator(`#tree-rows .row.selected[data-id="${expect.leaf}"]`).count() === 1, 'the leaf is selected in the tree');
  for (const s of expect.scriptTexts) {
    check(await page.getByText(s, { exact: false }).first().isVisible(), `shown as text: ${s}`);
  }
  check(await page.locator('#messages script, #messages img[src="x"], #messages b, #messages [onerror]').count() === 0,
    'no element made from session text');
  check(await page.locator('#messages a[href^="javascript"]').count() === 0
    && await page.locator('#messages a[href="https://example.org/docs"]').count() === 1, 'only http(s) links become links');
  check(await page.locator('#messages img.inline[src^="data:image/png;base64,"]').count() >= 1, 'the image is shown inline');
  check(await page.locator('#messages .entry.summary').count() >= 2, 'the compaction and the branch summary are marked');
  check(await page.locator('#messages .entry.custom').count() >= 1, 'the custom message is styled apart');
  const readResult = await page.locator('#messages details.tool-result summary').first().innerText();
  check(readResult.includes('read \u00b7 3 lines'), `a result's final newline ends its last line, not a new one (${readResult})`);
  const branchSummary = await page.locator('#messages .entry.summary .meta').first().innerText();
  check(branchSummary.startsWith(`Back at ${expect.branchPoint}`),
    `a branch summary names the entry it went back to (${branchSummary})`);
  const thinking = page.locator('#messages details.thinking').first();
  check(!(await thinking.evaluate((d) => d.open)), 'thinking starts folded');
  await thinking.locator('summary').click();
  check((await thinking.innerText()).includes('THINKING-TEXT'), 'thinking unfolds');
  const call = page.locator('#messages details.tool-call').first();
  await call.locator('summary').click();
  check((await call.innerText()).includes('src/dates.ts'), 'a tool call unfolds to its arguments');
  await page.screenshot({ path: join(shots, 'desktop-leaf.png') });

  await clickTreeNode(page, expect.other);
  text = await messagesText(page);
  check(text.includes(expect.otherText) && !text.includes(expect.leafText), 'clicking a node of the other branch shows that branch');
  check(decodeURIComponent(new URL(page.url()).hash.slice(1)) === expect.other, 'the address names the selected entry');
  check(await page.locator('#leaf-btn.away').count() === 1, 'the leaf button stands out away from the leaf');
  await page.screenshot({ path: join(shots, 'desktop-branch.png') });

  await page.click('#leaf-btn');
  text = await messagesText(page);
  check(text.includes(expect.leafText) && !text.includes(expect.otherText), 'the leaf button returns to the leaf path');
  check(await page.locator(`#tree-rows .row.selected[data-id="${expect.leaf}"]`).count() === 1, 'the leaf is selected again');

  await page.click('#side-close');
  check(!(await page.locator('#sidebar').isVisible()), 'the sidebar collapses on a desktop');
  await page.click('#side-toggle');
  check(await page.locator('#sidebar').isVisible(), 'and opens again');

  // A deep link opens on its entry.
  const deep = await browser.newPage();
  await deep.goto(url + '#' + encodeURIComponent(expect.other));
  await deep.waitForSelector('#messages article');
  check((await messagesText(deep)).includes(expect.otherText), 'a link to an entry opens its path');
  await deep.close();

  // ---------------------------------------------------------------- phone
  const phone = await open(url, { width: 390, height: 844 });
  const side = await phone.page.locator('#sidebar').boundingBox();
  check(side === null || side.x + side.width <= 1, 'on a phone the tree starts closed');
  check((await messagesText(phone.page)).includes(expect.leafText), 'on a phone the leaf path shows');
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `on a phone nothing is wider than the screen (${overflow}px over)`);
  await phone.page.screenshot({ path: join(shots, 'phone-leaf.png') });
  await phone.page.click('#side-toggle');
  await phone.page.waitForTimeout(300);
  const opened = await phone.page.locator('#sidebar').boundingBox();
  check(opened !== null && opened.x >= 0 && opened.width <= 390, 'the tree slides in over the page');
  await phone.page.screenshot({ path: join(shots, 'phone-tree.png') });
  await clickTreeNode(phone.page, expect.other);
  await phone.page.waitForTimeout(300);
  const closed = await phone.page.locator('#sidebar').boundingBox();
  check(closed === null || closed.x + closed.width <= 1, 'choosing a node closes the tree');
  check((await messagesText(phone.page)).includes(expect.otherText), 'and shows its path');

  // ---------------------------------------------------------------- a long path is paged
  const long = await open(pathToFileURL(expect.longPage).href);
  const shown = await long.page.locator('#messages article').count();
  check(shown === 50, `a path of ${expect.longTotal} entries renders its last 50 (rendered ${shown})`);
  await long.page.click('#show-earlier');
  const more = await long.page.locator('#messages article').count();
  check(more === 100, `"show earlier" adds 50 more (now ${more})`);
  const rowsInDom = await long.page.locator('#tree-rows .row').count();
  check(rowsInDom < 120, `the tree renders only the rows in view (${rowsInDom} of ${expect.longTotal})`);

  for (const [name, s] of [['desktop', seen], ['phone', phone.seen], ['long', long.seen]]) {
    check(s.errors.length === 0, `${name}: no console errors or warnings${s.errors.length ? ': ' + s.errors.join(' | ') : ''}`);
    check(s.dialogs.length === 0, `${name}: no dialog opened${s.dialogs.length ? ': ' + s.dialogs.join(' | ') : ''}`);
    check(s.requests.length === 0, `${name}: nothing requested from the network${s.requests.length ? ': ' + s.requests.join(' ') : ''}`);
  }
} catch (e) {
  failures.push('error: ' + (e && e.stack || e));
  console.log('FAIL ' + (e && e.stack || e));
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
