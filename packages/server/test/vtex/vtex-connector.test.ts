/**
 * The VTEX connector driven as VTEX's gateway drives it: every scenario of the protocol's test suite (approved,
 * denied, async approved/denied through the callback, cancel, settle, refund, idempotent retry), each answer parsed
 * with the protocol's shapes (contract/vtex.ts).
 */

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  VtexCancelResponse,
  VtexCredentialsResponse,
  VtexManifest,
  VtexPaymentResponse,
  VtexRefundResponse,
  VtexSettleResponse,
} from '@drip/core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VtexDeps } from '../../src/modules/vtex/service.ts';
import { freshShopper, PITANGA, put, throughToken, toAnalysis } from '../checkout-helpers.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let creds: Record<string, string>;
let merchantId: string;
let receiver: Server;
let receiverUrl: string;
/** The callbacks received, and how many of the next ones answer 500 (to see the retries). */
const received: { paymentId: string; body: Record<string, unknown> }[] = [];
let failNext = 0;

beforeAll(async () => {
  t = await seededApp();
  const demo = await t.request('GET', '/sandbox/demo');
  const m = demo.body.merchants.find((x: { name: string }) => x.name === PITANGA);
  merchantId = m.id;
  creds = { 'X-PROVIDER-API-AppKey': m.vtex.appKey, 'X-PROVIDER-API-AppToken': m.vtex.appToken };
  receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (d) => {
      data += d;
    });
    req.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(500).end();
        return;
      }
      const body = JSON.parse(data);
      received.push({ paymentId: body.paymentId, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.close();
  await t.dispose();
});

const vtex = () => t.built.services.vtex;

function paymentBody(overrides: Record<string, unknown> = {}) {
  const paymentId = randomUUID().replaceAll('-', '').toUpperCase();
  const transactionId = randomUUID().replaceAll('-', '').toUpperCase();
  return {
    reference: '618272',
    orderId: '1072430428324',
    shopperInteraction: 'ecommerce',
    transactionId,
    paymentId,
    paymentMethod: 'Promissories',
    paymentMethodCustomCode: null,
    merchantName: 'mystore',
    value: 100,
    currency: 'BRL',
    installments: 1,
    deviceFingerprint: '75076388',
    miniCart: {
      shippingValue: 0,
      taxValue: 0,
      buyer: {
        id: 'b1',
        firstName: 'João',
        lastName: 'Pereira',
        document: null,
        documentType: 'cpf',
        email: 'joao@example.com',
        phone: '+5521998765432',
      },
      items: [{ id: '8', name: 'Tenis Preto I', price: 100, quantity: 1, discount: 0 }],
    },
    url: 'https://loja.example/checkout',
    callbackUrl: `${receiverUrl}/callback/${transactionId}/payments/${paymentId}?X-VTEX-signature=abc`,
    returnUrl: 'https://loja.example/volta',
    ...overrides,
  };
}

async function create(body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/v1/vtex/payments', body, creds);
  return res;
}

/** Drives the Drip checkout behind the paymentUrl to OK with a returning customer (no verification Pix). */
async function approve(paymentUrl: string) {
  const checkoutId = new URL(paymentUrl).pathname.split('/').filter(Boolean).pop() as string;
  await put(t, checkoutId);
  await throughToken(t, checkoutId, '11144477735', '+5521998765432');
  const ok = await put(t, checkoutId, { checkoutConfirmed: true });
  expect(ok.body.result).toBe('OK');
}

async function settleCallbacks() {
  await vtex().syncUndecided();
  await vtex().callbacks.drain();
}

describe('VTEX Payment Provider Protocol connector', () => {
  it('serves the manifest to anyone', async () => {
    const res = await t.request('GET', '/api/v1/vtex/manifest');
    expect(res.status).toBe(200);
    v.parse(VtexManifest, res.body);
    expect(res.body.paymentMethods).toEqual([{ name: 'Promissories', allowsSplit: 'disabled' }]);
  });

  it('refuses a call without the merchant VTEX credentials, or with a wrong token', async () => {
    expect((await t.request('POST', '/api/v1/vtex/payments', paymentBody())).status).toBe(401);
    const wrong = { ...creds, 'X-PROVIDER-API-AppToken': `${creds['X-PROVIDER-API-AppToken']}x` };
    expect((await t.request('POST', '/api/v1/vtex/payments', paymentBody(), wrong)).status).toBe(401);
    const unknown = { 'X-PROVIDER-API-AppKey': 'nope', 'X-PROVIDER-API-AppToken': 'nope' };
    expect((await t.request('POST', '/api/v1/vtex/payments', paymentBody(), unknown)).status).toBe(401);
  });

  it('accepts the key and token an admin typed in the merchant form, compared without revealing which part was wrong', async () => {
    const [aurora] = await t.database.db
      .execute(
        "update merchants set vtex_app_key = 'typed-key-aurora', vtex_app_token = 'typed-token-aurora' where name = 'Loja Aurora' returning id",
      )
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    expect(await vtex().authenticate('typed-key-aurora', 'typed-token-aurora')).toBe(aurora?.id);
    expect(await vtex().authenticate('typed-key-aurora', 'typed-token-auroraX')).toBeNull();
    expect(await vtex().authenticate('typed-key-unknown', 'typed-token-aurora')).toBeNull();
    const typed = {
      'X-PROVIDER-API-AppKey': 'typed-key-aurora',
      'X-PROVIDER-API-AppToken': 'typed-token-aurora',
    };
    const res = await t.request('POST', '/api/v1/vtex/payments', paymentBody(), typed);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('undefined');
  });

  it('recovers from a crash between opening the checkout and recording it: the retry gets the same paymentUrl, no second checkout', async () => {
    // The connector's dependencies, reached past `private` to put a crash exactly between the two steps: the checkout
    // is committed, then the process "dies" before the payment row records it.
    const deps = (vtex() as unknown as { d: { checkouts: VtexDeps['checkouts'] } }).d;
    const real = deps.checkouts;
    const crashing: VtexDeps['checkouts'] = Object.create(real);
    let made = null as { id: string; url: string } | null;
    crashing.create = async (...args) => {
      made = await real.create(...args);
      throw new Error('connection terminated unexpectedly');
    };
    const body = paymentBody();
    deps.checkouts = crashing;
    try {
      expect((await create(body)).status).toBe(500);
    } finally {
      deps.checkouts = real;
    }
    expect(made).not.toBeNull();
    const retry = await create(body);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'undefined', paymentUrl: made?.url, tid: made?.id });
    const again = await create(body);
    expect(again.body.paymentUrl).toBe(made?.url);
    const count = await t.database.db
      .execute(
        `select count(*)::int as n from checkouts where merchant_order_code = 'vtex-${body.paymentId}'`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(count).toBe(1);
  });

  it('refuses another currency with the protocol error shape', async () => {
    const res = await create(paymentBody({ currency: 'USD' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'currency' });
  });

  it('async approved: undefined with the Drip checkout URL, idempotent retry, then approved posted to callbackUrl', async () => {
    const body = paymentBody();
    const first = await create(body);
    expect(first.status).toBe(200);
    const answer = v.parse(VtexPaymentResponse, first.body);
    expect(answer.status).toBe('undefined');
    expect(answer.paymentUrl).toMatch(/^http:\/\/localhost:3000\//);
    // The idempotent retry: the same payment, no second checkout.
    const again = await create(body);
    expect(again.body.paymentUrl).toBe(answer.paymentUrl);
    expect(again.body.tid).toBe(answer.tid);

    await approve(answer.paymentUrl as string);
    failNext = 1; // VTEX answers 500 once: the callback is tried again.
    await settleCallbacks();
    expect(received.find((r) => r.paymentId === body.paymentId)).toBeUndefined();
    t.clock.advance(60_000);
    await vtex().callbacks.drain();
    const callback = received.find((r) => r.paymentId === body.paymentId);
    expect(callback?.body.status).toBe('approved');
    v.parse(VtexPaymentResponse, callback?.body);
    const view = await create(body);
    expect(view.body.status).toBe('approved');
    expect(view.body.paymentUrl).toBeNull();

    // Settlement then a partial refund... Casa Pitanga is not a partial-refund platform: the whole amount.
    const settled = await t.request(
      'POST',
      `/api/v1/vtex/payments/${body.paymentId}/settlements`,
      {
        transactionId: body.transactionId,
        requestId: 'S1',
        paymentId: body.paymentId,
        value: 100,
        authorizationId: answer.authorizationId,
      },
      creds,
    );
    expect(settled.status).toBe(200);
    expect(v.parse(VtexSettleResponse, settled.body).value).toBe(100);
    const refundBody = {
      requestId: 'R1',
      settleId: settled.body.settleId,
      paymentId: body.paymentId,
      tid: answer.tid,
      value: 100,
      transactionId: body.transactionId,
    };
    const refunded = await t.request(
      'POST',
      `/api/v1/vtex/payments/${body.paymentId}/refunds`,
      refundBody,
      creds,
    );
    expect(refunded.status, refunded.text).toBe(200);
    const refund = v.parse(VtexRefundResponse, refunded.body);
    expect(refund.value).toBe(100);
    // The same requestId again: the same refund, nothing refunded twice.
    const replay = await t.request(
      'POST',
      `/api/v1/vtex/payments/${body.paymentId}/refunds`,
      refundBody,
      creds,
    );
    expect(replay.status).toBe(200);
    expect(replay.body.refundId).toBe(refund.refundId);
    // The Drip order is cancelled by the refund engine.
    const view2 = await t.request('GET', `/api/v1/merchant/checkouts/${answer.tid}`, undefined, {
      authorization: `Bearer ${(await t.request('GET', '/sandbox/demo')).body.merchants.find((x: { name: string }) => x.name === PITANGA).apiKey}`,
    });
    expect(view2.body.order.status).not.toBe('ACTIVE');
  });

  it('async denied: a credit analysis that refuses gives denied at the callbackUrl', async () => {
    const body = paymentBody();
    const answer = v.parse(VtexPaymentResponse, (await create(body)).body);
    const checkoutId = answer.tid;
    await put(t, checkoutId);
    const shopper = freshShopper();
    await toAnalysis(t, checkoutId, '90400000008', shopper.phone);
    await settleCallbacks();
    const callback = received.find((r) => r.paymentId === body.paymentId);
    expect(callback?.body.status).toBe('denied');
    expect((await create(body)).body.status).toBe('denied');
  });

  it('maps a partial refund or settlement onto the refund engine rules: refused for a platform without partial refunds', async () => {
    const body = paymentBody({ value: 90 });
    const answer = v.parse(VtexPaymentResponse, (await create(body)).body);
    const shopper = freshShopper();
    await put(t, answer.tid);
    const analysed = await toAnalysis(t, answer.tid, shopper.cpf, shopper.phone);
    expect(analysed.body.result).toBe('MORE_INFO');
    expect((await put(t, answer.tid, { checkoutConfirmed: true })).body.result).toBe('OK');
    expect((await create(body)).body.status).toBe('approved');
    const base = `/api/v1/vtex/payments/${body.paymentId}`;
    const partialRefund = await t.request(
      'POST',
      `${base}/refunds`,
      {
        requestId: 'P1',
        settleId: 'x',
        paymentId: body.paymentId,
        tid: answer.tid,
        value: 30,
        transactionId: body.transactionId,
      },
      creds,
    );
    expect(partialRefund.status).toBe(501);
    expect(partialRefund.body).toMatchObject({ code: 'refund-manually', refundId: null, value: 0 });
    const partialSettle = await t.request(
      'POST',
      `${base}/settlements`,
      {
        transactionId: body.transactionId,
        requestId: 'S2',
        paymentId: body.paymentId,
        value: 60,
        authorizationId: 'x',
      },
      creds,
    );
    expect(partialSettle.status).toBe(500);
    expect(partialSettle.body.code).toBe('settle-manually');
    const tooMuch = await t.request(
      'POST',
      `${base}/settlements`,
      {
        transactionId: body.transactionId,
        requestId: 'S3',
        paymentId: body.paymentId,
        value: 90.01,
        authorizationId: 'x',
      },
      creds,
    );
    expect(tooMuch.status).toBe(500);
    // Nothing was refunded: the whole amount can still be settled.
    const whole = await t.request(
      'POST',
      `${base}/settlements`,
      {
        transactionId: body.transactionId,
        requestId: 'S4',
        paymentId: body.paymentId,
        value: 90,
        authorizationId: 'x',
      },
      creds,
    );
    expect(whole.status).toBe(200);
  });

  it('cancel before a decision closes the checkout and sends no callback', async () => {
    const body = paymentBody();
    const answer = v.parse(VtexPaymentResponse, (await create(body)).body);
    const res = await t.request(
      'POST',
      `/api/v1/vtex/payments/${body.paymentId}/cancellations`,
      { paymentId: body.paymentId, requestId: 'C1', authorizationId: answer.authorizationId },
      creds,
    );
    expect(res.status).toBe(200);
    v.parse(VtexCancelResponse, res.body);
    await settleCallbacks();
    expect(received.find((r) => r.paymentId === body.paymentId)).toBeUndefined();
    const checkout = await put(t, answer.tid);
    expect(checkout.body.result).toBe('KO');
  });

  it("answers 404 for another merchant's payment", async () => {
    const res = await t.request(
      'POST',
      `/api/v1/vtex/payments/UNKNOWN/cancellations`,
      { paymentId: 'UNKNOWN', requestId: 'C1', authorizationId: 'x' },
      creds,
    );
    expect(res.status).toBe(404);
  });

  it('configuration flow: token, redirect to the sign-up page, sign-up, credentials once', async () => {
    const token = await t.request('POST', '/api/v1/vtex/authorization/token', {
      applicationId: 'vtex',
      returnUrl: 'https://admin.mystore.example.com/provider-return?authorizationCode=',
    });
    expect(token.status).toBe(200);
    const redirect = await t.raw(
      `/api/v1/vtex/authorization/redirect?applicationId=vtex&token=${encodeURIComponent(token.body.token)}`,
      { method: 'GET' },
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(
      `http://localhost:3000/parceira/plugin_sign_up/vtex?code=${encodeURIComponent(token.body.token)}`,
    );
    const { successUrl } = await vtex().completeSignUp(merchantId, token.body.token);
    // A replayed code changes nothing.
    await expect(vtex().completeSignUp(merchantId, token.body.token)).rejects.toThrow();
    const code = decodeURIComponent(new URL(successUrl).searchParams.get('authorizationCode') ?? '');
    const got = await t.request(
      'GET',
      `/api/v1/vtex/authorization/credentials?applicationId=vtex&authorizationCode=${encodeURIComponent(code)}`,
    );
    expect(got.status).toBe(200);
    const issued = v.parse(VtexCredentialsResponse, got.body);
    const again = await t.request(
      'GET',
      `/api/v1/vtex/authorization/credentials?applicationId=vtex&authorizationCode=${encodeURIComponent(code)}`,
    );
    expect(again.status).toBe(401);
    // The new credentials authenticate as the merchant; the token is stored hashed, never as sent.
    expect(await vtex().authenticate(issued.appKey, issued.appToken)).toBe(merchantId);
    const stored = await t.database.db.execute(
      `select app_token_sha256 from vtex_credentials where merchant_id = '${merchantId}'`,
    );
    expect(JSON.stringify(stored)).not.toContain(issued.appToken);
  });
});
