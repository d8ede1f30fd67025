/**
 * The sandbox's Nuvemshop (docs/nuvemshop.md "Emulator"): a few stores that install Drip's payment app through the
 * platform's OAuth flow (authentication.md: single-use codes, a new token invalidates the old one), keep the
 * payment provider Drip registers (payment_provider.md), sell through a checkout that loads the provider's
 * `checkout_js_url` and runs its redirect option (checkout.md), and receive the order's transactions with the
 * transitions transaction.md allows for a `pix` payment method. Its state is kept in memory and saved after every
 * change as one document of the sandbox's emulator state, taken back at start (docs/sandbox-emulators.md), so that a
 * restart forgets no installation Drip's database remembers. Only mounted in the sandbox.
 */
import { createHmac, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { DomainError } from '../../errors.ts';
import type { EmulatorPersistence } from '../sandbox/emulator-state.ts';

export const EMULATOR_PATH = '/sandbox/nuvemshop';
/** The emulator's document in the sandbox's emulator state (sandbox/emulator-state.ts). */
const STATE_NAME = 'nuvemshop';
/** The sandbox app's credentials: public on purpose, like the demo passwords. */
export const SANDBOX_APP = { appId: '4242', clientSecret: 'sandbox-nuvemshop-secret' } as const;

interface Money {
  value: string;
  currency: string;
}
interface EmuEvent {
  id: string;
  type: string;
  status: string;
  amount: Money | null;
  happened_at: string;
  created_at: string;
}
interface EmuTransaction {
  id: string;
  payment_provider_id: string;
  payment_method: { type: string; id?: string };
  info: Record<string, unknown>;
  status: string;
  events: EmuEvent[];
  captured_amount: Money;
  refunded_amount: Money;
  authorized_amount: Money | null;
  voided_amount: Money | null;
  created_at: string;
}
interface EmuOrder {
  id: string;
  /** order.md: open, closed or cancelled. */
  status: 'open' | 'closed' | 'cancelled';
  total: string;
  currency: string;
  products: { name: string; price: string; quantity: number }[];
  created_at: string;
  transactions: EmuTransaction[];
}
interface EmuStore {
  id: string;
  name: string;
  token: string | null;
  providers: Map<string, Record<string, unknown>>;
  orders: Map<string, EmuOrder>;
  /** webhook.md: the app's webhooks, event → URL (registered with `POST /webhooks`, dropped on uninstall). */
  webhooks: Map<string, string>;
}

/** The emulator's state as saved (Maps as entry lists). */
interface Snapshot {
  version: 1;
  nextStore: number;
  nextOrder: number;
  byMerchant: [string, string][];
  codes: [string, { storeId: string; used: boolean }][];
  stores: (Omit<EmuStore, 'providers' | 'orders' | 'webhooks'> & {
    providers: [string, Record<string, unknown>][];
    orders: [string, EmuOrder][];
    webhooks: [string, string][];
  })[];
  deliveries: (WebhookDelivery & { storeId: string })[];
}

/** What a webhook delivery got back, shown on the admin page (and returned to tests). */
export interface WebhookDelivery {
  event: string;
  url: string;
  status: number | null;
  error?: string;
}

/** webhook.md "Verifying a webhook": HMAC-SHA256 of the raw body with the app's secret, hex. */
export function signWebhook(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const PRODUCTS = [
  { name: 'Tênis Corrida Leve', price: '349.90' },
  { name: 'Mochila Urbana 20 L', price: '189.00' },
  { name: 'Garrafa Térmica 750 ml', price: '89.90' },
];

/** Transaction statuses after a successful event (transaction.md "Transaction Status Workflow", pix). */
const PIX_EVENTS = ['sale', 'expiration', 'refund'] as const;

const cents = (value: string): number => Math.round(Number(value) * 100);
const reais = (c: number): string => (c / 100).toFixed(2);

const MoneyBody = v.object({ value: v.string(), currency: v.optional(v.string(), 'BRL') });
const EventBody = v.object({
  type: v.picklist(PIX_EVENTS),
  status: v.picklist(['pending', 'success', 'failure', 'error']),
  amount: v.optional(MoneyBody),
  happened_at: v.optional(v.string()),
});
const TransactionBody = v.object({
  payment_provider_id: v.string(),
  payment_method: v.object({ type: v.string(), id: v.optional(v.string()) }),
  info: v.optional(v.record(v.string(), v.unknown())),
  first_event: v.object({ ...EventBody.entries, amount: MoneyBody }),
});

export class NuvemshopEmulator {
  private readonly stores = new Map<string, EmuStore>();
  private readonly codes = new Map<string, { storeId: string; used: boolean }>();
  private readonly byMerchant = new Map<string, string>();
  private nextStore = 100_001;
  private nextOrder = 5_000_001;
  /** The next N transaction calls answer 503 (a platform outage, to watch Drip retry). */
  private failNext = 0;
  /** Every webhook sent, newest last (the admin page shows a store's). */
  readonly deliveries: (WebhookDelivery & { storeId: string })[] = [];
  /** How the platform's webhooks reach the app (module.ts: Drip's own URLs in-process, others over HTTP). */
  private send: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

  constructor(
    private readonly o: {
      publicUrl: string;
      appId: string;
      clientSecret: string;
      now: () => Date;
      /** The LGPD webhooks' URLs, as the app's Partners Portal page sets them (not registered through the API). */
      lgpdUrl: (request: 'store_redact' | 'customers_redact' | 'customers_data_request') => string;
    },
  ) {}

  connectWebhooks(send: (url: string, init: RequestInit) => Promise<Response>): void {
    this.send = send;
  }

  // ---------------------------------------------------------------- kept across restarts

  private persistence: EmulatorPersistence | null = null;

  /**
   * Takes back the state a previous run of the sandbox saved, then saves it after every change: the stores that
   * installed Drip keep their tokens, providers, webhooks and orders, as Drip's database keeps its side.
   */
  async persistWith(persistence: EmulatorPersistence): Promise<void> {
    const saved = (await persistence.load(STATE_NAME)) as Snapshot | null;
    if (saved?.version === 1) this.restore(saved);
    this.persistence = persistence;
  }

  private changed(): void {
    this.persistence?.save(STATE_NAME, this.snapshot());
  }

  snapshot(): Snapshot {
    return {
      version: 1,
      nextStore: this.nextStore,
      nextOrder: this.nextOrder,
      byMerchant: [...this.byMerchant],
      codes: [...this.codes],
      stores: [...this.stores.values()].map((s) => ({
        ...s,
        providers: [...s.providers],
        orders: [...s.orders],
        webhooks: [...s.webhooks],
      })),
      deliveries: this.deliveries.slice(-50),
    };
  }

  private restore(saved: Snapshot): void {
    this.nextStore = saved.nextStore;
    this.nextOrder = saved.nextOrder;
    this.byMerchant.clear();
    for (const [k, v] of saved.byMerchant) this.byMerchant.set(k, v);
    this.codes.clear();
    for (const [k, v] of saved.codes) this.codes.set(k, v);
    this.stores.clear();
    for (const s of saved.stores)
      this.stores.set(s.id, {
        ...s,
        providers: new Map(s.providers),
        orders: new Map(s.orders),
        webhooks: new Map(s.webhooks),
      });
    this.deliveries.splice(0, this.deliveries.length, ...saved.deliveries);
  }

  storeUrl(storeId: string): string {
    return `${this.o.publicUrl}${EMULATOR_PATH}/stores/${storeId}`;
  }

  /** The demo merchant's store (created on first use): the one a newcomer installs Drip on. */
  storeFor(merchantId: string, name: string): string {
    const existing = this.byMerchant.get(merchantId);
    if (existing) return existing;
    const storeId = this.createStore(name);
    this.byMerchant.set(merchantId, storeId);
    return storeId;
  }

  createStore(name: string): string {
    const storeId = String(this.nextStore++);
    this.stores.set(storeId, {
      id: storeId,
      name,
      token: null,
      providers: new Map(),
      orders: new Map(),
      webhooks: new Map(),
    });
    this.changed();
    return storeId;
  }

  /** An installation code not used yet for the store (a new one once the last was used). */
  installationCode(storeId: string): string {
    for (const [code, c] of this.codes) if (c.storeId === storeId && !c.used) return code;
    return this.issueCode(storeId);
  }

  /** authentication.md steps 1–3: the merchant authorises the app; the platform hands its code to the app. */
  issueCode(storeId: string): string {
    this.store(storeId);
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { storeId, used: false });
    this.changed();
    return code;
  }

  redirectUrl(code: string, state?: string): string {
    const url = new URL(`${this.o.publicUrl}/parceira/plugin_sign_up/nuvemshop`);
    url.searchParams.set('code', code);
    if (state) url.searchParams.set('state', state);
    return url.toString();
  }

  /**
   * authentication.md step 4. Refusals in Drip's error shape (the app only tells success from refusal), with the
   * OAuth error code (RFC 6749 5.2) as the code.
   */
  token(form: { client_id: string; client_secret: string; grant_type: string; code: string }): object {
    if (form.client_id !== this.o.appId || form.client_secret !== this.o.clientSecret)
      throw new DomainError('invalid', 'invalid_client', 'Invalid client credentials');
    if (form.grant_type !== 'authorization_code')
      throw new DomainError('invalid', 'unsupported_grant_type', 'Only authorization_code is supported');
    const entry = this.codes.get(form.code);
    if (!entry || entry.used)
      throw new DomainError('invalid', 'invalid_grant', 'The authorization code is invalid or was used');
    entry.used = true;
    const store = this.store(entry.storeId);
    // "Our access tokens don't expire. They become invalid only after you get a new one."
    store.token = randomBytes(20).toString('hex');
    this.changed();
    return {
      access_token: store.token,
      token_type: 'bearer',
      scope: 'write_orders,write_payments',
      user_id: store.id,
    };
  }

  failTransactionCalls(count: number): void {
    this.failNext = Math.max(0, Math.min(1000, Math.trunc(count)));
  }

  // ---------------------------------------------------------------- the API (Authentication: bearer <token>)

  authorise(storeId: string, header: string | undefined): EmuStore {
    const store = this.stores.get(storeId);
    const token = /^bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1];
    if (!store || !token || store.token !== token)
      throw new DomainError('unauthenticated', 'NUVEMSHOP_UNAUTHORIZED', 'Token de acesso inválido');
    return store;
  }

  storeInfo(store: EmuStore): object {
    return {
      id: Number(store.id),
      name: { pt: store.name },
      url_with_protocol: this.storeUrl(store.id),
      country: 'BR',
    };
  }

  createProvider(store: EmuStore, body: unknown): { id: string } {
    const p = body as Record<string, unknown> | null;
    const options = Array.isArray(p?.checkout_payment_options) ? p.checkout_payment_options : [];
    if (!p || typeof p.name !== 'string' || typeof p.checkout_js_url !== 'string' || options.length === 0)
      throw new DomainError(
        'invalid',
        'NUVEMSHOP_INVALID_PROVIDER',
        'name, checkout_js_url and checkout_payment_options are required',
      );
    const providerId = crypto.randomUUID();
    store.providers.set(providerId, {
      ...p,
      id: providerId,
      store_id: Number(store.id),
      app_id: this.o.appId,
    });
    this.changed();
    return { id: providerId };
  }

  /** webhook.md `POST /webhooks`: one URL per event (a second registration of the event replaces it). */
  registerWebhook(store: EmuStore, body: unknown): object {
    const b = body as { event?: unknown; url?: unknown } | null;
    const events = ['app/uninstalled', 'order/cancelled', 'order/paid', 'order/created', 'order/updated'];
    if (!b || typeof b.event !== 'string' || !events.includes(b.event) || typeof b.url !== 'string')
      throw new DomainError('invalid', 'NUVEMSHOP_INVALID_WEBHOOK', 'Invalid event or url specified');
    try {
      new URL(b.url);
    } catch {
      throw new DomainError('invalid', 'NUVEMSHOP_INVALID_WEBHOOK', 'invalid url specified');
    }
    store.webhooks.set(b.event, b.url);
    this.changed();
    const at = this.o.now().toISOString();
    return { id: store.webhooks.size, event: b.event, url: b.url, created_at: at, updated_at: at };
  }

  /** Sends one signed webhook and records what the app answered (the platform retries; the emulator does not). */
  private async deliver(
    storeId: string,
    event: string,
    url: string,
    payload: object,
  ): Promise<WebhookDelivery> {
    const body = JSON.stringify(payload);
    let delivery: WebhookDelivery;
    try {
      const res = await this.send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-linkedstore-hmac-sha256': signWebhook(this.o.clientSecret, body),
        },
        body,
        signal: AbortSignal.timeout(40_000),
      });
      delivery = { event, url, status: res.status };
    } catch (err) {
      delivery = { event, url, status: null, error: err instanceof Error ? err.message : String(err) };
    }
    this.deliveries.push({ ...delivery, storeId });
    this.changed();
    return delivery;
  }

  /** The store's merchant cancels an order in the admin (order.md `POST /orders/{id}/cancel`): order/cancelled. */
  async cancelOrder(storeId: string, orderId: string): Promise<WebhookDelivery | null> {
    const store = this.store(storeId);
    const order = this.order(store, orderId);
    order.status = 'cancelled';
    this.changed();
    const url = store.webhooks.get('order/cancelled');
    if (!url) return null;
    return this.deliver(storeId, 'order/cancelled', url, {
      store_id: Number(store.id),
      event: 'order/cancelled',
      id: Number(order.id),
    });
  }

  /**
   * The store's merchant uninstalls the app: its token stops working, its payment options leave the checkout, and
   * app/uninstalled is sent before the app's webhooks are dropped.
   */
  async uninstall(storeId: string): Promise<WebhookDelivery | null> {
    const store = this.store(storeId);
    store.token = null;
    store.providers.clear();
    const url = store.webhooks.get('app/uninstalled');
    store.webhooks.clear();
    this.changed();
    if (!url) return null;
    return this.deliver(storeId, 'app/uninstalled', url, {
      store_id: Number(store.id),
      event: 'app/uninstalled',
      id: Number(this.o.appId),
    });
  }

  /** The LGPD store/redact (sent 48 h after an uninstall, or when the merchant asks in the admin). */
  async storeRedact(storeId: string): Promise<WebhookDelivery> {
    const store = this.store(storeId);
    return this.deliver(storeId, 'store/redact', this.o.lgpdUrl('store_redact'), {
      store_id: Number(store.id),
    });
  }

  /** The emulated admin's buttons (form posts). */
  async adminAction(storeId: string, form: { action: string; orderId?: string }) {
    if (form.action === 'cancel-order' && form.orderId) return this.cancelOrder(storeId, form.orderId);
    if (form.action === 'uninstall') return this.uninstall(storeId);
    if (form.action === 'store-redact') return this.storeRedact(storeId);
    throw new DomainError('invalid', 'NUVEMSHOP_UNKNOWN_ACTION', 'Ação desconhecida');
  }

  order(store: EmuStore, orderId: string): EmuOrder {
    const order = store.orders.get(orderId);
    if (!order) throw new DomainError('not_found', 'NUVEMSHOP_ORDER_NOT_FOUND', 'Order not found');
    return order;
  }

  createTransaction(store: EmuStore, orderId: string, body: unknown): EmuTransaction {
    this.maybeFail();
    const order = this.order(store, orderId);
    const parsed = v.safeParse(TransactionBody, body);
    if (!parsed.success)
      throw new DomainError(
        'invalid',
        'NUVEMSHOP_INVALID',
        'payment_provider_id, payment_method.type and first_event (type, status, amount) are required',
      );
    const b = parsed.output;
    if (!store.providers.has(b.payment_provider_id))
      throw new DomainError(
        'invalid',
        'NUVEMSHOP_INVALID',
        'payment_provider_id must be a provider of this store',
      );
    const zero = { value: '0.00', currency: order.currency };
    const tx: EmuTransaction = {
      id: crypto.randomUUID(),
      payment_provider_id: b.payment_provider_id,
      payment_method: b.payment_method,
      info: b.info ?? {},
      status: 'pending',
      events: [],
      captured_amount: zero,
      refunded_amount: zero,
      authorized_amount: null,
      voided_amount: null,
      created_at: this.o.now().toISOString(),
    };
    this.apply(tx, b.first_event);
    order.transactions.push(tx);
    this.changed();
    return tx;
  }

  addEvent(store: EmuStore, orderId: string, transactionId: string, body: unknown): EmuEvent {
    this.maybeFail();
    const tx = this.order(store, orderId).transactions.find((t) => t.id === transactionId);
    if (!tx) throw new DomainError('not_found', 'NUVEMSHOP_TRANSACTION_NOT_FOUND', 'Transaction not found');
    const event = this.apply(tx, body);
    this.changed();
    return event;
  }

  /** transaction.md: the pix FSM (sale pending → paid, expiration, refunds up to what was captured). */
  private apply(tx: EmuTransaction, body: unknown): EmuEvent {
    const parsed = v.safeParse(EventBody, body);
    if (!parsed.success)
      throw new DomainError(
        'invalid',
        'NUVEMSHOP_INVALID_EVENT',
        'Unknown event type or status for a pix transaction',
      );
    const e = parsed.output;
    const amount: Money | null = e.amount ? { value: e.amount.value, currency: e.amount.currency } : null;
    const refuse = () => {
      throw new DomainError(
        'unprocessable',
        'NUVEMSHOP_TRANSITION',
        `Event ${e.type}/${e.status} not allowed on a ${tx.status} transaction`,
      );
    };
    if (e.status === 'success') {
      if (e.type === 'sale') {
        if (tx.status !== 'pending') refuse();
        tx.status = 'paid';
        tx.captured_amount = amount ?? tx.events[0]?.amount ?? tx.captured_amount;
      } else if (e.type === 'expiration') {
        if (tx.status !== 'pending') refuse();
        tx.status = 'expired';
      } else {
        if (tx.status !== 'paid' && tx.status !== 'partially_refunded') refuse();
        const refunded = cents(tx.refunded_amount.value) + cents(amount?.value ?? tx.captured_amount.value);
        if (refunded > cents(tx.captured_amount.value)) refuse();
        tx.refunded_amount = { value: reais(refunded), currency: tx.captured_amount.currency };
        tx.status = refunded >= cents(tx.captured_amount.value) ? 'refunded' : 'partially_refunded';
      }
    } else if (e.type === 'sale' && e.status === 'pending' && tx.events.length > 0) refuse();
    const event: EmuEvent = {
      id: crypto.randomUUID(),
      type: e.type,
      status: e.status,
      amount,
      happened_at: String(e.happened_at ?? this.o.now().toISOString()),
      created_at: this.o.now().toISOString(),
    };
    tx.events.push(event);
    return event;
  }

  private maybeFail(): void {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new DomainError('unavailable', 'NUVEMSHOP_UNAVAILABLE', 'Service temporarily unavailable');
    }
  }

  // ---------------------------------------------------------------- the storefront

  buy(storeId: string, productIndex: number, quantity: number): string {
    const store = this.store(storeId);
    const product = PRODUCTS[productIndex] ?? PRODUCTS[0];
    if (!product) throw new Error('no products');
    const q = Math.max(1, Math.min(10, Math.trunc(quantity) || 1));
    const orderId = String(this.nextOrder++);
    store.orders.set(orderId, {
      id: orderId,
      status: 'open',
      total: reais(cents(product.price) * q),
      currency: 'BRL',
      products: [{ name: product.name, price: product.price, quantity: q }],
      created_at: this.o.now().toISOString(),
      transactions: [],
    });
    this.changed();
    return orderId;
  }

  store(storeId: string): EmuStore {
    const store = this.stores.get(storeId);
    if (!store)
      throw new DomainError('not_found', 'NUVEMSHOP_STORE_NOT_FOUND', 'Loja inexistente no emulador');
    return store;
  }

  storePage(storeId: string, highlight?: string): string {
    const store = this.store(storeId);
    const base = this.storeUrl(storeId);
    const installed = store.providers.size > 0;
    const products = PRODUCTS.map(
      (p, i) => `<form class="card" method="post" action="${base}/orders">
  <h3>${esc(p.name)}</h3><p class="price">R$ ${esc(p.price.replace('.', ','))}</p>
  <input type="hidden" name="product" value="${i}"><input type="hidden" name="quantity" value="1">
  <button type="submit" data-testid="buy-${i}">Comprar</button></form>`,
    ).join('\n');
    return page(
      `${store.name} (Nuvemshop emulada)`,
      `<p class="muted">Loja ${esc(store.id)} · <a href="${base}/admin">Painel da loja</a>${
        installed
          ? ' · app Drip instalado'
          : ` · <a href="${EMULATOR_PATH}/apps/${esc(this.o.appId)}/authorize?store=${esc(store.id)}">Instalar o app Drip</a>`
      }</p>
<section class="grid">${products}</section>
<h2>Pedidos</h2>${this.ordersTable(store, highlight)}`,
    );
  }

  adminPage(storeId: string): string {
    const store = this.store(storeId);
    const providers = [...store.providers.values()]
      .map(
        (p) =>
          `<li data-testid="provider"><strong>${esc(String(p.name))}</strong> — ${esc(String(p.description ?? ''))}<br><span class="muted">opções: ${esc(
            ((p.checkout_payment_options as { name: string; integration_type: string }[]) ?? [])
              .map((o) => `${o.name} (${o.integration_type})`)
              .join(', '),
          )}</span></li>`,
      )
      .join('');
    const actions = `${this.storeUrl(storeId)}/admin/actions`;
    const button = (action: string, label: string, testid: string) =>
      `<form method="post" action="${actions}" style="display:inline"><input type="hidden" name="action" value="${action}"><button type="submit" data-testid="${testid}">${label}</button></form>`;
    const sent = this.deliveries
      .filter((d) => d.storeId === storeId)
      .slice(-10)
      .reverse()
      .map(
        (d) =>
          `<li data-testid="webhook">${esc(d.event)} → ${esc(d.url)}: ${esc(d.status === null ? `falhou (${d.error ?? ''})` : String(d.status))}</li>`,
      )
      .join('');
    return page(
      `Painel da ${store.name}`,
      `<p><a href="${this.storeUrl(storeId)}">Ver a loja</a></p>
<h2>Meios de pagamento</h2>${providers ? `<ul>${providers}</ul>${button('uninstall', 'Desinstalar o app Drip', 'uninstall')}` : '<p class="muted">Nenhum app de pagamento instalado.</p>'}
<h2>Pedidos</h2>${this.ordersTable(store, undefined, actions)}
<h2>Privacidade (LGPD)</h2>${button('store-redact', 'Pedir a exclusão dos dados da loja', 'store-redact')}
<h2>Webhooks enviados</h2>${sent ? `<ul>${sent}</ul>` : '<p class="muted">Nenhum webhook enviado.</p>'}`,
    );
  }

  checkoutPage(storeId: string, orderId: string): string {
    const store = this.store(storeId);
    const order = this.order(store, orderId);
    const provider = [...store.providers.values()].at(-1);
    const base = this.storeUrl(storeId);
    const data = {
      storeId: Number(store.id),
      storeUrl: base,
      country: 'BR',
      totalPrice: Number(order.total),
      callbackUrls: {
        success: `${base}?order=${order.id}`,
        failure: `${base}?order=${order.id}&failed=1`,
        cancel: `${base}?order=${order.id}&canceled=1`,
      },
      order: {
        cart: { id: Number(order.id), currency: order.currency, prices: { total: Number(order.total) } },
      },
    };
    // checkout.md: the platform defines LoadCheckoutPaymentContext, Checkout.getData, Checkout.http and
    // PaymentOptions before it loads the provider's script; each option added becomes a button here.
    const runtime = `
const DATA = ${JSON.stringify(data).replace(/</g, '\\u003c')};
const get = (path) => path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), DATA);
const options = [];
window.LoadCheckoutPaymentContext = (fn) => fn({
  getData: get,
  addPaymentOption: (o) => { options.push(o); render(); },
  http: { post: (url, cfg) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cfg.data) })
    .then(async (r) => ({ data: await r.json() })) },
}, { ExternalPayment: (o) => ({ ...o, integration: 'redirect' }) });
function render() {
  const list = document.getElementById('options');
  list.innerHTML = '';
  for (const o of options) {
    const b = document.createElement('button');
    b.textContent = 'Pagar com ' + (${JSON.stringify(String(provider?.public_name ?? provider?.name ?? ''))} || o.id);
    b.dataset.testid = 'pay-' + o.id;
    b.onclick = () => { b.disabled = true; o.onSubmit((r) => {
      if (r.success && r.redirect) window.location.assign(r.redirect);
      else { b.disabled = false; document.getElementById('error').textContent = 'Pagamento recusado: ' + (r.error_code || 'erro'); }
    }); };
    list.appendChild(b);
  }
}`;
    return page(
      `Checkout · ${store.name}`,
      `<p>Pedido ${esc(order.id)} · ${order.products.map((p) => `${p.quantity}× ${esc(p.name)}`).join(', ')}</p>
<p class="price">Total: R$ ${esc(order.total.replace('.', ','))}</p>
<h2>Forma de pagamento</h2>
<div id="options">${provider ? '<p class="muted">Carregando…</p>' : '<p class="muted">Nenhum meio de pagamento instalado.</p>'}</div>
<p id="error" role="alert"></p>
<script>${runtime}</script>
${provider ? `<script src="${esc(String(provider.checkout_js_url))}"></script>` : ''}`,
    );
  }

  /** The store's orders with the status of their transactions (what the merchant sees on the platform). */
  private ordersTable(store: EmuStore, highlight?: string, actions?: string): string {
    const rows = [...store.orders.values()]
      .reverse()
      .map((o) => {
        const t = o.transactions.at(-1);
        // The admin cancels an order (order.md): the platform then sends order/cancelled to the app.
        const cancel = actions
          ? `<td>${
              o.status === 'cancelled'
                ? 'cancelado'
                : `<form method="post" action="${actions}"><input type="hidden" name="action" value="cancel-order"><input type="hidden" name="orderId" value="${esc(o.id)}"><button type="submit" data-testid="cancel-${esc(o.id)}">Cancelar pedido</button></form>`
            }</td>`
          : '';
        return `<tr${o.id === highlight ? ' class="hl"' : ''} data-testid="order-${esc(o.id)}"><td>${esc(o.id)}</td><td>R$ ${esc(o.total.replace('.', ','))}</td><td data-testid="order-status-${esc(o.id)}">${esc(t?.status ?? 'sem transação')}</td><td>${esc(t ? `${t.refunded_amount.value} estornado` : '')}</td>${cancel}</tr>`;
      })
      .join('');
    return rows
      ? `<table><thead><tr><th>Pedido</th><th>Total</th><th>Transação</th><th>Estornos</th>${actions ? '<th>Pedido na loja</th>' : ''}</tr></thead><tbody>${rows}</tbody></table>`
      : '<p class="muted">Nenhum pedido ainda.</p>';
  }
}

function esc(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1d1d1f}
h1{font-size:1.5rem}.muted{color:#666}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.card{border:1px solid #ddd;border-radius:12px;padding:12px}.price{font-weight:600}
button{background:#2c3e91;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:1rem;cursor:pointer;margin:4px 0}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:6px;text-align:left}tr.hl{background:#fff7d6}
#error{color:#b00020}</style></head><body><h1>${esc(title)}</h1>${body}</body></html>`;
}

/**
 * Each demo merchant's emulated Nuvemshop store and an installation code not used yet (a new one once the last was
 * used): `/sandbox/demo` and the start-up banner show them, so that a newcomer signs a merchant up at once.
 */
export function nuvemshopDemo(
  emulator: NuvemshopEmulator,
  merchants: readonly { id: string; name: string }[],
  publicUrl: string,
) {
  return merchants.map((m) => {
    const storeId = emulator.storeFor(m.id, m.name);
    const code = emulator.installationCode(storeId);
    return {
      merchantId: m.id,
      merchant: m.name,
      storeId,
      storeUrl: emulator.storeUrl(storeId),
      installationCode: code,
      signUpUrl: `${publicUrl}/parceira/plugin_sign_up/nuvemshop?code=${code}`,
    };
  });
}
