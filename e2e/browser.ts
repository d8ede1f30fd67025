// Headless Debian Chromium through playwright-core, with the flags this workplace requires.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './drip-server.ts';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // What Brazilian users see: the browser's own language sets the date fields' order (dd/mm/aaaa), which the
  // context's `locale` does not reach. Read from the flag on Windows and macOS only; Linux needs LANGUAGE (below).
  '--lang=pt-BR',
  '--accept-lang=pt-BR',
];

function chromiumPath(): string {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium']) if (p && existsSync(p)) return p;
  return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    // playwright-core gives every launch a new empty profile directory of its own.
    args: CHROMIUM_FLAGS,
    // Chromium on Linux takes its language from the environment, and only when its pt-BR strings are installed
    // (Debian's chromium-l10n, which .ci/run installs): without them it falls back to en-US, whatever it is told.
    env: { ...process.env, LANGUAGE: 'pt-BR' },
  });
}

/** The server of this worker slot (global-setup.ts): no other file uses it while this one runs. */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[slot - 1];
  if (!url) throw new Error(`no Drip server for worker slot ${slot} (servers: ${urls.length})`);
  return url;
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Where screenshots go: .e2e-artifacts/screens, or E2E_SHOTS_DIR (to look at one run's screens elsewhere). */
export function shotsDir(): string {
  const dir = process.env.E2E_SHOTS_DIR || join(repoRoot, '.e2e-artifacts', 'screens');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves a screenshot under .e2e-artifacts/ (to look at what the tests saw). */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shotsDir(), `${name}.png`), fullPage: true });
}

/**
 * The page at a phone's width (390 px) and a desktop's (1280 px), one screenshot each (`{name}-390`,
 * `{name}-1280`), then back to the viewport it had.
 */
export async function snapWidths(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top: a sticky header is drawn where the page was scrolled to, over the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Layouts switch at breakpoints through media queries read by React: one frame to settle.
    await page.waitForTimeout(150);
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize(viewport);
}
