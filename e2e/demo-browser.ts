// The set-up most walks share: one Chromium for the file and the demo world's credentials and keys, ready in
// beforeAll, closed in afterAll.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { baseUrl, launch } from './browser.ts';
import { type Demo, demo } from './sandbox.ts';

export interface DemoBrowser {
  readonly browser: Browser;
  readonly world: Demo;
}

/** Registers the file's beforeAll/afterAll; read `browser` and `world` inside the tests. */
export function demoBrowser(): DemoBrowser {
  let browser: Browser | undefined;
  let world: Demo | undefined;
  beforeAll(async () => {
    browser = await launch();
    world = await demo(baseUrl());
  });
  afterAll(async () => {
    await browser?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is read before beforeAll ran`);
    return value;
  };
  return {
    get browser() {
      return ready(browser, 'the browser');
    },
    get world() {
      return ready(world, 'the demo world');
    },
  };
}
