import { randomUUID } from 'node:crypto';
import { checkoutPaths, endpointTable, generateCpf } from '@drip/core';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiError } from '../../src/http/errors.ts';
import { checkouts, idempotencyKeys } from '../../src/modules/checkouts/tables.ts';
import { AURORA, apiKeyOf, createBody, createCheckout, field, PITANGA, put } from '../checkout-helpers.ts';
import { bearer, loginAdmin, loginCustomer, loginMerchant, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let aurora: string;
let pitanga: string;

beforeAll(async () => {
  t = await seededApp();
  aurora = await apiKeyOf(t, AURORA);
  pitanga = await apiKeyOf(t, PITANGA);
});
afterAll(async () => {
  await t.dispose();
});

const post = (body: unknown, headers: Record<string, string>) =>
  t.request('POST', checkoutPaths.merchantCheckouts, body, headers);

describe('merchant API: create and read checkouts', () => {
  it('creates a checkout: 201 with id, hosted url and a 24 h expiry', async () => {
    const res = await post(createBody(), { ...bearer(aurora), 'idempotency-key': randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body.url).toBe(`http://localhost:3000/checkouts/${res.body.id}`);
    expect(res.body.expiresAt).toBe('2026-03-11T12:00:00.000Z');
    const view = await t.request(
      'GET',
      checkoutPaths.merchantCheckout(res.body.id),
      undefined,
      bearer(aurora),
    );
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: res.body.id, status: 'PRISTINE', amount: 300, order: null });
  });

  it("the customer prefill is stored as sent and pre-fills the hosted checkout's first step", async () => {
    // A CPF Drip does not know: a known customer's would ask for the phone only (checkout-identity.test.ts).
    const prefill = {
      cpf: generateCpf(424_242),
      phone: '+5511987654321',
      email: 'Ana@Exemplo.demo',
      name: 'Ana',
    };
    const res = await post(createBody({ customer: { prefill } }), {
      ...bearer(aurora),
      'idempotency-key': randomUUID(),
    });
    expect(res.status).toBe(201);
    const [row] = await t.built.services.database.db
      .select({ prefill: checkouts.prefill, products: checkouts.products })
      .from(checkouts)
      .where(eq(checkouts.id, res.body.id));
    expect(row?.prefill).toEqual({ ...prefill, email: 'ana@exemplo.demo' });
    expect(row?.products).toEqual([
      { name: 'Camiseta', quantity: 2, amount: 5000 }, // centavos inside
      { name: 'Calça', quantity: 1, amount: 20000 },
    ]);
    const first = await put(t, res.body.id);
    expect(field(first, 'customerCpf')?.fieldData).toBe(prefill.cpf);
    expect(field(first, 'customerPhone')?.fieldData).toBe(prefill.phone);
    expect(field(first, 'customerEmail')?.fieldData).toBe('ana@exemplo.demo');

    // Without a prefill the column is SQL NULL (not a JSON null) and nothing is pre-filled.
    const bare = await post(createBody(), { ...bearer(aurora), 'idempotency-key': randomUUID() });
    const [none] = await t.built.services.database.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.id, bare.body.id), isNull(checkouts.prefill)));
    expect(none?.id).toBe(bare.body.id);
    expect(field(await put(t, bare.body.id), 'customerCpf')?.fieldData).toBeUndefined();
  });

  it('401 without a key, with a wrong key, and with a portal JWT of any audience', async () => {
    expect((await post(createBody(), { 'idempotency-key': 'k' })).status).toBe(401);
    expect((await post(createBody(), { ...bearer('sk_sandbox_wrong'), 'idempotency-key': 'k' })).status).toBe(
      401,
    );
    const jwts = [
      (await loginAdmin(t)).token,
      (await loginMerchant(t)).token,
      (await loginCustomer(t)).token,
    ];
    for (const jwt of jwts) {
      expect((await post(createBody(), { ...bearer(jwt), 'idempotency-key': 'k' })).status).toBe(401);
      const id = randomUUID();
      expect(
        (await t.request('GET', checkoutPaths.merchantCheckout(id), undefined, bearer(jwt))).status,
      ).toBe(401);
    }
  });

  it("404 for another merchant's checkout or an unknown id", async () => {
    const id = await createCheckout(t, aurora);
    expect(
      (await t.request('GET', checkoutPaths.merchantCheckout(id), undefined, bearer(pitanga))).status,
    ).toBe(404);
    expect(
      (await t.request('GET', checkoutPaths.merchantCheckout('x'), undefined, bearer(aurora))).status,
    ).toBe(404);
  });

  it('the merchant order code is unique per merchant (409), not across merchants', async () => {
    const code = `DUP-${randomUUID().slice(0, 6)}`;
    await createCheckout(t, aurora, { merchantOrderCode: code });
    const dup = await post(createBody({ merchantOrderCode: code }), {
      ...bearer(aurora),
      'idempotency-key': randomUUID(),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(
      `O código de pedido '${code}' já foi usado em outro checkout desta loja.`,
    );
    await createCheckout(t, pitanga, { merchantOrderCode: code });
  });

  it('an amount above the merchant maximum is created (the analysis denies it)', async () => {
    expect(
      (await post(createBody({ amount: 99_999.99 }), { ...bearer(pitanga), 'idempotency-key': randomUUID() }))
        .status,
    ).toBe(201);
  });

  it('amounts, quantities and the product count have upper bounds the database holds: past them, 422 naming the field', async () => {
    const key = () => ({ ...bearer(aurora), 'idempotency-key': randomUUID() });
    const product = (p: Record<string, unknown>) => ({ name: 'Camiseta', quantity: 1, amount: 10, ...p });
    const cases: [unknown, string, string][] = [
      [
        createBody({ amount: 1_000_000_000_000 }),
        'amount',
        'O campo amount está fora do limite: o valor deve ser no máximo R$ 1.000.000,00',
      ],
      [
        createBody({ amount: 1e300 }),
        'amount',
        'O campo amount está fora do limite: o valor deve ser no máximo R$ 1.000.000,00',
      ],
      [
        createBody({ amount: 1_000_000.01 }),
        'amount',
        'O campo amount está fora do limite: o valor deve ser no máximo R$ 1.000.000,00',
      ],
      [
        createBody({ products: [product({}), product({ quantity: 2_147_483_648 })] }),
        'products.1.quantity',
        'O campo products.1.quantity está fora do limite: a quantidade deve ser no máximo 10.000',
      ],
      [
        createBody({ products: [product({ quantity: 1e300 })] }),
        'products.0.quantity',
        'O campo products.0.quantity está fora do limite: a quantidade deve ser no máximo 10.000',
      ],
      [
        createBody({ products: [product({ quantity: 10_001 })] }),
        'products.0.quantity',
        'O campo products.0.quantity está fora do limite: a quantidade deve ser no máximo 10.000',
      ],
      [
        createBody({ products: [product({ amount: 1e13 })] }),
        'products.0.amount',
        'O campo products.0.amount está fora do limite: o valor unitário deve ser no máximo R$ 1.000.000,00',
      ],
      [
        createBody({ products: Array.from({ length: 101 }, () => product({})) }),
        'products',
        'O campo products está fora do limite: informe no máximo 100 produtos',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(body, key());
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'OUT_OF_RANGE', message });
      expect(res.body.error.issues[0].path).toBe(path);
    }
    // The bounds themselves are accepted.
    const atBounds = await post(
      createBody({
        amount: 1_000_000,
        products: Array.from({ length: 100 }, () => product({ quantity: 10_000, amount: 1_000_000 })),
      }),
      key(),
    );
    expect(atBounds.status, atBounds.text).toBe(201);
  });

  it('bad input: 400 with a clear message', async () => {
    const key = () => ({ ...bearer(aurora), 'idempotency-key': randomUUID() });
    const cases: [unknown, string][] = [
      [createBody({ amount: -1 }), 'O valor deve ser maior que zero'],
      [createBody({ amount: 10.001 }), 'O valor deve ter no máximo 2 casas decimais'],
      [createBody({ amount: 0 }), 'O valor deve ser maior que zero'],
      [createBody({ products: [] }), 'Informe pelo menos um produto'],
      [createBody({ resolveUrl: 'ftp://x' }), 'resolveUrl deve começar com http:// ou https://'],
      [createBody({ merchantOrderCode: '' }), 'Informe o código do pedido'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body, key());
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // A quantity of 1.5 is malformed (400), not out of range.
    const half = await post(createBody({ products: [{ name: 'X', quantity: 1.5, amount: 1 }] }), key());
    expect(half.status).toBe(400);
    expect(half.body.error.message).toBe('A quantidade deve ser um número inteiro');
    const noKey = await post(createBody(), bearer(aurora));
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await post(createBody(), { ...bearer(aurora), 'idempotency-key': 'x'.repeat(256) })).status).toBe(
      400,
    );
    expect(
      (
        await t.raw(checkoutPaths.merchantCheckouts, {
          method: 'POST',
          headers: { ...bearer(aurora), 'idempotency-key': 'a', 'content-type': 'application/json' },
          body: '{',
        })
      ).status,
    ).toBe(400);
  });
});

describe('merchant API: idempotency', () => {
  it('same key and body replays the first answer and creates nothing', async () => {
    const key = randomUUID();
    const body = createBody();
    const a = await post(body, { ...bearer(aurora), 'idempotency-key': key });
    const b = await post(body, { ...bearer(aurora), 'idempotency-key': key });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    // The answer was stored with the checkout, in the same statement.
    const stored = async (k: string) =>
      (
        await t.built.services.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))
      )[0];
    expect(await stored(key)).toMatchObject({ state: 'DONE', responseStatus: 201, responseBody: a.body });
    // a failed first answer (409, the order code is taken) is stored and replayed too
    const otherKey = randomUUID();
    const other = await post(body, { ...bearer(aurora), 'idempotency-key': otherKey });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('DUPLICATE_ORDER_CODE');
    expect(await stored(otherKey)).toMatchObject({
      state: 'DONE',
      responseStatus: 409,
      responseBody: other.body,
    });
    const again = await post(body, { ...bearer(aurora), 'idempotency-key': otherKey });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(other.body);
  });

  it('same key with another body → 422; keys are scoped to the merchant', async () => {
    const key = randomUUID();
    await post(createBody(), { ...bearer(aurora), 'idempotency-key': key });
    const changed = await post(createBody(), { ...bearer(aurora), 'idempotency-key': key });
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherMerchant = await post(createBody(), { ...bearer(pitanga), 'idempotency-key': key });
    expect(otherMerchant.status).toBe(201);
  });

  it('same key with the same body in another key order or spacing → the first answer, not 422', async () => {
    const key = randomUUID();
    const body = createBody();
    const first = await post(body, { ...bearer(aurora), 'idempotency-key': key });
    expect(first.status).toBe(201);
    // Every object's keys reversed (nested ones too), and pretty-printed: the same JSON value.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const text = JSON.stringify(reversed(body), null, 2);
    expect(text).not.toBe(JSON.stringify(body));
    const again = await post(text, { ...bearer(aurora), 'idempotency-key': key });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    // Array order is meaning: the products in another order are another body.
    const swapped = { ...body, products: [...body.products].reverse() };
    expect((await post(swapped, { ...bearer(aurora), 'idempotency-key': key })).status).toBe(422);
  });

  it('same key while the first request still runs → 409', async () => {
    const key = randomUUID();
    const body = createBody();
    const [a, b] = await Promise.all([
      post(body, { ...bearer(aurora), 'idempotency-key': key }),
      post(body, { ...bearer(aurora), 'idempotency-key': key }),
    ]);
    const statuses = [a.status, b.status].sort();
    // On a single-connection database the second may also see the finished first (replay 201).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const store = t.built.services.idempotency;
    let release: () => void = () => {};
    const slow = store.run(
      '00000000-0000-4000-8000-000000000001',
      'k1',
      'h',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { ok: true } });
        }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const inUse = await store
      .run('00000000-0000-4000-8000-000000000001', 'k1', 'h', async () => ({ status: 201, body: {} }))
      .then(
        () => null,
        (err: unknown) => err,
      );
    // A domain refusal (docs/errors.md), answered 409 by the HTTP layer.
    expect(toApiError(inUse)).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
    release();
    expect((await slow).status).toBe(201);
    const replay = await store.run('00000000-0000-4000-8000-000000000001', 'k1', 'h', async () => ({
      status: 500,
      body: {},
    }));
    expect(replay).toMatchObject({ status: 201, replayed: true });
  });

  it('a key older than 24 h is forgotten', async () => {
    const key = randomUUID();
    await post(createBody(), { ...bearer(aurora), 'idempotency-key': key });
    t.clock.advance(24 * 3600_000 + 1);
    expect((await post(createBody(), { ...bearer(aurora), 'idempotency-key': key })).status).toBe(201);
  });
});

describe('merchant back office: revoke', () => {
  it('ADMIN revokes an unfinished checkout; READ gets 403; another merchant 404', async () => {
    const id = await createCheckout(t, aurora);
    const read = await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210');
    expect(
      (await t.request('PUT', checkoutPaths.merchantRevoke(id), undefined, bearer(read.token))).status,
    ).toBe(403);
    const other = await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234');
    expect(
      (await t.request('PUT', checkoutPaths.merchantRevoke(id), undefined, bearer(other.token))).status,
    ).toBe(404);
    const admin = await loginMerchant(t);
    const res = await t.request('PUT', checkoutPaths.merchantRevoke(id), undefined, bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('REVOKED');
    const shopper = await put(t, id);
    expect(shopper.body.result).toBe('KO');
    expect((await put(t, id, { checkoutConfirmed: true })).body.error.message).toBe(
      'Este checkout foi desativado pela loja.',
    );
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document generated from the contract and a readable page', async () => {
    const doc = await t.request('GET', checkoutPaths.openApi);
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths[checkoutPaths.merchantCheckouts].post).toBeDefined();
    expect(doc.body.components.schemas.MerchantApiCreateCheckoutRequest.properties.amount.type).toBe(
      'number',
    );
    // The bounds are published with the schema.
    expect(doc.body.components.schemas.MerchantApiCreateCheckoutRequest.properties.amount.maximum).toBe(
      1_000_000,
    );
    // Every endpoint of the table that is not internal is in the reference, under its id.
    const documented = endpointTable.filter((e) => !e.internal);
    expect(documented.length).toBeGreaterThan(40);
    for (const e of documented) {
      const path = e.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.body.paths[path]?.[e.method.toLowerCase()]?.operationId, e.id).toBe(e.id);
    }
    expect(JSON.stringify(doc.body.paths)).not.toContain('/sandbox/');
    const page = await t.raw(checkoutPaths.apiDocs, { method: 'GET' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/v1/merchant/checkouts');
    expect(html).not.toContain('<script src=');
  });
});
