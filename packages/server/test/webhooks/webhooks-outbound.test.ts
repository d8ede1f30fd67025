/**
 * A webhook URL whose name leads inside (docs/outbound-calls.md): in production the delivery's connection is
 * refused after DNS and the refusal is in the delivery log; the sandbox reaches the same name on loopback.
 */

import { type AddressInfo, createServer, type Server } from 'node:net';
import { fillPath, merchantCreateWebhook, merchantWebhookDeliveries } from '@drip/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { webhookEndpoints } from '../../src/modules/webhooks/tables.ts';
import type { Resolver } from '../../src/outbound.ts';
import { appOn, bearer, loginMerchant, seededApp, type TestApp } from '../helpers.ts';
import { receiver } from '../webhooks-helpers.ts';

/** 'vm.example' (and any name) is made to lead to 127.0.0.1, as an attacker's DNS would. */
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

let t: Awaited<ReturnType<typeof seededApp>>;
let auroraId: string;
let admin: Record<string, string>;
/** A TCP server on loopback that counts connections: a TLS client would reach it if nothing refused. */
let tcp: Server;
let tcpPort: number;
let connections = 0;

beforeAll(async () => {
  t = await seededApp();
  const [m] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
  auroraId = m?.id ?? '';
  tcp = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  tcpPort = (tcp.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => tcp.close(r));
  await t.dispose();
});
beforeEach(async () => {
  admin = bearer((await loginMerchant(t)).token);
  await t.database.db.execute(sql`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
});

async function deliverOnce(app: TestApp, url: string) {
  const made = await app.request(
    'POST',
    merchantCreateWebhook.path,
    { url, events: ['ORDER_CREATED'] },
    admin,
  );
  expect(made.status, made.text).toBe(201);
  const svc = app.built.services.webhooks;
  await svc.publish(app.database.db, auroraId, 'ORDER_CREATED', { orderId: 'o-dns' });
  await svc.deliveryQueue.drain();
  const res = await app.request(
    'GET',
    fillPath(merchantWebhookDeliveries.path, { id: made.body.id }),
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.content[0] as {
    status: string;
    log: { responseCode: number | null; error: string | null }[];
  };
}

describe('webhook deliveries to a name that resolves inside', () => {
  it('production: the URL is accepted, the connection to 127.0.0.1 is refused at connect time', async () => {
    const live = appOn(t.database, { clock: t.clock, config: { sandbox: false }, resolve: toLoopback });
    const before = connections;
    const delivery = await deliverOnce(live, `https://vm.example:${tcpPort}/hooks`);
    expect(delivery.status).toBe('PENDING');
    expect(delivery.log).toEqual([
      expect.objectContaining({
        responseCode: null,
        error: expect.stringContaining('vm.example resolve para 127.0.0.1 (loopback)'),
      }),
    ]);
    expect(connections).toBe(before);
  });

  it('production: an internal address literal stored before the registration check is refused too', async () => {
    const live = appOn(t.database, { clock: t.clock, config: { sandbox: false }, resolve: toLoopback });
    const made = await live.request(
      'POST',
      merchantCreateWebhook.path,
      { url: 'https://hooks.loja.example/x', events: ['ORDER_CREATED'] },
      admin,
    );
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: `https://[::ffff:127.0.0.1]:${tcpPort}/x` })
      .where(eq(webhookEndpoints.id, made.body.id));
    const before = connections;
    await live.built.services.webhooks.publish(t.database.db, auroraId, 'ORDER_CREATED', {
      orderId: 'o-lit',
    });
    await live.built.services.webhooks.deliveryQueue.drain();
    const res = await live.request(
      'GET',
      fillPath(merchantWebhookDeliveries.path, { id: made.body.id }),
      undefined,
      admin,
    );
    expect(res.body.content[0].log[0].error).toContain('recusado (loopback)');
    expect(connections).toBe(before);
  });

  it('sandbox: the same name reaches a receiver on the developer machine', async () => {
    const hook = await receiver();
    try {
      const sandbox = appOn(t.database, { clock: t.clock, resolve: toLoopback });
      const port = new URL(hook.url).port;
      const delivery = await deliverOnce(sandbox, `http://vm.example:${port}/hooks`);
      expect(delivery.status).toBe('DELIVERED');
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
