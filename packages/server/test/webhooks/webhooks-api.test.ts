/**
 * The merchant's webhook endpoints through the API (docs/webhooks.md): registration rules (https outside the
 * sandbox, no internal addresses, events, a cap), who may do what, tenant isolation, and the checkout status
 * changes that publish CHECKOUT_STATUS_CHANGED.
 */
import {
  checkoutPaths,
  fillPath,
  merchantCreateWebhook,
  merchantDeleteWebhook,
  merchantListWebhooks,
  merchantReplayWebhookDelivery,
  merchantRevokeCheckout,
  merchantWebhookDeliveries,
  WEBHOOK_ENDPOINTS_MAX,
} from '@drip/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { isInternalHost } from '../../src/modules/webhooks/service.ts';
import { webhookDeliveries } from '../../src/modules/webhooks/tables.ts';
import { apiKeyOf, createCheckout, freshShopper, put, toAnalysis } from '../checkout-helpers.ts';
import { appOn, bearer, loginMerchant, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let read: Record<string, string>;
let pitanga: Record<string, string>;
let ids: { aurora: string; pitanga: string };

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginMerchant(t)).token);
  read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
  pitanga = bearer((await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234')).token);
  const rows = await t.database.db.select().from(merchants);
  const idOf = (name: string) => rows.find((m) => m.name === name)?.id ?? '';
  ids = { aurora: idOf('Loja Aurora'), pitanga: idOf('Casa Pitanga') };
});
afterAll(async () => {
  await t.dispose();
});
beforeEach(async () => {
  // Some tests move the clock by days: fresh sessions each time.
  admin = bearer((await loginMerchant(t)).token);
  pitanga = bearer((await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234')).token);
  await t.database.db.execute(sql`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
});

const create = (body: unknown, who = admin) => t.request('POST', merchantCreateWebhook.path, body, who);
const list = (who = admin) => t.request('GET', merchantListWebhooks.path, undefined, who);
const deliveries = (id: string, who = admin) =>
  t.request('GET', fillPath(merchantWebhookDeliveries.path, { id }), undefined, who);

describe('registering an endpoint', () => {
  it('answers the id and the secret once; the list never shows the secret', async () => {
    const res = await create({
      url: ' https://loja.example/hooks ',
      events: ['ORDER_CREATED', 'ORDER_CREATED'],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_/);
    const listed = await list(read);
    expect(listed.status).toBe(200);
    expect(listed.body.content).toEqual([
      {
        id: res.body.id,
        url: 'https://loja.example/hooks',
        events: ['ORDER_CREATED'],
        createdAt: expect.any(String),
      },
    ]);
    expect(listed.text).not.toContain(res.body.secret);
  });

  it('refuses bad input with a 400 and a pt-BR message per field', async () => {
    const cases: [unknown, string, string][] = [
      [{ url: 'not a url', events: ['ORDER_CREATED'] }, 'url', 'A URL do webhook é inválida'],
      [{ url: 'ftp://loja.example/x', events: ['ORDER_CREATED'] }, 'url', 'A URL do webhook é inválida'],
      [{ url: '', events: ['ORDER_CREATED'] }, 'url', 'Informe a URL do webhook'],
      [{ url: 'https://loja.example', events: [] }, 'events', 'Selecione ao menos um evento'],
      [{ url: 'https://loja.example', events: ['ORDER_PAID'] }, 'events.0', 'Evento de webhook desconhecido'],
      [
        { url: `https://loja.example/${'a'.repeat(2000)}`, events: ['ORDER_CREATED'] },
        'url',
        'A URL do webhook deve ter no máximo 2000 caracteres',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.issues, JSON.stringify(body)).toContainEqual({ path, message });
    }
    const userInfo = await create({ url: 'https://user:pass@loja.example/x', events: ['ORDER_CREATED'] });
    expect(userInfo.status).toBe(400);
  });

  it('outside the sandbox, takes https only and no internal address', async () => {
    const live = appOn(t.database, { clock: t.clock, config: { sandbox: false } });
    const token = bearer((await loginMerchant(t)).token);
    const post = (url: string) =>
      live.request('POST', merchantCreateWebhook.path, { url, events: ['ORDER_CREATED'] }, token);
    const http = await post('http://loja.example/hooks');
    expect(http.status).toBe(400);
    expect(http.body.error).toMatchObject({
      code: 'WEBHOOK_URL_INVALID',
      message: 'A URL do webhook deve usar https',
    });
    for (const url of [
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://192.168.0.10/x',
      // A trailing dot, IPv6 forms that reach loopback, link-local, site-local or embedded internal IPv4, and a
      // single-label (intranet) name.
      'https://localhost./x',
      'https://metadata.google.internal./x',
      'https://[fe90::1]/x',
      'https://[fec0::1]/x',
      'https://[::127.0.0.1]/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'https://[2002:7f00:1::]/x',
      'https://vm/x',
      'https://vm./x',
    ]) {
      expect((await post(url)).status, url).toBe(400);
    }
    expect((await post('https://loja.example/hooks')).status).toBe(201);
    // The sandbox takes http (a receiver on the developer's machine).
    expect((await create({ url: 'http://localhost:4000/hooks', events: ['ORDER_CREATED'] })).status).toBe(
      201,
    );
  });

  it('keeps at most the cap of endpoints per merchant', async () => {
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++)
      expect((await create({ url: `https://loja.example/${i}`, events: ['ORDER_CREATED'] })).status).toBe(
        201,
      );
    const over = await create({ url: 'https://loja.example/over', events: ['ORDER_CREATED'] });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('WEBHOOK_LIMIT');
    // Another merchant has its own count.
    expect(
      (await create({ url: 'https://pitanga.example/1', events: ['ORDER_CREATED'] }, pitanga)).status,
    ).toBe(201);
  });

  it('lets a READ user list but not register nor remove', async () => {
    const made = await create({ url: 'https://loja.example/r', events: ['ORDER_CREATED'] });
    expect((await create({ url: 'https://loja.example/r2', events: ['ORDER_CREATED'] }, read)).status).toBe(
      403,
    );
    expect(
      (await t.request('DELETE', fillPath(merchantDeleteWebhook.path, { id: made.body.id }), undefined, read))
        .status,
    ).toBe(403);
    expect((await deliveries(made.body.id, read)).status).toBe(200);
  });

  it('knows the internal host names and addresses', () => {
    for (const host of [
      'localhost',
      'a.localhost',
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      'fd00::1',
      '[fe80::1]',
      '::ffff:127.0.0.1',
      'metadata.internal',
    ])
      expect(isInternalHost(host), host).toBe(true);
    // 2001:db8::/32 is the documentation range: not routable, refused like the other special blocks.
    expect(isInternalHost('2001:db8::1')).toBe(true);
    for (const host of ['loja.example', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111'])
      expect(isInternalHost(host), host).toBe(false);
  });
});

describe('tenant isolation', () => {
  it('keeps every merchant to its own endpoints and deliveries', async () => {
    const theirs = await create({ url: 'https://pitanga.example/h', events: ['ORDER_CREATED'] }, pitanga);
    const mine = await create({ url: 'https://loja.example/h', events: ['ORDER_CREATED'] });
    await t.built.services.webhooks.publish(t.database.db, ids.pitanga, 'ORDER_CREATED', { orderId: 'p-1' });
    await t.built.services.webhooks.publish(t.database.db, ids.aurora, 'ORDER_CREATED', { orderId: 'a-1' });
    const theirDeliveries = await deliveries(theirs.body.id, pitanga);
    expect(theirDeliveries.body.content).toHaveLength(1);
    const theirDelivery: string = theirDeliveries.body.content[0].id;
    // Each publish reached only its merchant's endpoint: their one delivery carries their order.
    const payloads = (await t.database.db.execute(
      sql`select payload from webhook_deliveries where id = ${theirDelivery}::uuid`,
    )) as { rows: { payload: unknown }[] };
    expect(JSON.stringify(payloads.rows[0]?.payload)).toContain('"orderId":"p-1"');
    expect(JSON.stringify(payloads.rows[0]?.payload)).not.toContain('"orderId":"a-1"');
    expect((await deliveries(mine.body.id)).body.content).toHaveLength(1);

    expect((await list()).body.content.map((e: { id: string }) => e.id)).toEqual([mine.body.id]);
    expect((await deliveries(theirs.body.id)).status).toBe(404);
    const replay = (id: string, deliveryId: string) =>
      t.request('POST', fillPath(merchantReplayWebhookDelivery.path, { id, deliveryId }), undefined, admin);
    expect((await replay(theirs.body.id, theirDelivery)).status).toBe(404);
    // My endpoint with their delivery: still theirs.
    expect((await replay(mine.body.id, theirDelivery)).status).toBe(404);
    expect((await replay(mine.body.id, 'not-a-uuid')).status).toBe(404);
    // Malformed ids are unknown ids, never a 500.
    for (const bad of ['not-a-uuid', ':id', "1' or '1'='1"]) {
      expect((await deliveries(bad)).status, bad).toBe(404);
      expect((await replay(bad, theirDelivery)).status, bad).toBe(404);
      expect(
        (await t.request('DELETE', fillPath(merchantDeleteWebhook.path, { id: bad }), undefined, admin))
          .status,
        bad,
      ).toBe(404);
    }
    expect(
      (
        await t.request(
          'DELETE',
          fillPath(merchantDeleteWebhook.path, { id: theirs.body.id }),
          undefined,
          admin,
        )
      ).status,
    ).toBe(404);
    expect((await deliveries(theirs.body.id, pitanga)).body.content).toHaveLength(1);
    expect((await list(pitanga)).body.content).toHaveLength(1);
  });
});

describe('checkout status changes', () => {
  async function statusEvents(endpointId: string) {
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    return rows
      .filter((r) => r.event === 'CHECKOUT_STATUS_CHANGED')
      .map((r) => (r.payload as { data: Record<string, unknown> }).data);
  }

  it('publishes REVOKED, KO (shopper cancel) and EXPIRED (the expiry job) to the checkout’s merchant', async () => {
    const hook = await create({ url: 'https://loja.example/status', events: ['CHECKOUT_STATUS_CHANGED'] });
    expect(hook.status).toBe(201);
    const theirs = await create(
      { url: 'https://pitanga.example/s', events: ['CHECKOUT_STATUS_CHANGED'] },
      pitanga,
    );
    const apiKey = await apiKeyOf(t, 'Loja Aurora');

    const revoked = await createCheckout(t, apiKey);
    const res = await t.request(
      'PUT',
      fillPath(merchantRevokeCheckout.path, { id: revoked }),
      undefined,
      admin,
    );
    expect(res.status, res.text).toBe(200);

    const canceled = await createCheckout(t, apiKey);
    const cancel = await t.request('PUT', checkoutPaths.cancel(canceled));
    expect(cancel.status, cancel.text).toBe(200);

    const expired = await createCheckout(t, apiKey);
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    expect(await t.built.services.checkouts.expireCheckouts()).toBeGreaterThan(0);

    const events = await statusEvents(hook.body.id);
    expect(events).toContainEqual(expect.objectContaining({ checkoutId: revoked, status: 'REVOKED' }));
    expect(events).toContainEqual(
      expect.objectContaining({ checkoutId: canceled, status: 'KO', koReason: 'EXPIRED' }),
    );
    expect(events).toContainEqual(expect.objectContaining({ checkoutId: expired, status: 'EXPIRED' }));
    expect(await statusEvents(theirs.body.id)).toEqual([]);
  });

  it('publishes a denial by the credit analysis, in the decision’s own statement', async () => {
    const hook = await create({ url: 'https://loja.example/ko', events: ['CHECKOUT_STATUS_CHANGED'] });
    expect(hook.status).toBe(201);
    const apiKey = await apiKeyOf(t, 'Loja Aurora');
    const id = await createCheckout(t, apiKey);
    const shopper = freshShopper();
    // Paid by someone else's CPF: INVALID_CUSTOMER_DATA.
    let res = await toAnalysis(t, id, shopper.cpf, shopper.phone, { cpf: freshShopper().cpf });
    for (let i = 0; i < 20 && res.body.result !== 'KO'; i++) {
      await t.built.services.checkouts.runPendingAnalysis(id).catch(() => undefined);
      res = await put(t, id);
    }
    expect(res.body.result).toBe('KO');
    const events = await statusEvents(hook.body.id);
    // The merchant hears the refusal's group (spec 8), never the fraud signal itself (INVALID_CUSTOMER_DATA).
    expect(events).toEqual([expect.objectContaining({ checkoutId: id, status: 'KO', koReason: 'FRAUD' })]);
    expect(JSON.stringify(events)).not.toContain('INVALID_CUSTOMER_DATA');
  });
});
