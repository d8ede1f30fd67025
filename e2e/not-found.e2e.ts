import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('global routes', () => {
  it('answers an unknown route with the 404 page and status', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/nao-existe');
    expect(res?.status()).toBe(404);
    await page.getByText('404 - Page Not Found').waitFor();
    await page.getByText('A página que você estava procurando não existe').waitFor();
    await context.close();
  });

  it('serves /healthz and the sandbox inbox', async () => {
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
    const { context, page } = await newPage(browser);
    const res = await page.goto('/sandbox/inbox');
    expect(res?.status()).toBe(200);
    await context.close();
  });
});
