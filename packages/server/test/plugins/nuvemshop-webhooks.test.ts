/**
 * What the store's merchant does on Nuvemshop reaches Drip through the platform's signed webhooks
 * (docs/nuvemshop.md "Webhooks"): an order cancelled in the store's admin is refunded through the refund engine once,
 * however often the platform redelivers it, and the transaction follows; uninstalling the app disables the
 * installation. A webhook whose signature is not the app secret's is 401 and changes nothing. Partial refunds by
 * amount are allowed to Nuvemshop merchants, and reach the platform as partial `refund` events.
 */
import {
  fillPath,
  merchantPluginSignUp,
  nuvemshopLgpdWebhook,
  nuvemshopRedirect,
  nuvemshopWebhook,
} from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { orderRefunds } from '../../src/modules/orders/refund-tables.ts';
import { EMULATOR_PATH, SANDBOX_APP, signWebhook } from '../../src/modules/plugins/emulator.ts';
import { nuvemshopStores, nuvemshopWebhooks } from '../../src/modules/plugins/tables.ts';
import { field, payPix, toAnalysis } from '../checkout-helpers.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { merchantIdOf } from '../merchant-sales-helpers.ts';
import { refundCalls } from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;
let storeId: string;

const s = () => t.built.services;
const emu = () => {
  const e = s().nuvemshopEmulator;
  if (!e) throw new Error('the sandbox has no emulator');
  return e;
};
const platformTransaction = (orderId: string) =>
  emu().order(emu().store(storeId), orderId).transactions.at(-1);
async function sync() {
  await s().nuvemshop.check();
  await s().nuvemshop.queue.drain();
}
/** Posts a webhook as the platform does: the body's exact text signed with `secret`. */
function webhook(path: string, payload: object, secret: string = SANDBOX_APP.clientSecret) {
  const raw = JSON.stringify(payload);
  return t.request('POST', path, raw, {
    'content-type': 'application/json',
    'x-linkedstore-hmac-sha256': signWebhook(secret, raw),
  });
}
async function install() {
  const admin = bearer((await loginMerchant(t)).token);
  const code = emu().issueCode(storeId);
  const res = await t.request(
    'POST',
    fillPath(merchantPluginSignUp.path, { platform: 'nuvemshop' }),
    { code },
    admin,
  );
  expect(res.status, res.text).toBe(201);
}
async function buyAndRedirect(): Promise<{ orderId: string; checkoutId: string }> {
  const orderId = emu().buy(storeId, 0, 1);
  const res = await t.request('POST', nuvemshopRedirect.path, {
    storeId,
    orderId,
    callbackUrls: { success: `${emu().storeUrl(storeId)}?order=${orderId}` },
  });
  expect(res.status, res.text).toBe(200);
  return { orderId, checkoutId: new URL(res.body.redirect_url).pathname.split('/').at(-1) ?? '' };
}
const refundsOf = (orderId: string) =>
  t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

beforeAll(async () => {
  t = await seededApp();
  aurora = await merchantIdOf(t, 'Loja Aurora');
  storeId = emu().storeFor(aurora, 'Loja Aurora');
  await install();
});
afterAll(async () => {
  s().sandboxPsp?.close();
  await s().instalmentEvents.close();
  await t.dispose();
});

describe('Nuvemshop webhooks', () => {
  it('the installation registers order/cancelled and app/uninstalled at Drip', () => {
    const hooks = Object.fromEntries(emu().store(storeId).webhooks);
    expect(Object.keys(hooks).sort()).toEqual(['app/uninstalled', 'order/cancelled']);
    for (const url of Object.values(hooks)) expect(url).toMatch(/\/api\/v1\/plugins\/nuvemshop\/webhooks$/);
  });

  it('a partial refund, then the order cancelled in the store admin: the rest refunded once, the transaction refunded', async () => {
    const { orderId, checkoutId } = await buyAndRedirect();
    await sync();
    const ko = await toAnalysis(t, checkoutId, '91200000064', '+5511900007001');
    expect(ko.body.result, ko.text).toBe('KO');
    await payPix(t, field(ko, 'paymentForFullAmount').fieldData.paymentQrCodeText, '91200000064');
    await sync();
    expect(platformTransaction(orderId)?.status).toBe('paid');
    const dripOrder = (await s().checkouts.merchantView(aurora, checkoutId)).order?.id ?? '';

    // Partial by amount: the platform's transactions carry partial refunds (partially_refunded).
    const partial = await refundCalls(t).partial(dripOrder, 100);
    expect(partial.status, partial.text).toBe(202);
    await s().orderRefunds.processPending();
    t.clock.advance(61_000);
    await sync();
    expect(platformTransaction(orderId)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: { value: '100.00' },
    });

    const payload = { store_id: Number(storeId), event: 'order/cancelled', id: Number(orderId) };
    // Signed with another secret, or not signed: 401, and nothing is refunded or recorded.
    expect((await webhook(nuvemshopWebhook.path, payload, 'not-the-app-secret')).status).toBe(401);
    const unsigned = await t.request('POST', nuvemshopWebhook.path, payload);
    expect(unsigned.status).toBe(401);
    expect(await refundsOf(dripOrder)).toHaveLength(1);
    expect(await t.database.db.select().from(nuvemshopWebhooks)).toHaveLength(0);

    // The merchant cancels the order in the store's admin: the platform sends the signed webhook.
    const delivered = await emu().cancelOrder(storeId, orderId);
    expect(delivered?.status).toBe(200);
    const refunds = await refundsOf(dripOrder);
    expect(refunds).toHaveLength(2);
    expect(refunds.find((r) => r.type === 'FULL')).toMatchObject({ requestedAmount: 24_990 });

    // The platform redelivers (it retries up to 18 times): answered, not acted on again.
    const again = await webhook(nuvemshopWebhook.path, payload);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await refundsOf(dripOrder)).toHaveLength(2);

    await s().orderRefunds.processPending();
    t.clock.advance(61_000);
    await sync();
    expect(platformTransaction(orderId)).toMatchObject({
      status: 'refunded',
      refunded_amount: { value: '349.90' },
    });
    expect(platformTransaction(orderId)?.events.map((e) => `${e.type}/${e.status}`)).toEqual([
      'sale/pending',
      'sale/success',
      'refund/success',
      'refund/success',
    ]);
  });

  it('an order cancelled before the shopper paid closes the Drip checkout; the transaction expires', async () => {
    const { orderId, checkoutId } = await buyAndRedirect();
    await sync();
    // The admin page's button: a form post, then back to the admin, which lists the webhook and Drip's answer.
    const admin = `${EMULATOR_PATH}/stores/${storeId}/admin`;
    expect((await t.request('GET', admin)).text).toContain(`data-testid="cancel-${orderId}"`);
    const posted = await t.request('POST', `${admin}/actions`, `action=cancel-order&orderId=${orderId}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(posted.status).toBe(303);
    expect((await t.request('GET', admin)).text).toMatch(
      /order\/cancelled → [^<]*\/api\/v1\/plugins\/nuvemshop\/webhooks: 200/,
    );
    expect((await s().checkouts.merchantView(aurora, checkoutId)).status).toBe('KO');
    await sync();
    expect(platformTransaction(orderId)?.status).toBe('expired');
  });

  it('a signed webhook for an order the platform does not show cancelled changes nothing', async () => {
    const { orderId, checkoutId } = await buyAndRedirect();
    const res = await webhook(nuvemshopWebhook.path, {
      store_id: Number(storeId),
      event: 'order/cancelled',
      id: Number(orderId),
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toMatch(/not cancelled/);
    expect((await s().checkouts.merchantView(aurora, checkoutId)).status).toBe('PRISTINE');
  });

  it('app/uninstalled: a bad signature changes nothing; the signed one deletes the token, the payment option and the platform', async () => {
    const payload = { store_id: Number(storeId), event: 'app/uninstalled', id: Number(SANDBOX_APP.appId) };
    expect((await webhook(nuvemshopWebhook.path, payload, 'forged')).status).toBe(401);
    expect(await t.database.db.select().from(nuvemshopStores)).toHaveLength(1);
    const [before] = await t.database.db.select().from(merchants).where(eq(merchants.id, aurora));
    expect(before?.ecommPlatform).toBe('NUVEMSHOP');

    const delivered = await emu().uninstall(storeId);
    expect(delivered?.status).toBe(200);
    expect(await t.database.db.select().from(nuvemshopStores)).toHaveLength(0);
    const [after] = await t.database.db.select().from(merchants).where(eq(merchants.id, aurora));
    expect(after).toMatchObject({ ecommPlatform: null, integrationType: null });
    expect(emu().store(storeId).providers.size).toBe(0);
    // The store's checkout no longer gets a Drip checkout.
    const orderId = emu().buy(storeId, 0, 1);
    const redirect = await t.request('POST', nuvemshopRedirect.path, {
      storeId,
      orderId,
      callbackUrls: { success: `${emu().storeUrl(storeId)}?order=${orderId}` },
    });
    expect(redirect.status).toBe(404);

    // The LGPD requests: store/redact finds nothing left; the customers' are acknowledged.
    expect((await emu().storeRedact(storeId)).status).toBe(200);
    const customers = await webhook(fillPath(nuvemshopLgpdWebhook.path, { request: 'customers_redact' }), {
      store_id: Number(storeId),
      customer: { id: 1, email: 'a@b.c' },
      orders_to_redact: [1],
    });
    expect(customers.body).toEqual({ received: true, outcome: 'acknowledged' });
    const forged = await webhook(
      fillPath(nuvemshopLgpdWebhook.path, { request: 'store_redact' }),
      { store_id: 1 },
      'forged',
    );
    expect(forged.status).toBe(401);

    // A reinstall works as a first installation, and its own uninstall is handled too (not taken for a redelivery).
    await install();
    const [reinstalled] = await t.database.db.select().from(merchants).where(eq(merchants.id, aurora));
    expect(reinstalled?.ecommPlatform).toBe('NUVEMSHOP');
    expect((await emu().uninstall(storeId))?.status).toBe(200);
    expect(await t.database.db.select().from(nuvemshopStores)).toHaveLength(0);
    // Two customers' requests are two requests.
    const other = await webhook(fillPath(nuvemshopLgpdWebhook.path, { request: 'customers_redact' }), {
      store_id: Number(storeId),
      customer: { id: 2, email: 'c@d.e' },
      orders_to_redact: [],
    });
    expect(other.body).toEqual({ received: true, outcome: 'acknowledged' });
  });
});
