/**
 * The authorisation walk: every endpoint of the table × every kind of caller gets the answer its audience says —
 * 401 without credentials, 403 for another audience or a READ merchant on an ADMIN call, 404 for another tenant's
 * resource — and nothing is mounted outside the table.
 */
import {
  type AnyEndpoint,
  CATALOGUE_KEY_HEADER,
  type EndpointAudience,
  endpointTable,
  fillPath,
  pathParams,
} from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CATALOGUE_API_KEY } from '../../src/config.ts';
import { orderProducts } from '../../src/modules/orders/tables.ts';
import { apiKeyOf, createCheckout } from '../checkout-helpers.ts';
import {
  bearer,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
  type TestResponse,
} from '../helpers.ts';
import { createOrder, JOAO_CPF } from '../instalment-helpers.ts';

type Caller = 'none' | 'admin' | 'merchantAdmin' | 'merchantRead' | 'customer' | 'apiKey' | 'catalogueKey';
const CALLERS: Caller[] = [
  'none',
  'admin',
  'merchantAdmin',
  'merchantRead',
  'customer',
  'apiKey',
  'catalogueKey',
];

let t: Awaited<ReturnType<typeof seededApp>>;
let headers: Record<Caller, Record<string, string>>;

async function login() {
  const apiKey = await apiKeyOf(t, 'Loja Aurora');
  headers = {
    none: {},
    admin: bearer((await loginAdmin(t)).token),
    merchantAdmin: bearer((await loginMerchant(t)).token),
    merchantRead: bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token),
    customer: bearer((await loginCustomer(t)).token),
    apiKey: bearer(apiKey),
    catalogueKey: { [CATALOGUE_KEY_HEADER]: SANDBOX_CATALOGUE_API_KEY },
  };
}

beforeAll(async () => {
  t = await seededApp();
  await login();
});
afterAll(async () => {
  await t.dispose();
});

const mounted = () => t.built.routes.map((r) => r.endpoint);

function send(
  endpoint: AnyEndpoint,
  caller: Caller,
  params?: Record<string, string>,
  validBody?: unknown,
): Promise<TestResponse> {
  const path = fillPath(
    endpoint.path,
    params ?? Object.fromEntries(pathParams(endpoint.path).map((p) => [p, 'x'])),
  );
  const body = endpoint.method === 'GET' ? undefined : endpoint.body ? (validBody ?? {}) : undefined;
  return t.request(endpoint.method, path, body, { ...headers[caller], 'idempotency-key': 'walk' });
}

/** The callers an audience lets through (to its handler); everyone else is refused with `refusal`. */
const ADMITTED: Record<EndpointAudience, Caller[]> = {
  anonymous: CALLERS,
  shopper: CALLERS,
  sandbox: CALLERS,
  psp: [],
  admin: ['admin'],
  customer: ['customer'],
  merchantRead: ['merchantAdmin', 'merchantRead'],
  merchantAdmin: ['merchantAdmin'],
  merchantApiKey: ['apiKey'],
  catalogueApiKey: ['catalogueKey'],
  // None of the walk's callers carries VTEX credentials (the VTEX tests do).
  vtexProvider: [],
};

/** What a caller who is not admitted gets: 401 when it has no credential of the right kind, else 403. */
function refusal(audience: EndpointAudience, caller: Caller): 401 | 403 {
  if (caller === 'none' || caller === 'apiKey' || caller === 'catalogueKey') return 401;
  if (
    audience === 'merchantApiKey' ||
    audience === 'catalogueApiKey' ||
    audience === 'psp' ||
    audience === 'vtexProvider'
  )
    return 401;
  return 403;
}

/** A guard-less endpoint that declares its own credential header (checked by its handler). */
const ownCredential = (endpoint: AnyEndpoint) =>
  ['anonymous', 'shopper', 'sandbox'].includes(endpoint.audience) &&
  Object.keys(endpoint.headers ?? {}).some(
    (h) =>
      h === 'RefreshToken' ||
      h === 'Authorization' ||
      h === 'Authentication' ||
      // A platform's webhook signature (Nuvemshop's, over the body with the app secret).
      h === 'X-Linkedstore-HMAC-SHA256',
  );

describe('endpoint table', () => {
  it('mounts every endpoint of the table once, and nothing else', () => {
    const ids = mounted().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(endpointTable.map((e) => e.id).sort());
    for (const endpoint of mounted()) expect(endpointTable).toContain(endpoint);
  });

  it('answers every endpoint × every caller as its audience says', async () => {
    const failures: string[] = [];
    for (const endpoint of endpointTable) {
      for (const caller of CALLERS) {
        const res = await send(endpoint, caller);
        const admitted = ADMITTED[endpoint.audience as EndpointAudience].includes(caller);
        const label = `${endpoint.id} (${endpoint.audience}) as ${caller}: ${res.status}`;
        if (ownCredential(endpoint)) {
          // Authenticated by a credential none of the walk's callers carries (a session's refresh token, the fake
          // provider's token): refused whoever calls (logout answers 400: it ends a session, it does not need one).
          if (res.status !== 401 && res.status !== 400)
            failures.push(`${label}, expected 401 (or 400) without its own credential`);
        } else if (admitted) {
          // Past the guard: whatever the handler says of the dummy input, it is not an authentication refusal.
          if (res.status === 401 || res.status === 403) failures.push(`${label}, expected to be admitted`);
        } else {
          const expected = refusal(endpoint.audience as EndpointAudience, caller);
          if (res.status !== expected) failures.push(`${label}, expected ${expected}`);
          else if (res.body?.error?.message === undefined) failures.push(`${label} without an error message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an expired token of the right audience with 401', async () => {
    t.clock.advance(901 * 1000);
    try {
      for (const endpoint of endpointTable) {
        const audience = endpoint.audience as EndpointAudience;
        // Keys do not expire: only session tokens are probed here.
        const caller = ADMITTED[audience].find((c) => c !== 'apiKey' && c !== 'none' && c !== 'catalogueKey');
        if (!caller || audience === 'anonymous' || audience === 'shopper' || audience === 'sandbox') continue;
        expect((await send(endpoint, caller)).status, endpoint.id).toBe(401);
      }
    } finally {
      await login();
    }
  });

  it('refuses a token signed with another secret', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setAudience('admin')
      .setIssuer('drip')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const endpoint = endpointTable.find((e) => e.audience === 'admin');
    if (!endpoint) throw new Error('no admin endpoint');
    const res = await t.request(
      endpoint.method,
      fillPath(endpoint.path, { merchantId: 'x' }),
      undefined,
      bearer(forged),
    );
    expect(res.status).toBe(401);
  });
});

describe("another tenant's resources", () => {
  /**
   * Every endpoint that names a tenant's resource in its path, with the id of one that belongs to another tenant
   * (João's order for Maria, Casa Pitanga's checkout for Loja Aurora). A new tenant endpoint must be added here.
   */
  async function probes(): Promise<
    Record<string, { caller: Caller; params: Record<string, string>; body?: unknown }>
  > {
    const order = await createOrder(t, { cpf: JOAO_CPF });
    const joao = bearer((await loginCustomer(t, JOAO_CPF)).token);
    const details = await t.request(
      'GET',
      fillPath(endpointById('customer.order').path, { id: order.id }),
      undefined,
      joao,
    );
    const instalmentId: string = details.body.instalments[0].id;
    const unique = await t.request(
      'POST',
      fillPath(endpointById('customer.uniquePayment').path, { id: order.id }),
      undefined,
      joao,
    );
    expect(unique.status).toBe(201);
    const pitangaCheckout = await createCheckout(t, await apiKeyOf(t, 'Casa Pitanga'));
    const pitangaOrder = await createOrder(t, { merchant: 'Casa Pitanga' });
    const [pitangaProduct] = await t.database.db
      .select({ id: orderProducts.id })
      .from(orderProducts)
      .where(eq(orderProducts.orderId, pitangaOrder.id));
    const pitanga = bearer((await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234')).token);
    const webhook = await pitangaWebhookWithDelivery(pitanga);
    return {
      'customer.order': { caller: 'customer', params: { id: order.id } },
      'customer.payInstalment': { caller: 'customer', params: { id: order.id } },
      'customer.uniquePayment': { caller: 'customer', params: { id: order.id } },
      'customer.uniquePaymentStatus': { caller: 'customer', params: { id: unique.body.id } },
      'customer.instalment': { caller: 'customer', params: { id: instalmentId } },
      'merchant.revokeCheckout': { caller: 'merchantAdmin', params: { id: pitangaCheckout } },
      'merchant.checkoutDetails': { caller: 'merchantRead', params: { id: pitangaCheckout } },
      'merchantApi.getCheckout': { caller: 'apiKey', params: { id: pitangaCheckout } },
      'merchant.order': { caller: 'merchantRead', params: { id: pitangaOrder.id } },
      'merchant.refundOrder': { caller: 'merchantAdmin', params: { id: pitangaOrder.id } },
      'merchant.refundOrderPartially': {
        caller: 'merchantAdmin',
        params: { id: pitangaOrder.id },
        body: { amount: 10 },
      },
      'merchant.refundProducts': {
        caller: 'merchantAdmin',
        params: { id: pitangaOrder.id },
        body: { productIds: [pitangaProduct?.id] },
      },
      'merchant.deleteWebhook': { caller: 'merchantAdmin', params: { id: webhook.id } },
      'merchant.webhookDeliveries': { caller: 'merchantRead', params: { id: webhook.id } },
      'merchant.replayWebhookDelivery': { caller: 'merchantAdmin', params: webhook },
    };
  }

  /** A webhook endpoint of Casa Pitanga with one delivery in its log. */
  async function pitangaWebhookWithDelivery(pitanga: Record<string, string>) {
    const created = await t.request(
      'POST',
      endpointById('merchant.createWebhook').path,
      { url: 'https://pitanga.example/hooks', events: ['ORDER_CREATED'] },
      pitanga,
    );
    expect(created.status).toBe(201);
    const merchant = await t.request('GET', endpointById('merchant.getMerchant').path, undefined, pitanga);
    await t.built.services.webhooks.publish(t.database.db, merchant.body.id, 'ORDER_CREATED', {
      orderId: 'x',
    });
    const log = await t.request(
      'GET',
      fillPath(endpointById('merchant.webhookDeliveries').path, { id: created.body.id }),
      undefined,
      pitanga,
    );
    expect(log.body.content).toHaveLength(1);
    return { id: created.body.id as string, deliveryId: log.body.content[0].id as string };
  }

  const endpointById = (id: string) => {
    const found = endpointTable.find((e) => e.id === id);
    if (!found) throw new Error(`no endpoint ${id}`);
    return found;
  };

  it('answers 404 to every tenant endpoint asked for another tenant’s resource', async () => {
    const table = await probes();
    const tenantAudiences: EndpointAudience[] = [
      'customer',
      'merchantRead',
      'merchantAdmin',
      'merchantApiKey',
    ];
    // The plugin sign-up's path names a platform, not a resource; a code another merchant used is refused like an
    // unknown one (test/plugins/nuvemshop.test.ts).
    const notResources = ['merchant.pluginSignUp'];
    const tenantEndpoints = endpointTable.filter(
      (e) =>
        tenantAudiences.includes(e.audience as EndpointAudience) &&
        pathParams(e.path).length > 0 &&
        !notResources.includes(e.id),
    );
    // No tenant endpoint ships without its probe.
    expect(tenantEndpoints.map((e) => e.id).sort()).toEqual(Object.keys(table).sort());
    for (const endpoint of tenantEndpoints) {
      const probe = table[endpoint.id];
      if (!probe) continue;
      const res = await send(endpoint, probe.caller, probe.params, probe.body);
      expect(res.status, `${endpoint.id} for another tenant`).toBe(404);
    }
  });

  it("lists no row of another tenant: Loja Aurora's orders list never carries Casa Pitanga's order", async () => {
    const pitangaOrder = await createOrder(t, { merchant: 'Casa Pitanga' });
    const list = endpointById('merchant.orders');
    const ids: string[] = [];
    for (let page = 0; ; page++) {
      const res = await t.request(
        'GET',
        `${list.path}?page=${page}&size=100`,
        undefined,
        headers.merchantRead,
      );
      expect(res.status).toBe(200);
      ids.push(...res.body.content.map((o: { id: string }) => o.id));
      if (page + 1 >= res.body.totalPages) break;
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(pitangaOrder.id);
  });
});
