/**
 * Drip's Nuvemshop app against the sandbox's emulator of the platform (docs/nuvemshop.md): the sign-up's OAuth
 * exchange (single-use codes, the token encrypted at rest), the redirect checkout, and the order's transaction kept
 * in step with Drip's order through the durable queue, a delivery failure retried, given up and retried again.
 */
import { fillPath, merchantPluginSignUp, nuvemshopRedirect } from '@drip/core';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkouts } from '../../src/modules/checkouts/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { NUVEMSHOP_QUEUE, type NuvemshopDeps } from '../../src/modules/plugins/nuvemshop.ts';
import { nuvemshopStores, pluginSignupCodes } from '../../src/modules/plugins/tables.ts';
import { vtexAuthorizations } from '../../src/modules/vtex/tables.ts';
import { field, payPix, toAnalysis } from '../checkout-helpers.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { merchantIdOf } from '../merchant-sales-helpers.ts';
import { refundCalls } from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;
let admin: Record<string, string>;
let storeId: string;

const s = () => t.built.services;
const emu = () => {
  const e = s().nuvemshopEmulator;
  if (!e) throw new Error('the sandbox has no emulator');
  return e;
};
const signUp = (platform: string, code: string, headers = admin) =>
  t.request('POST', fillPath(merchantPluginSignUp.path, { platform }), { code }, headers);
const storeRows = () => t.database.db.select().from(nuvemshopStores);
const link = async (orderId: string) => {
  const row = await s().nuvemshop.linkFor(storeId, orderId);
  if (!row) throw new Error(`no link for order ${orderId}`);
  return row;
};
/** The platform's view of the order's transaction (what the store's merchant sees). */
const platformTransaction = (orderId: string) => {
  const store = emu().store(storeId);
  return emu().order(store, orderId).transactions.at(-1);
};
/** One round of the two jobs: Drip's state read, the deliveries sent. */
async function sync() {
  await s().nuvemshop.check();
  await s().nuvemshop.queue.drain();
}
async function buyAndRedirect(): Promise<{ orderId: string; checkoutId: string }> {
  const orderId = emu().buy(storeId, 0, 1);
  const res = await t.request('POST', nuvemshopRedirect.path, {
    storeId: Number(storeId),
    orderId: Number(orderId),
    callbackUrls: { success: `${emu().storeUrl(storeId)}?order=${orderId}` },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.success).toBe(true);
  const checkoutId = new URL(res.body.redirect_url).pathname.split('/').at(-1) ?? '';
  return { orderId, checkoutId };
}

beforeAll(async () => {
  t = await seededApp();
  aurora = await merchantIdOf(t, 'Loja Aurora');
  admin = bearer((await loginMerchant(t)).token);
  storeId = emu().storeFor(aurora, 'Loja Aurora');
});
afterAll(async () => {
  s().sandboxPsp?.close();
  await s().instalmentEvents.close();
  await t.dispose();
});

describe('sign-up (OAuth code exchange)', () => {
  it('a bad code is refused and changes nothing', async () => {
    const res = await signUp('nuvemshop', 'not-a-code');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/inválido, expirado ou já usado/);
    expect(await storeRows()).toHaveLength(0);
    const [m] = await t.database.db.select().from(merchants).where(eq(merchants.id, aurora));
    expect(m?.ecommPlatform).not.toBe('NUVEMSHOP');
  });

  it('exchanges the code, stores the token encrypted, registers the redirect option; Location is the success URL', async () => {
    const code = emu().issueCode(storeId);
    const res = await signUp('nuvemshop', code);
    expect(res.status, res.text).toBe(201);
    const successUrl = `${emu().storeUrl(storeId)}/admin`;
    expect(res.headers.get('location')).toBe(successUrl);
    expect(res.body).toEqual({ platform: 'nuvemshop', successUrl });

    const [row] = await storeRows();
    const token = emu().store(storeId).token ?? '';
    expect(row).toMatchObject({ merchantId: aurora, storeId });
    expect(row?.accessTokenEnc).not.toContain(token);
    expect(row?.accessTokenEnc.startsWith('v1.')).toBe(true);
    const [m] = await t.database.db.select().from(merchants).where(eq(merchants.id, aurora));
    expect(m).toMatchObject({ integrationType: 'NUVEMSHOP', ecommPlatform: 'NUVEMSHOP' });

    const providers = [...emu().store(storeId).providers.values()];
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({
      name: 'Drip',
      supported_currencies: ['BRL'],
      checkout_payment_options: [
        expect.objectContaining({ integration_type: 'redirect', supported_payment_method_types: ['pix'] }),
      ],
    });
    const script = await t.request('GET', '/api/v1/plugins/nuvemshop/checkout.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.text).toContain('PaymentOptions.ExternalPayment');
    expect(String(providers[0]?.checkout_js_url)).toMatch(/\/api\/v1\/plugins\/nuvemshop\/checkout\.js$/);
  });

  it('a replayed code is refused without calling the platform, and nothing changes', async () => {
    const code = emu().issueCode(storeId);
    expect((await signUp('nuvemshop', code)).status).toBe(201);
    const before = await storeRows();
    const tokenBefore = emu().store(storeId).token;
    const providersBefore = emu().store(storeId).providers.size;
    const replay = await signUp('nuvemshop', code);
    expect(replay.status).toBe(422);
    expect(await storeRows()).toEqual(before);
    expect(emu().store(storeId).token).toBe(tokenBefore);
    expect(emu().store(storeId).providers.size).toBe(providersBefore);
    const codes = await t.database.db.select().from(pluginSignupCodes);
    expect(codes.every((c) => c.codeHash !== code)).toBe(true);
  });

  it('an unknown platform is 400 and a READ user is 403', async () => {
    expect((await signUp('shopify', 'x')).status).toBe(400);
    const read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
    expect((await signUp('nuvemshop', emu().issueCode(storeId), read)).status).toBe(403);
  });
});

describe('redirect checkout', () => {
  it('refuses a return URL outside the store and an unknown store', async () => {
    const orderId = emu().buy(storeId, 1, 1);
    const foreign = await t.request('POST', nuvemshopRedirect.path, {
      storeId,
      orderId,
      callbackUrls: { success: 'https://evil.example/steal' },
    });
    expect(foreign.status).toBe(422);
    const unknown = await t.request('POST', nuvemshopRedirect.path, {
      storeId: '999999',
      orderId,
      callbackUrls: { success: 'https://x.example/' },
    });
    expect(unknown.status).toBe(404);
  });

  it("takes the amount from the platform's order and answers the same checkout twice", async () => {
    const { orderId, checkoutId } = await buyAndRedirect();
    expect((await link(orderId)).amount).toBe(34_990);
    const again = await t.request('POST', nuvemshopRedirect.path, {
      storeId,
      orderId,
      callbackUrls: { success: `${emu().storeUrl(storeId)}?order=${orderId}` },
    });
    expect(again.body.redirect_url).toContain(checkoutId);
  });
});

describe('redirect checkout after a crash', () => {
  it('a crash between opening the checkout and linking it: the retry gets the same checkout, and no second one', async () => {
    // The app's dependencies, reached past `private` to put a crash exactly between the two steps: the checkout is
    // committed, then the process "dies" before the order's link records it.
    const deps = (s().nuvemshop as unknown as { d: { checkouts: NuvemshopDeps['checkouts'] } }).d;
    const real = deps.checkouts;
    const crashing: NuvemshopDeps['checkouts'] = Object.create(real);
    let made = null as { id: string; url: string } | null;
    crashing.create = async (...args) => {
      made = await real.create(...args);
      throw new Error('connection terminated unexpectedly');
    };
    const orderId = emu().buy(storeId, 0, 1);
    const body = {
      storeId: Number(storeId),
      orderId: Number(orderId),
      callbackUrls: { success: `${emu().storeUrl(storeId)}?order=${orderId}` },
    };
    deps.checkouts = crashing;
    try {
      expect((await t.request('POST', nuvemshopRedirect.path, body)).status).toBe(500);
    } finally {
      deps.checkouts = real;
    }
    expect(made).not.toBeNull();
    const retry = await t.request('POST', nuvemshopRedirect.path, body);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.redirect_url).toContain(made?.id);
    expect((await link(orderId)).checkoutId).toBe(made?.id);
    const rows = await t.database.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.merchantOrderCode, `NS-${orderId}`));
    expect(rows).toHaveLength(1);
  });
});

describe('transactions in step with the Drip order', () => {
  it('pending, then paid when the checkout is approved, then refunded when the merchant refunds', async () => {
    const { orderId, checkoutId } = await buyAndRedirect();
    await sync();
    expect(platformTransaction(orderId)).toMatchObject({
      status: 'pending',
      payment_method: { type: 'pix' },
    });
    expect(platformTransaction(orderId)?.info).toMatchObject({ external_id: checkoutId });

    // A KO with the full-amount Pix offer, paid: the checkout is OK with a closed order.
    const ko = await toAnalysis(t, checkoutId, '91200000064', '+5511900007001');
    expect(ko.body.result, ko.text).toBe('KO');
    await payPix(t, field(ko, 'paymentForFullAmount').fieldData.paymentQrCodeText, '91200000064');
    await sync();
    expect(platformTransaction(orderId)).toMatchObject({
      status: 'paid',
      captured_amount: { value: '349.90' },
    });
    expect(await link(orderId)).toMatchObject({ pushedState: 'PAID', syncStatus: 'IN_SYNC' });

    const view = await s().checkouts.merchantView(aurora, checkoutId);
    const orderRef = view.order?.id ?? '';
    const refund = await refundCalls(t).full(orderRef);
    expect(refund.status, refund.text).toBe(202);
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
    ]);
    // Nothing lags: another round sends nothing, and a wholly refunded order in step is not read again.
    await sync();
    expect(platformTransaction(orderId)?.events).toHaveLength(3);
    const checked = (await link(orderId)).checkedAt;
    t.clock.advance(61_000);
    await sync();
    expect((await link(orderId)).checkedAt).toEqual(checked);
  });

  it('a revoked checkout expires the transaction (Drip voided it)', async () => {
    const { orderId, checkoutId } = await buyAndRedirect();
    await sync();
    await s().checkouts.revoke(aurora, checkoutId);
    await sync();
    expect(platformTransaction(orderId)?.status).toBe('expired');
    expect(await link(orderId)).toMatchObject({ pushedState: 'VOIDED', syncStatus: 'IN_SYNC' });
  });

  it('a failed delivery is retried, given up (visible, counted, listed) and sent again on an operator retry', async () => {
    const { orderId } = await buyAndRedirect();
    emu().failTransactionCalls(1000);
    await sync();
    let row = await link(orderId);
    expect(row).toMatchObject({ syncStatus: 'PENDING', attempts: 1 });
    expect(row.lastError).toMatch(/503/);
    expect(platformTransaction(orderId)).toBeUndefined();

    for (let i = 0; i < 10; i++) {
      t.clock.advance(2 * 3_600_000);
      await s().nuvemshop.queue.drain();
    }
    row = await link(orderId);
    expect(row.syncStatus).toBe('FAILED');
    const dead = await s().queues.listDead({ queue: NUVEMSHOP_QUEUE });
    const task = dead.tasks.find((d) => (d.payload as { linkId: string }).linkId === row.id);
    expect(task).toBeDefined();
    expect(s().queues.deadCounts()[NUVEMSHOP_QUEUE]).toBeGreaterThanOrEqual(1);
    // Given up: the check job leaves it to the operator.
    await sync();
    expect(platformTransaction(orderId)).toBeUndefined();

    emu().failTransactionCalls(0);
    await s().queues.retryDead(task?.id ?? '');
    await s().nuvemshop.queue.drain();
    expect(platformTransaction(orderId)?.status).toBe('pending');
    expect(await link(orderId)).toMatchObject({ syncStatus: 'IN_SYNC', attempts: 0, lastError: null });
  });
});

describe('VTEX sign-up code', () => {
  // The clock moved by hours above: a fresh session.
  beforeEach(async () => {
    admin = bearer((await loginMerchant(t)).token);
  });

  /** The VTEX connector's configuration flow starts as VTEX does: a token for the store's return URL. */
  const vtexToken = async (returnUrl: string) => {
    const res = await t.request('POST', '/api/v1/vtex/authorization/token', {
      applicationId: 'vtex',
      returnUrl,
    });
    expect(res.status, res.text).toBe(200);
    return res.body.token as string;
  };

  it("binds the connector's token to the merchant once; the authorization code is redeemed once", async () => {
    const code = await vtexToken('https://lojaaurora.myvtex.com/admin/pci-gateway/return?authorizationCode=');
    const res = await signUp('vtex', code);
    expect(res.status, res.text).toBe(201);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe('https://lojaaurora.myvtex.com');
    const authorizationCode = location.searchParams.get('authorizationCode') ?? '';
    expect(authorizationCode).not.toBe('');
    const [m] = await t.database.db.select().from(merchants).where(eq(merchants.id, aurora));
    expect(m).toMatchObject({ integrationType: 'VTEX', ecommPlatform: 'VTEX' });

    expect((await signUp('vtex', code)).status).toBe(422);
    const credentials = (c: string) =>
      t.request(
        'GET',
        `/api/v1/vtex/authorization/credentials?applicationId=vtex&authorizationCode=${encodeURIComponent(c)}`,
      );
    expect((await credentials(authorizationCode)).status).toBe(200);
    expect((await credentials(authorizationCode)).status).toBe(401);
  });

  it('an expired or unknown code is refused and binds nobody', async () => {
    const code = await vtexToken('https://x.myvtex.com/r?authorizationCode=');
    t.clock.advance(31 * 60_000);
    admin = bearer((await loginMerchant(t)).token);
    expect((await signUp('vtex', code)).status).toBe(422);
    expect((await signUp('vtex', 'not-a-code')).status).toBe(422);
    const bound = await t.database.db
      .select()
      .from(vtexAuthorizations)
      .where(isNotNull(vtexAuthorizations.merchantId));
    expect(bound).toHaveLength(1);
  });
});
