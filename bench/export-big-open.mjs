// Opens a large exported page in headless Chromium and reports how long it takes to load and
// to show paths. Usage: node bench/export-big-open.mjs PAGE.html (see bench/export-big.sh).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { chromium } = await import(
  pathToFileURL(join(here, '../cli/src/test/browser/node_modules/playwright-core/index.mjs')).href);
const page = process.argv[2];
const profile = mkdtempSync(join(tmpdir(), 'graft-export-bench-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 860 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const errors = [];
try {
  const tab = await browser.newPage();
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  tab.on('pageerror', (e) => errors.push(String(e)));
  const t0 = Date.now();
  await tab.goto(pathToFileURL(page).href, { waitUntil: 'load', timeout: 600000 });
  const loaded = Date.now() - t0;
  await tab.waitForSelector('#messages article.selected', { timeout: 600000 });
  const leafShown = Date.now() - t0;
  const info = await tab.evaluate(() => ({
    rows: document.getElementById('tree-status').textContent,
    cards: document.querySelectorAll('#messages article').length,
    leaf: document.querySelector('#messages article.selected').dataset.id,
    rowsInDom: document.querySelectorAll('#tree-rows .row').length,
    heapMb: performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1048576) : null,
  }));
  // The path to the first entry (one card), then back to the leaf (the last 50 of 100,025).
  await tab.evaluate(() => { document.getElementById('tree-scroll').scrollTop = 0; });
  const first = tab.locator('#tree-rows .row[data-row="0"]');
  await first.waitFor();
  const firstId = await first.getAttribute('data-id');
  let t = Date.now();
  await tab.click(`#tree-rows .row[data-id="${firstId}"]`);
  await tab.waitForSelector(`#messages article.selected[data-id="${firstId}"]`);
  const toFirst = Date.now() - t;
  t = Date.now();
  await tab.click('#leaf-btn');
  await tab.waitForSelector(`#messages article.selected[data-id="${info.leaf}"]`);
  const back = Date.now() - t;
  // Filtering all rows (the filter applies 120 ms after the last key).
  t = Date.now();
  await tab.fill('#tree-filter', 'turn 12345 ');
  await tab.waitForFunction(() => /^1 of /.test(document.getElementById('tree-status').textContent));
  const filtered = Date.now() - t;
  console.log(`page: load event ${loaded} ms, leaf path shown ${leafShown} ms; tree: ${info.rows}, ${info.rowsInDom} rows in the DOM; `
    + `${info.cards} cards rendered; JS heap ${info.heapMb} MB`);
  console.log(`path to the first entry ${toFirst} ms, back to the leaf ${back} ms, filtering the tree ${filtered} ms `
    + `(120 of them waiting for typing to pause); console errors: ${errors.length}`);
  if (errors.length || info.cards !== 50) process.exitCode = 1;
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
