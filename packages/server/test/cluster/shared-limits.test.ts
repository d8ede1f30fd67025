/**
 * Two server instances on one database (two apps, each with its own memory, as two processes behind a proxy have):
 * every rate-limited endpoint group gives a client its allowance once, however its requests are spread over the
 * instances, and so do the SMS send caps. Runs on PGlite (one database, two apps) and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import {
  adminLogout,
  cepLookup,
  checkoutNotifyPix,
  checkoutUpdate,
  nuvemshopRedirect,
  paths,
  REFRESH_TOKEN_HEADER,
  startNegotiation,
} from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEND_CAPS, type RateLimitConfig } from '../../src/config.ts';
import { AURORA, apiKeyOf, createCheckout, customerData, freshShopper } from '../checkout-helpers.ts';
import { appOn, seededApp, type TestApp } from '../helpers.ts';

const LIMIT: RateLimitConfig = { windowSeconds: 60, perIp: 4, perSubject: 4 };

let a: Awaited<ReturnType<typeof seededApp>>;
let b: TestApp;
let checkoutId: string;
beforeAll(async () => {
  const config = { sendCaps: DEFAULT_SEND_CAPS };
  a = await seededApp({ rateLimit: LIMIT, config });
  b = appOn(a.database, { rateLimit: LIMIT, clock: a.clock, config });
  checkoutId = await createCheckout(a, await apiKeyOf(a, AURORA));
});
afterAll(async () => {
  await b?.built.services.instalmentEvents.close();
  await a?.dispose();
});

type Send = TestApp['request'];
const groups: { name: string; call: (send: Send) => ReturnType<Send> }[] = [
  {
    name: 'refresh',
    call: (send) => send('PUT', paths.admin.login, undefined, { [REFRESH_TOKEN_HEADER]: 'nao-existe' }),
  },
  { name: 'logout', call: (send) => send(adminLogout.method, adminLogout.path) },
  { name: 'CEP', call: (send) => send('GET', cepLookup.path.replace(':cep', '01001000')) },
  { name: 'debt form', call: (send) => send(startNegotiation.method, startNegotiation.path, {}) },
  { name: 'Nuvemshop redirect', call: (send) => send(nuvemshopRedirect.method, nuvemshopRedirect.path, {}) },
  {
    name: 'Drip Token attempts',
    call: (send) =>
      send('PUT', checkoutUpdate.path.replace(':id', randomUUID()), { phoneVerificationCode: '123456' }),
  },
  {
    name: 'notify Pix',
    call: (send) => send('POST', checkoutNotifyPix.path.replace(':id', checkoutId)),
  },
];

describe('limits shared by the instances of one database', () => {
  it.each(groups)('$name: the per-address allowance once over two instances', async ({ call }) => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    // Alternating, as a round-robin proxy spreads a client's requests.
    for (let i = 0; i < 2 * LIMIT.perIp; i++) statuses.push((await call((i % 2 ? b : a).from(ip))).status);
    expect(statuses.slice(0, LIMIT.perIp)).not.toContain(429);
    expect(statuses.slice(LIMIT.perIp)).toEqual(Array(LIMIT.perIp).fill(429));
  });

  it('the SMS send cap of a checkout is counted once over two instances', async () => {
    // Request limits out of the way: only the per-checkout send cap can refuse.
    const loose = { rateLimit: { windowSeconds: 60, perIp: 1000, perSubject: 1000 }, clock: a.clock };
    const [c, d] = [1, 2].map(() => appOn(a.database, { ...loose, config: { sendCaps: DEFAULT_SEND_CAPS } }));
    const fresh = await createCheckout(a, await apiKeyOf(a, AURORA));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { cpf, phone } = freshShopper();
      // A new address and phone each time: only the per-checkout cap is in the way.
      const send = (i % 2 ? d : c)!.from(`203.0.113.${i + 1}`);
      statuses.push(
        (await send('PUT', checkoutUpdate.path.replace(':id', fresh), customerData(cpf, phone))).status,
      );
    }
    for (const t of [c, d]) await t?.built.services.instalmentEvents.close();
    const cap = DEFAULT_SEND_CAPS.perCheckout.max;
    expect(statuses.slice(0, cap)).not.toContain(429);
    expect(statuses.slice(cap)).toEqual(Array(8 - cap).fill(429));
  });
});
