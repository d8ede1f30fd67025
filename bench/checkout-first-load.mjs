#!/usr/bin/env node
// Benchmark (issue 4): the hosted checkout's first load in headless Chromium (Debian's, through playwright-core,
// with the e2e flags), against Drip started as `npm start` starts it, on a checkout created through the merchant
// API. With the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate), it measures:
//   - bytes transferred on the wire (CDP encodedDataLength: brotli as Chromium gets it, headers included),
//     JavaScript and total, up to the moment the first step is on screen, and the same JavaScript in gzip;
//   - the time from navigation to the first step rendered (its heading), median of N cold loads (fresh context).
// Target: first-load JavaScript at most 90 KB gzip.
// Usage: node bench/checkout-first-load.mjs [--runs 5] [--mode transparent|redirect]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/lib.mjs';
import { arg, argText, CHROMIUM_FLAGS, firstScreenAt, markFirstScreen, startLikeNpmStart } from './lib.mjs';

const RUNS = arg('runs', 5);
const TRANSPARENT = argText('mode', 'redirect') === 'transparent';
const TARGET_JS = 90 * 1024;
const CPU_SLOWDOWN = 4;

async function createCheckout(dripUrl) {
  const world = await (await fetch(`${dripUrl}/sandbox/demo`)).json();
  const res = await fetch(`${dripUrl}/api/v1/merchant/checkouts`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${world.merchants[0].apiKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `bench-${Date.now()}`,
    },
    body: JSON.stringify({
      amount: 299.9,
      merchantOrderCode: `BENCH-${Date.now()}`,
      products: [{ name: 'Cafeteira', quantity: 1, amount: 299.9 }],
      resolveUrl: 'https://loja.example/ok',
      cancelUrl: 'https://loja.example/cancelado',
    }),
  });
  if (res.status !== 201)
    throw new Error(`POST /api/v1/merchant/checkouts answered ${res.status}: ${await res.text()}`);
  return (await res.json()).id;
}

async function oneLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  // The first step: the heading of the step's content (not the spinner).
  await markFirstScreen(
    context,
    (selector) => document.querySelector(selector) !== null,
    '.checkout__main h1',
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = new Map();
  const sentAt = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!sentAt.has(e.requestId)) sentAt.set(e.requestId, e.wallTime * 1000);
  });
  cdp.on('Network.responseReceived', (e) => {
    requests.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding:
        e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity',
      bytes: 0,
      sentAt: sentAt.get(e.requestId) ?? 0,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('.checkout__main h1').first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - started;
  const renderedAt = await firstScreenAt(page);
  // Let the requests that were in flight at render time finish (their sizes count; later prefetches do not).
  await page.waitForTimeout(300);
  await context.close();
  const counted = [...requests.values()].filter((r) => r.sentAt <= renderedAt);
  const js = counted.filter((r) => r.type === 'Script');
  return {
    ms,
    jsBytes: js.reduce((n, r) => n + r.bytes, 0),
    totalBytes: counted.reduce((n, r) => n + r.bytes, 0),
    js: js.map((r) => ({ file: new URL(r.url).pathname, bytes: r.bytes, encoding: r.encoding })),
  };
}

const executablePath = findChromium();
if (!executablePath) {
  console.error('Chromium is missing (apt-get install chromium, or set CHROMIUM_PATH).');
  process.exit(1);
}
const drip = await startLikeNpmStart('drip-bench-first-load-');
let browser;
try {
  const id = await createCheckout(drip.url);
  const url = `${drip.url}/checkouts/${id}?transparent=${TRANSPARENT}`;
  browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  await oneLoad(browser, url); // warm-up (server-side compression caches, PGlite)
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneLoad(browser, url));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const last = runs[runs.length - 1];
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  // The same files gzip-compressed as the server sends them to a browser that accepts only gzip (level 9; the
  // target is in gzip bytes). fetch() decodes what it receives, so the decoded file is compressed here again.
  let gzipTotal = 0;
  for (const f of last.js) {
    const res = await fetch(`${drip.url}${f.file}`, { headers: { 'Accept-Encoding': 'gzip' } });
    f.gzip = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).byteLength;
    gzipTotal += f.gzip;
  }
  console.log(
    `checkout first load (${RUNS} cold loads, CPU ${CPU_SLOWDOWN}x slower, transparent=${TRANSPARENT})`,
  );
  console.log(`  ${'JavaScript file'.padEnd(56)} ${'on wire'.padStart(9)}  encoding  ${'gzip'.padStart(9)}`);
  for (const f of last.js) {
    console.log(
      `  ${f.file.padEnd(56)} ${kb(f.bytes).padStart(9)}  ${f.encoding.padEnd(8)}  ${kb(f.gzip).padStart(9)}`,
    );
  }
  console.log(
    `  JavaScript on the wire:  ${kb(last.jsBytes)} (Chromium takes brotli); gzip: ${kb(gzipTotal)}`,
  );
  console.log(`  everything on the wire:  ${kb(last.totalBytes)}`);
  console.log(
    `  first step rendered:     median ${Math.round(median(runs.map((r) => r.ms)))} ms (min ${Math.round(Math.min(...runs.map((r) => r.ms)))}, max ${Math.round(Math.max(...runs.map((r) => r.ms)))})`,
  );
  const ok = gzipTotal <= TARGET_JS;
  console.log(
    `\nfirst-load JavaScript ${kb(gzipTotal)} gzip, target ≤ ${kb(TARGET_JS)}: ${ok ? 'met' : 'NOT met'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser?.close();
  await drip.stop();
}
