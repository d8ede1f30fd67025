/**
 * Drip's calls to Nuvemshop, to the published protocol (TiendaNube/api-docs: resources/authentication.md,
 * payment_provider.md, transaction.md, order.md, store.md): the OAuth code exchange, the store, the payment provider,
 * the order and its transactions. Every API call carries `Authentication: bearer <token>` and the app's
 * `User-Agent`, as the API's README requires. Answers are parsed with the fields Drip reads, nothing more.
 */
import * as v from 'valibot';
import type { NuvemshopConfig } from '../../config.ts';
import { DomainError } from '../../errors.ts';

/** One HTTP exchange; the sandbox routes the emulator's URLs in-process (plugins/module.ts). */
export type PlatformHttp = (url: string, init: RequestInit) => Promise<Response>;

export const TIMEOUT_MS = 15_000;

/** A platform answer that was not what the protocol promises (status and a short body), retried by the queue. */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

const TokenAnswer = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.optional(v.string()),
  scope: v.optional(v.string(), ''),
  user_id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
});
export type TokenAnswer = v.InferOutput<typeof TokenAnswer>;

const StoreAnswer = v.object({ url_with_protocol: v.pipe(v.string(), v.url()) });
const IdAnswer = v.object({ id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)) });
const Money = v.object({ value: v.string(), currency: v.string() });
export const TransactionAnswer = v.object({
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  status: v.string(),
  info: v.optional(v.nullable(v.object({ external_id: v.optional(v.nullable(v.string())) }))),
  refunded_amount: v.optional(v.nullable(Money)),
});
export type TransactionAnswer = v.InferOutput<typeof TransactionAnswer>;
const OrderAnswer = v.object({
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  /** order.md: open, closed or cancelled. */
  status: v.optional(v.string(), 'open'),
  total: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  currency: v.optional(v.string(), 'BRL'),
  products: v.optional(
    v.array(
      v.object({
        name: v.string(),
        price: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
        quantity: v.pipe(v.union([v.string(), v.number()]), v.transform(Number)),
      }),
    ),
    [],
  ),
});
export type OrderAnswer = v.InferOutput<typeof OrderAnswer>;

export interface TransactionEvent {
  type: 'sale' | 'expiration' | 'refund';
  status: 'pending' | 'success';
  happened_at: string;
  amount?: { value: string; currency: 'BRL' };
  info?: { message: string };
}

export class NuvemshopClient {
  constructor(
    private readonly config: NuvemshopConfig,
    private readonly http: PlatformHttp,
  ) {}

  /** authentication.md step 4: `client_id, client_secret, grant_type=authorization_code, code` form-encoded. */
  async exchangeCode(code: string): Promise<TokenAnswer | null> {
    const body = new URLSearchParams({
      client_id: this.config.appId,
      client_secret: this.config.clientSecret,
      grant_type: 'authorization_code',
      code,
    });
    const response = await this.send(`${this.config.authUrl}/apps/authorize/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': this.config.userAgent },
      body: body.toString(),
    });
    const json = await response.json().catch(() => null);
    // The platform answers an unknown or used code with an `error` body (and 4xx); a 5xx is the platform's fault.
    if (response.status >= 500) throw unavailable();
    const parsed = v.safeParse(TokenAnswer, json);
    return response.ok && parsed.success ? parsed.output : null;
  }

  async store(storeId: string, token: string): Promise<{ url: string }> {
    const json = await this.api(storeId, token, 'GET', '/store');
    return { url: v.parse(StoreAnswer, json).url_with_protocol.replace(/\/+$/, '') };
  }

  /** webhook.md `POST /webhooks`: the app is told of `event` at `url`. */
  async createWebhook(storeId: string, token: string, event: string, url: string): Promise<void> {
    await this.api(storeId, token, 'POST', '/webhooks', { event, url });
  }

  /** payment_provider.md `POST /payment_providers`: the provider's id. */
  async createPaymentProvider(storeId: string, token: string, provider: object): Promise<string> {
    return v.parse(IdAnswer, await this.api(storeId, token, 'POST', '/payment_providers', provider)).id;
  }

  async order(storeId: string, token: string, orderId: string): Promise<OrderAnswer | null> {
    try {
      return v.parse(
        OrderAnswer,
        await this.api(storeId, token, 'GET', `/orders/${encodeURIComponent(orderId)}`),
      );
    } catch (err) {
      if (err instanceof PlatformError && err.status === 404) return null;
      throw err;
    }
  }

  async transactions(storeId: string, token: string, orderId: string): Promise<TransactionAnswer[]> {
    const json = await this.api(storeId, token, 'GET', `/orders/${encodeURIComponent(orderId)}/transactions`);
    return v.parse(v.array(TransactionAnswer), json);
  }

  async createTransaction(
    storeId: string,
    token: string,
    orderId: string,
    body: object,
  ): Promise<TransactionAnswer> {
    const json = await this.api(
      storeId,
      token,
      'POST',
      `/orders/${encodeURIComponent(orderId)}/transactions`,
      body,
    );
    return v.parse(TransactionAnswer, json);
  }

  async addEvent(
    storeId: string,
    token: string,
    orderId: string,
    transactionId: string,
    event: TransactionEvent,
  ): Promise<void> {
    await this.api(
      storeId,
      token,
      'POST',
      `/orders/${encodeURIComponent(orderId)}/transactions/${encodeURIComponent(transactionId)}/events`,
      event,
    );
  }

  private async api(
    storeId: string,
    token: string,
    method: string,
    path: string,
    body?: object,
  ): Promise<unknown> {
    const response = await this.send(`${this.config.apiUrl}/${encodeURIComponent(storeId)}${path}`, {
      method,
      headers: {
        Authentication: `bearer ${token}`,
        'user-agent': this.config.userAgent,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok)
      throw new PlatformError(
        response.status,
        `Nuvemshop ${method} ${path}: ${response.status} ${text.slice(0, 200)}`,
      );
    return text === '' ? null : JSON.parse(text);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.http(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new PlatformError(
        0,
        `Nuvemshop ${init.method} ${new URL(url).pathname}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}

const unavailable = () =>
  new DomainError(
    'unavailable',
    'PLATFORM_UNAVAILABLE',
    'A Nuvemshop não respondeu. Tente de novo em instantes.',
  );
