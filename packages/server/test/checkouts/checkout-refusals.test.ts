/**
 * The checkout's refusals as the shopper page and integrators read them: status, code, pt-BR message and, for a
 * resend too soon, Retry-After. The services raise them as DomainErrors (docs/errors.md); the HTTP layer alone
 * decides the status, so these pin the answer the API had before that move.
 */
import { randomUUID } from 'node:crypto';
import { checkoutPaths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AURORA,
  apiKeyOf,
  createBody,
  createCheckout,
  customerData,
  freshShopper,
  put,
} from '../checkout-helpers.ts';
import { bearer, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;

beforeAll(async () => {
  t = await seededApp();
  aurora = await apiKeyOf(t, AURORA);
});
afterAll(async () => {
  await t.dispose();
});

describe('checkout refusals on the wire', () => {
  it('an unknown checkout: 404 NOT_FOUND', async () => {
    const res = await put(t, randomUUID(), {});
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Checkout não encontrado. Verifique o link da compra.',
    });
  });

  it('a step out of order: 409 CHECKOUT_STEP_CONFLICT', async () => {
    const id = await createCheckout(t, aurora);
    const res = await put(t, id, { totalInstalments: 3 });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CHECKOUT_STEP_CONFLICT',
      message: 'Este passo não está disponível agora. Atualize a página para continuar a compra.',
    });
  });

  it('a new code asked before the cooldown ends: 429 RESEND_COOLDOWN with Retry-After in seconds', async () => {
    const s = freshShopper(7301);
    const id = await createCheckout(t, aurora);
    expect((await put(t, id, customerData(s.cpf, s.phone))).status).toBe(200);
    t.clock.advance(12_000);
    const res = await put(t, id, { phoneVerificationMethod: 'SMS', shouldResendPhoneVerificationCode: true });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('18');
    expect(res.body.error).toEqual({
      code: 'RESEND_COOLDOWN',
      message: 'Aguarde 18 segundos para pedir um novo código.',
    });
  });

  it('a step on a checkout past its expiry: 410 CHECKOUT_EXPIRED', async () => {
    const s = freshShopper(7302);
    const id = await createCheckout(t, aurora);
    t.clock.advance(24 * 3600_000 + 1000);
    const res = await put(t, id, customerData(s.cpf, s.phone));
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({
      code: 'CHECKOUT_EXPIRED',
      message: 'Esta compra está expirada. Volte à loja e comece uma nova compra.',
    });
  });

  it('a merchant order code used twice: 409 DUPLICATE_ORDER_CODE, and the merchant view of another id 404', async () => {
    const body = createBody();
    const post = () =>
      t.request('POST', checkoutPaths.merchantCheckouts, body, {
        ...bearer(aurora),
        'idempotency-key': randomUUID(),
      });
    expect((await post()).status).toBe(201);
    const again = await post();
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'DUPLICATE_ORDER_CODE',
      message: `O código de pedido '${body.merchantOrderCode}' já foi usado em outro checkout desta loja.`,
    });
    const unknown = await t.request(
      'GET',
      checkoutPaths.merchantCheckout(randomUUID()),
      undefined,
      bearer(aurora),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('an unknown merchant in the simulator: 404 with its message', async () => {
    const res = await t.request(
      'GET',
      `${checkoutPaths.instalmentsSimulator}?amount=100&merchantId=${randomUUID()}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Parceiro não encontrado.' });
  });
});
