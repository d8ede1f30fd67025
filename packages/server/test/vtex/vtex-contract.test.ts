/**
 * Contract: every request sent to the VTEX connector (by these calls and by the sandbox's emulated gateway) and
 * every answer it gives are validated against VTEX's published OpenAPI document of the Payment Provider Protocol
 * (ajv). The document is not committed (docs/vtex.md "The published schema"): `npm run vtex:fetch-schema` puts the
 * pinned copy in test/vtex/published/; without it this file is skipped, and says so.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PITANGA, put, throughToken } from '../checkout-helpers.ts';
import { seededApp, type TestResponse } from '../helpers.ts';

const DOCUMENT = join(import.meta.dirname, 'published', 'VTEX - Payment Provider Protocol.json');
const present = existsSync(DOCUMENT);
if (!present) console.warn(`VTEX contract test skipped: ${DOCUMENT} is missing (npm run vtex:fetch-schema)`);

interface Operation {
  requestBody?: { $ref?: string; content?: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components: object };

describe.skipIf(!present)('VTEX connector against the published Payment Provider Protocol', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let creds: Record<string, string>;
  let doc: Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const checked: string[] = [];
  const problems: string[] = [];

  /** The protocol's operation for a concrete connector path ('/payments/ABC/refunds' → '/payments/{paymentId}/refunds'). */
  function operation(method: string, path: string): { key: string; op: Operation } {
    const local = path.replace(/^\/api\/v1\/vtex/, '').split('?')[0] as string;
    for (const [pattern, ops] of Object.entries(doc.paths)) {
      const re = new RegExp(`^${pattern.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const op = ops[method.toLowerCase()];
      if (re.test(local) && op) return { key: `${method} ${pattern}`, op };
    }
    throw new Error(`no published operation for ${method} ${local}`);
  }

  function validate(label: string, schema: object | undefined, value: unknown) {
    if (!schema) {
      problems.push(`${label}: the document declares no schema`);
      return;
    }
    const check = ajv.compile({ ...schema, components: doc.components });
    if (!check(value)) problems.push(`${label}: ${ajv.errorsText(check.errors)}`);
    checked.push(label);
  }

  function requestSchema(op: Operation): object | undefined {
    // Some operations give the schema's $ref in place of the requestBody object: read both forms.
    if (op.requestBody?.$ref) return { $ref: op.requestBody.$ref };
    return op.requestBody?.content?.['application/json']?.schema;
  }

  /** Sends a connector call and validates its request and answer. */
  async function call(method: string, path: string, body?: unknown, headers = creds): Promise<TestResponse> {
    const { key, op } = operation(method, path);
    if (body !== undefined) validate(`${key} request`, requestSchema(op), body);
    const res = await t.request(method, path, body, headers);
    if (res.status !== 302) {
      const response = op.responses[String(res.status)];
      if (!response) problems.push(`${key}: status ${res.status} is not a documented answer`);
      else validate(`${key} ${res.status}`, response.content?.['application/json']?.schema, res.body);
    }
    return res;
  }

  beforeAll(async () => {
    doc = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
    t = await seededApp();
    const demo = await t.request('GET', '/sandbox/demo');
    const m = demo.body.merchants.find((x: { name: string }) => x.name === PITANGA);
    creds = { 'X-PROVIDER-API-AppKey': m.vtex.appKey, 'X-PROVIDER-API-AppToken': m.vtex.appToken };
  });
  afterAll(async () => {
    await t?.dispose();
  });

  function payment(value: number) {
    const paymentId = randomUUID().replaceAll('-', '').toUpperCase();
    const transactionId = randomUUID().replaceAll('-', '').toUpperCase();
    const address = {
      country: 'BRA',
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      postalCode: '01310100',
      city: 'São Paulo',
      state: 'SP',
    };
    return {
      reference: '618272',
      orderId: '1072430428324',
      shopperInteraction: 'ecommerce',
      transactionId,
      paymentId,
      paymentMethod: 'Promissories',
      paymentMethodCustomCode: null,
      merchantName: 'mystore',
      value,
      currency: 'BRL',
      installments: 1,
      deviceFingerprint: '75076388',
      miniCart: {
        shippingValue: 0,
        taxValue: 0,
        buyer: {
          id: 'c1245228',
          firstName: 'João',
          lastName: 'Pereira',
          document: '11144477735',
          documentType: 'cpf',
          email: 'joao@example.com',
          phone: '+5521998765432',
        },
        shippingAddress: address,
        billingAddress: address,
        items: [{ id: '8', name: 'Tenis Preto I', price: value, quantity: 1, discount: 0 }],
      },
      url: 'https://loja.example/checkout',
      callbackUrl: `https://gateway.example/api/pvt/payment-provider/transactions/${transactionId}/payments/${paymentId}/callback?X-VTEX-signature=abc`,
      returnUrl: 'https://loja.example/volta',
    };
  }

  it('validates every request and answer of a whole payment life and of the configuration flow', async () => {
    await call('GET', '/api/v1/vtex/manifest');
    expect((await call('POST', '/api/v1/vtex/payments', { ...payment(50), currency: 'USD' })).status).toBe(
      400,
    );

    const body = payment(100);
    const created = await call('POST', '/api/v1/vtex/payments', body);
    expect(created.status).toBe(200);
    await call('POST', '/api/v1/vtex/payments', body);
    const checkoutId = created.body.tid as string;
    await put(t, checkoutId);
    await throughToken(t, checkoutId, '11144477735', '+5521998765432');
    expect((await put(t, checkoutId, { checkoutConfirmed: true })).body.result).toBe('OK');
    await t.built.services.vtex.syncUndecided();
    const approved = await call('POST', '/api/v1/vtex/payments', body);
    expect(approved.body.status).toBe('approved');
    const base = `/api/v1/vtex/payments/${body.paymentId}`;
    const ids = {
      paymentId: body.paymentId,
      transactionId: body.transactionId,
      authorizationId: approved.body.authorizationId,
    };
    await call('POST', `${base}/settlements`, {
      ...ids,
      requestId: 'S1',
      value: 100,
      tid: approved.body.tid,
    });
    const refunded = await call('POST', `${base}/refunds`, {
      requestId: 'R1',
      settleId: 'S1',
      paymentId: body.paymentId,
      tid: approved.body.tid,
      value: 100,
      transactionId: body.transactionId,
    });
    expect(refunded.status).toBe(200);

    const other = payment(30);
    await call('POST', '/api/v1/vtex/payments', other);
    const canceled = await call('POST', `/api/v1/vtex/payments/${other.paymentId}/cancellations`, {
      paymentId: other.paymentId,
      requestId: 'C1',
      authorizationId: 'x',
    });
    expect(canceled.status).toBe(200);

    const token = await call('POST', '/api/v1/vtex/authorization/token', {
      applicationId: 'vtex',
      returnUrl: 'https://admin.mystore.example.com/provider-return?authorizationCode=',
    });
    const { successUrl } = await t.built.services.vtex.completeSignUp(
      (await t.request('GET', '/sandbox/demo')).body.merchants[0].id,
      token.body.token,
    );
    const code = new URL(successUrl).searchParams.get('authorizationCode') ?? '';
    const got = await call(
      'GET',
      `/api/v1/vtex/authorization/credentials?applicationId=vtex&authorizationCode=${encodeURIComponent(code)}`,
    );
    expect(got.status).toBe(200);

    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(12);
  });

  it("validates the emulated gateway's requests to the connector and the connector's answers to it", async () => {
    const gateway = t.built.services.vtexGateway;
    if (!gateway) throw new Error('sandbox gateway off');
    gateway.connect(async (path, init) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const res = await call(init.method ?? 'GET', path, body, init.headers as Record<string, string>);
      return new Response(res.text, { status: res.status, headers: { 'content-type': 'application/json' } });
    });
    const merchantId = (await t.request('GET', '/sandbox/demo')).body.merchants[0].id;
    const placed = await gateway.placeOrder({ merchantId, value: 42.5 });
    expect(placed.createAnswer.status).toBe(200);
    const canceled = await gateway.act(placed.paymentId, 'cancel');
    expect(canceled?.status).toBe(200);
    expect(problems).toEqual([]);
  });
});
