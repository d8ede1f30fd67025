/**
 * Contract: every exchange of the VTEX connector — each request VTEX's gateway sends (by these calls and by the
 * sandbox's emulated gateway), each answer, the callback's body, the configuration flow — is validated against Drip's
 * own hand-written schema of the Payment Provider Protocol (ppp-contract.ts, committed: this always runs, CI
 * included). When `npm run vtex:fetch-schema` has put VTEX's published OpenAPI document in test/vtex/published/ (not
 * committed, docs/vtex.md "The contract test"), every exchange is validated against it as well, and our schema is
 * checked to agree with it on every field it describes.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PITANGA, put, throughToken } from '../checkout-helpers.ts';
import { seededApp } from '../helpers.ts';
import {
  PPP_OPERATIONS,
  PPP_PROVIDER_HEADERS,
  PPP_SCHEMAS,
  type PppSchemaName,
  pppOperation,
} from './ppp-contract.ts';

const DOCUMENT = join(import.meta.dirname, 'published', 'VTEX - Payment Provider Protocol.json');
const published: PublishedDocument | null = existsSync(DOCUMENT)
  ? JSON.parse(readFileSync(DOCUMENT, 'utf8'))
  : null;
if (!published)
  console.warn(
    `VTEX contract: judged by Drip's schema (ppp-contract.ts) only; ${DOCUMENT} is missing (npm run vtex:fetch-schema adds the published document's checks)`,
  );

type Json = Record<string, unknown>;
interface PublishedOperation {
  parameters?: Json[];
  requestBody?: { $ref?: string; content?: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}
interface PublishedDocument {
  paths: Record<string, Record<string, PublishedOperation>>;
  components: { schemas: Record<string, Json>; parameters: Record<string, Json> };
}

/** One call of the gateway to the connector, as sent and as answered. */
interface Exchange {
  method: string;
  /** The protocol's path: after the provider endpoint URL (`/api/v1/vtex`), without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body?: unknown;
  status: number;
  contentType: string | null;
  location: string | null;
  response: unknown;
}

const header = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

// ------------------------------------------------------------------ Drip's schema

const ours = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
const ourValidators = Object.fromEntries(
  Object.entries(PPP_SCHEMAS).map(([name, schema]) => [name, ours.compile(schema)]),
) as Record<PppSchemaName, ValidateFunction>;

function validateOurs(name: PppSchemaName, value: unknown, label: string): string[] {
  const check = ourValidators[name];
  return check(value) ? [] : [`${label}: ${ours.errorsText(check.errors)}`];
}

/** What is wrong with an exchange by Drip's schema ([] when nothing). */
function problemsByOurs(x: Exchange): string[] {
  const op = pppOperation(x.method, x.path);
  if (!op) return [`${x.method} ${x.path}: not an operation of the protocol`];
  const label = `${op.method} ${op.path}`;
  const out: string[] = [];
  if (op.providerHeaders)
    for (const h of PPP_PROVIDER_HEADERS)
      if (!header(x.headers, h)) out.push(`${label}: request without ${h}`);
  for (const q of op.query ?? []) if (!x.query.get(q)) out.push(`${label}: request without ?${q}`);
  if (op.request) {
    if (x.body === undefined) out.push(`${label}: request without a body`);
    else out.push(...validateOurs(op.request, x.body, `${label} request`));
  }
  const expected = op.responses[x.status];
  if (!expected) out.push(`${label}: ${x.status} is not an answer of the operation`);
  else if (expected === 'redirect') {
    if (!x.location) out.push(`${label} ${x.status}: redirect without a Location`);
  } else {
    if (!x.contentType?.includes('application/json')) out.push(`${label} ${x.status}: not JSON`);
    out.push(...validateOurs(expected, x.response, `${label} ${x.status}`));
  }
  return out;
}

// ------------------------------------------------------------------ the published document

const theirs = new Ajv({ strict: false, allErrors: true });

function publishedOperation(doc: PublishedDocument, method: string, path: string) {
  for (const [pattern, ops] of Object.entries(doc.paths)) {
    const op = ops[method.toLowerCase()];
    if (op && new RegExp(`^${pattern.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
      return { key: `${method} ${pattern}`, op };
  }
  return null;
}

function publishedRequestSchema(op: PublishedOperation): Json | undefined {
  // Some operations give the schema's $ref in place of the requestBody object: read both forms.
  if (op.requestBody?.$ref) return { $ref: op.requestBody.$ref };
  return op.requestBody?.content?.['application/json']?.schema;
}

function validateTheirs(doc: PublishedDocument, schema: Json | undefined, value: unknown, label: string) {
  if (!schema) return [`${label}: the document declares no schema`];
  const check = theirs.compile({ ...schema, components: doc.components });
  return check(value) ? [] : [`${label}: ${theirs.errorsText(check.errors)}`];
}

function problemsByPublished(doc: PublishedDocument, x: Exchange): string[] {
  const found = publishedOperation(doc, x.method, x.path);
  if (!found) return [`${x.method} ${x.path}: no published operation`];
  const out: string[] = [];
  if (x.body !== undefined)
    out.push(...validateTheirs(doc, publishedRequestSchema(found.op), x.body, `${found.key} request`));
  // The redirect's 302 is the protocol's prose ("redirect"); the document lists a 200 without content.
  if (x.status === 302) return out;
  const response = found.op.responses[String(x.status)];
  if (!response) out.push(`${found.key}: status ${x.status} is not a documented answer`);
  else
    out.push(
      ...validateTheirs(
        doc,
        response.content?.['application/json']?.schema,
        x.response,
        `${found.key} ${x.status}`,
      ),
    );
  return out;
}

/**
 * Where Drip's schema and the published one disagree on what Drip's schema describes. An answer (Drip sends it)
 * must carry every field the document requires, with its type, never null where the document says not null, and
 * within its enumeration. A request (VTEX sends it): Drip may only require what the document requires, and must
 * accept null where the document allows it.
 */
function disagreements(
  doc: PublishedDocument,
  ourSchema: Json,
  theirSchema: Json | undefined,
  direction: 'request' | 'answer',
  label: string,
): string[] {
  const resolve = (s: Json | undefined): Json | undefined => {
    const ref = s?.$ref;
    if (typeof ref !== 'string') return s;
    return resolve(doc.components.schemas[ref.replace('#/components/schemas/', '')]);
  };
  const them = resolve(theirSchema);
  if (!them) return [`${label}: not in the published document`];
  const out: string[] = [];
  const ourTypes = ([] as unknown[]).concat(ourSchema.type ?? []) as string[];
  const ourNullable = ourTypes.includes('null');
  const ourType = ourTypes.find((t) => t !== 'null');
  const theirType = them.type as string | undefined;
  const theirNullable = them.nullable === true;
  const compatible =
    ourType === theirType ||
    (direction === 'answer' && ourType === 'integer' && theirType === 'number') ||
    (direction === 'request' && ourType === 'number' && theirType === 'integer');
  if (theirType && !compatible) out.push(`${label}: ${ourType} here, ${theirType} in the document`);
  if (direction === 'answer' && ourNullable && !theirNullable)
    out.push(`${label}: may be null here, not there`);
  if (direction === 'request' && theirNullable && !ourNullable)
    out.push(`${label}: the document allows null, this schema does not`);
  const ourEnum = ourSchema.enum as string[] | undefined;
  const theirEnum = them.enum as string[] | undefined;
  if (theirEnum && direction === 'answer' && !ourEnum?.every((e) => theirEnum.includes(e)))
    out.push(`${label}: values outside the document's enumeration ${theirEnum.join(', ')}`);
  if (theirEnum && ourEnum && direction === 'request' && !theirEnum.every((e) => ourEnum.includes(e)))
    out.push(`${label}: does not accept every value of the document's enumeration`);
  if (ourType === 'object') {
    const ourProps = (ourSchema.properties ?? {}) as Record<string, Json>;
    const theirProps = (them.properties ?? {}) as Record<string, Json>;
    const ourRequired = (ourSchema.required ?? []) as string[];
    const theirRequired = (them.required ?? []) as string[];
    for (const [name, schema] of Object.entries(ourProps))
      out.push(...disagreements(doc, schema, theirProps[name], direction, `${label}.${name}`));
    if (direction === 'answer')
      for (const r of theirRequired)
        if (!ourRequired.includes(r)) out.push(`${label}: the document requires ${r}, this schema does not`);
    if (direction === 'request')
      for (const r of ourRequired)
        if (!theirRequired.includes(r)) out.push(`${label}: requires ${r}, which VTEX need not send`);
  }
  if (ourType === 'array')
    out.push(...disagreements(doc, ourSchema.items as Json, them.items as Json, direction, `${label}[]`));
  return out;
}

// ------------------------------------------------------------------ the exchanges

describe('VTEX connector against the Payment Provider Protocol', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let creds: Record<string, string>;
  let receiver: Server;
  let receiverUrl: string;
  const exchanges: Exchange[] = [];
  const callbacks: { contentType: string | undefined; body: unknown }[] = [];

  /** Sends a connector call as the gateway does and records the exchange. */
  async function call(method: string, url: string, body?: unknown, headers = creds): Promise<Exchange> {
    const res = await t.request(method, url, body, headers);
    const local = new URL(url, 'http://drip.local');
    const exchange: Exchange = {
      method,
      path: local.pathname.replace(/^\/api\/v1\/vtex/, ''),
      query: local.searchParams,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
      status: res.status,
      contentType: res.headers.get('content-type'),
      location: res.headers.get('location'),
      response: res.body,
    };
    exchanges.push(exchange);
    return exchange;
  }

  beforeAll(async () => {
    t = await seededApp();
    const demo = await t.request('GET', '/sandbox/demo');
    const m = demo.body.merchants.find((x: { name: string }) => x.name === PITANGA);
    creds = { 'X-PROVIDER-API-AppKey': m.vtex.appKey, 'X-PROVIDER-API-AppToken': m.vtex.appToken };
    // VTEX's callback endpoint: records what the connector posts.
    receiver = createServer((req, res) => {
      let data = '';
      req.on('data', (d) => {
        data += d;
      });
      req.on('end', () => {
        callbacks.push({ contentType: req.headers['content-type'], body: JSON.parse(data) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    receiver?.close();
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
      callbackUrl: `${receiverUrl}/api/pvt/payment-provider/transactions/${transactionId}/payments/${paymentId}/callback?X-VTEX-signature=abc`,
      returnUrl: 'https://loja.example/volta',
    };
  }

  it('a whole payment life, the callback and the configuration flow: every exchange by the schema', async () => {
    await call('GET', '/api/v1/vtex/manifest', undefined, {});
    expect((await call('POST', '/api/v1/vtex/payments', { ...payment(50), currency: 'USD' })).status).toBe(
      400,
    );

    const body = payment(100);
    const created = await call('POST', '/api/v1/vtex/payments', body);
    expect(created.status).toBe(200);
    await call('POST', '/api/v1/vtex/payments', body);
    const checkoutId = (created.response as { tid: string }).tid;
    await put(t, checkoutId);
    await throughToken(t, checkoutId, '11144477735', '+5521998765432');
    expect((await put(t, checkoutId, { checkoutConfirmed: true })).body.result).toBe('OK');
    await t.built.services.vtex.syncUndecided();
    await t.built.services.vtex.callbacks.drain();
    expect(callbacks).toHaveLength(1);
    const approved = (await call('POST', '/api/v1/vtex/payments', body)).response as Json;
    expect(approved.status).toBe('approved');
    const base = `/api/v1/vtex/payments/${body.paymentId}`;
    const ids = {
      paymentId: body.paymentId,
      transactionId: body.transactionId,
      authorizationId: approved.authorizationId,
    };
    await call('POST', `${base}/settlements`, { ...ids, requestId: 'S1', value: 100, tid: approved.tid });
    const refund = {
      requestId: 'R1',
      settleId: 'S1',
      paymentId: body.paymentId,
      tid: approved.tid,
      value: 100,
    };
    expect(
      (await call('POST', `${base}/refunds`, { ...refund, transactionId: body.transactionId })).status,
    ).toBe(200);
    // Nothing left to refund: the engine's refusal, in the protocol's failure shape.
    const again = { ...refund, requestId: 'R2', value: 10, transactionId: body.transactionId };
    expect((await call('POST', `${base}/refunds`, again)).status).toBe(501);

    const other = payment(30);
    await call('POST', '/api/v1/vtex/payments', other);
    const canceled = await call('POST', `/api/v1/vtex/payments/${other.paymentId}/cancellations`, {
      paymentId: other.paymentId,
      requestId: 'C1',
      authorizationId: 'x',
    });
    expect(canceled.status).toBe(200);

    const token = (
      await call(
        'POST',
        '/api/v1/vtex/authorization/token',
        {
          applicationId: 'vtex',
          returnUrl: 'https://admin.mystore.example.com/provider-return?authorizationCode=',
        },
        {},
      )
    ).response as { token: string };
    const redirect = await call(
      'GET',
      `/api/v1/vtex/authorization/redirect?applicationId=vtex&token=${encodeURIComponent(token.token)}`,
      undefined,
      {},
    );
    expect(redirect.location).toMatch(/\/parceira\/plugin_sign_up\/vtex\?code=/);
    const { successUrl } = await t.built.services.vtex.completeSignUp(
      (await t.request('GET', '/sandbox/demo')).body.merchants[0].id,
      token.token,
    );
    const code = new URL(successUrl).searchParams.get('authorizationCode') ?? '';
    const got = await call(
      'GET',
      `/api/v1/vtex/authorization/credentials?applicationId=vtex&authorizationCode=${encodeURIComponent(code)}`,
      undefined,
      {},
    );
    expect(got.status).toBe(200);

    // Every operation Drip implements was exercised.
    const seen = new Set(exchanges.map((x) => pppOperation(x.method, x.path)));
    expect(PPP_OPERATIONS.filter((op) => !seen.has(op))).toEqual([]);
    expect(exchanges.flatMap(problemsByOurs)).toEqual([]);
    expect(callbacks.every((c) => c.contentType?.includes('application/json'))).toBe(true);
    expect(callbacks.flatMap((c) => validateOurs('callbackBody', c.body, 'callback'))).toEqual([]);
    if (published) {
      expect(exchanges.flatMap((x) => problemsByPublished(published, x))).toEqual([]);
      // The callback's body is the Create Payment answer's shape (Success-Approved).
      const approvedShape =
        published.paths['/payments']?.post?.responses['200']?.content?.['application/json'];
      expect(
        callbacks.flatMap((c) => validateTheirs(published, approvedShape?.schema, c.body, 'callback')),
      ).toEqual([]);
    }
  });

  it("the emulated gateway's requests and the connector's answers to it, by the schema", async () => {
    const gateway = t.built.services.vtexGateway;
    if (!gateway) throw new Error('sandbox gateway off');
    const from = exchanges.length;
    gateway.connect(async (path, init) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const x = await call(init.method ?? 'GET', path, body, init.headers as Record<string, string>);
      return new Response(JSON.stringify(x.response), {
        status: x.status,
        headers: { 'content-type': 'application/json' },
      });
    });
    const merchantId = (await t.request('GET', '/sandbox/demo')).body.merchants[0].id;
    const placed = await gateway.placeOrder({ merchantId, value: 42.5 });
    expect(placed.createAnswer.status).toBe(200);
    expect((await gateway.act(placed.paymentId, 'cancel'))?.status).toBe(200);
    const mine = exchanges.slice(from);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.flatMap(problemsByOurs)).toEqual([]);
    if (published) expect(mine.flatMap((x) => problemsByPublished(published, x))).toEqual([]);
  });

  it('fails an answer that drops a required field or has a wrong type, and a request missing what VTEX sends', () => {
    const created = exchanges.find((x) => x.path === '/payments' && x.status === 200);
    if (!created) throw new Error('no Create Payment recorded');
    const answer = created.response as Json;
    const mutate = (change: (a: Json) => void): Exchange => {
      const copy = structuredClone(answer);
      change(copy);
      return { ...created, response: copy };
    };
    const dropped = mutate((a) => {
      delete a.delayToCancel;
    });
    expect(problemsByOurs(dropped).join()).toMatch(/delayToCancel/);
    const wrongType = mutate((a) => {
      a.nsu = 123;
    });
    expect(problemsByOurs(wrongType).join()).toMatch(/nsu/);
    const notAStatus = mutate((a) => {
      a.status = 'pending';
    });
    expect(problemsByOurs(notAStatus).join()).toMatch(/allowed values/);
    const { callbackUrl: _dropped, ...withoutCallback } = created.body as Json;
    expect(problemsByOurs({ ...created, body: withoutCallback }).join()).toMatch(/callbackUrl/);
    expect(problemsByOurs({ ...created, headers: {} }).join()).toMatch(/X-PROVIDER-API-AppKey/);
    expect(problemsByOurs({ ...created, status: 404 }).join()).toMatch(/not an answer/);
    // A callback must carry a decision.
    expect(validateOurs('callbackBody', answer, 'callback').join()).toMatch(/allowed values/);
    if (published) {
      expect(problemsByPublished(published, dropped).join()).toMatch(/delayToCancel/);
      expect(problemsByPublished(published, wrongType).join()).toMatch(/nsu/);
    }
  });

  it.skipIf(!published)('agrees with the published document on every field and header it describes', () => {
    const doc = published as PublishedDocument;
    const out: string[] = [];
    for (const op of PPP_OPERATIONS) {
      const found = publishedOperation(doc, op.method, op.path.replace(/\{[^}]+\}/g, 'X'));
      if (!found) {
        out.push(`${op.method} ${op.path}: not in the document`);
        continue;
      }
      const params = (found.op.parameters ?? []).map((p) =>
        typeof p.$ref === 'string' ? doc.components.parameters[p.$ref.split('/').at(-1) ?? ''] : p,
      );
      const named = (name: string, where: string) => params.some((p) => p?.name === name && p?.in === where);
      if (op.providerHeaders)
        for (const h of PPP_PROVIDER_HEADERS)
          if (!named(h, 'header')) out.push(`${found.key}: no ${h} header`);
      for (const q of op.query ?? [])
        if (!named(q, 'query')) out.push(`${found.key}: no ${q} query parameter`);
      if (op.request)
        out.push(
          ...disagreements(
            doc,
            PPP_SCHEMAS[op.request],
            publishedRequestSchema(found.op),
            'request',
            `${found.key} request`,
          ),
        );
      for (const [status, name] of Object.entries(op.responses)) {
        if (!name || name === 'redirect') continue;
        const schema = found.op.responses[status]?.content?.['application/json']?.schema;
        out.push(...disagreements(doc, PPP_SCHEMAS[name], schema, 'answer', `${found.key} ${status}`));
      }
    }
    expect(out).toEqual([]);

    // The comparison itself can fail: a schema letting the cancellation's answer omit its id, or send it null.
    const loose = structuredClone(PPP_SCHEMAS.cancelResponse) as Json;
    loose.required = (loose.required as string[]).filter((r) => r !== 'cancellationId');
    (loose.properties as Record<string, Json>).cancellationId = { type: ['string', 'null'] };
    const cancel = publishedOperation(doc, 'POST', '/payments/X/cancellations');
    const theirs200 = cancel?.op.responses['200']?.content?.['application/json']?.schema;
    const found = disagreements(doc, loose, theirs200, 'answer', 'cancel 200').join('\n');
    expect(found).toMatch(/requires cancellationId/);
    expect(found).toMatch(/cancellationId: may be null here/);
  });
});
