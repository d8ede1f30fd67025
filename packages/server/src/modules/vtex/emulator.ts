/**
 * The sandbox's emulated VTEX payment gateway (docs/vtex.md): what VTEX does on its side of the protocol, on one
 * machine. It places orders by calling the connector's Create Payment with the merchant's VTEX credentials, sends
 * the shopper to the `paymentUrl`, receives the connector's callback at its `callbackUrl` (signature checked), and
 * asks for cancellations, settlements and refunds, retrying while the connector answers 500 as VTEX does. It stands
 * for another company's system, not Drip's: its state is its own document in the sandbox's emulator state, kept
 * across restarts (docs/sandbox-emulators.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { VTEX_API, VTEX_HEADERS, VTEX_PAYMENT_METHOD } from '@drip/core';
import type { EmulatorPersistence } from '../sandbox/emulator-state.ts';
import type { VtexConnector } from './service.ts';

export type ConnectorCall = (path: string, init: RequestInit) => Promise<Response>;

export interface GatewayOrder {
  paymentId: string;
  transactionId: string;
  orderId: string;
  merchantId: string;
  value: number;
  /** What VTEX knows: the last status answered or called back. */
  status: string;
  paymentUrl: string | null;
  signature: string;
  callbacks: { status: string; at: string; body: unknown }[];
  operations: { action: string; status: number; attempts: number; body: unknown }[];
}

const RETRIES = 5;
/** The gateway's document in the sandbox's emulator state (sandbox/emulator-state.ts). */
const STATE_NAME = 'vtex-gateway';
const DEMO_ADDRESS = {
  country: 'BRA',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  postalCode: '01310100',
  city: 'São Paulo',
  state: 'SP',
};
const RETRY_DELAY_MS = 400;

export class VtexGateway {
  private readonly orders = new Map<string, GatewayOrder>();
  private call: ConnectorCall | null = null;

  constructor(
    private readonly o: {
      publicUrl: string;
      connector: VtexConnector;
      /** The demo merchant's id → its VTEX credentials (the demo's, public). */
      credentials: (merchantId: string) => Promise<{ appKey: string; appToken: string }>;
    },
  ) {}

  private persistence: EmulatorPersistence | null = null;

  /** Takes back the orders a previous run of the sandbox saved, then saves them after every change. */
  async persistWith(persistence: EmulatorPersistence): Promise<void> {
    const saved = (await persistence.load(STATE_NAME)) as {
      version?: number;
      orders?: GatewayOrder[];
    } | null;
    if (saved?.version === 1 && Array.isArray(saved.orders)) {
      this.orders.clear();
      for (const order of saved.orders) this.orders.set(order.paymentId, order);
    }
    this.persistence = persistence;
  }

  private changed(): void {
    this.persistence?.save(STATE_NAME, { version: 1, orders: [...this.orders.values()] });
  }

  /** How the gateway reaches the connector (the app itself; an HTTP fetch for another process). */
  connect(call: ConnectorCall): void {
    this.call = call;
  }

  private async send(merchantId: string, method: string, path: string, body?: unknown) {
    if (!this.call) throw new Error('the VTEX gateway is not connected to the connector');
    const creds = await this.o.credentials(merchantId);
    const res = await this.call(`${VTEX_API}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [VTEX_HEADERS.appKey]: creds.appKey,
        [VTEX_HEADERS.appToken]: creds.appToken,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as Record<string, unknown> | null };
  }

  /** Places an order: Create Payment (sent twice, as VTEX's retries do: the second must answer the same payment). */
  async placeOrder(input: { merchantId: string; value: number; buyerDocument?: string | undefined }) {
    const paymentId = randomUUID().replaceAll('-', '').toUpperCase();
    const transactionId = randomUUID().replaceAll('-', '').toUpperCase();
    const orderId = String(Date.now());
    const signature = randomBytes(16).toString('hex');
    const order: GatewayOrder = {
      paymentId,
      transactionId,
      orderId,
      merchantId: input.merchantId,
      value: input.value,
      status: 'new',
      paymentUrl: null,
      signature,
      callbacks: [],
      operations: [],
    };
    this.orders.set(paymentId, order);
    this.changed();
    const body = {
      reference: orderId.slice(-6),
      orderId,
      shopperInteraction: 'ecommerce',
      transactionId,
      paymentId,
      paymentMethod: VTEX_PAYMENT_METHOD,
      paymentMethodCustomCode: null,
      merchantName: 'lojademo',
      value: input.value,
      currency: 'BRL',
      installments: 1,
      deviceFingerprint: '12345678',
      miniCart: {
        shippingValue: 0,
        taxValue: 0,
        buyer: {
          id: randomUUID(),
          firstName: 'Cliente',
          lastName: 'VTEX',
          document: input.buyerDocument ?? null,
          documentType: 'cpf',
          email: 'cliente.vtex@example.com',
          phone: '+5511999999999',
        },
        shippingAddress: DEMO_ADDRESS,
        billingAddress: DEMO_ADDRESS,
        items: [{ id: '1', name: 'Produto da loja VTEX', price: input.value, quantity: 1, discount: 0 }],
      },
      url: `${this.o.publicUrl}/sandbox/vtex`,
      callbackUrl: `${this.o.publicUrl}/sandbox/vtex/callback/${transactionId}/payments/${paymentId}?accountName=drip-sandbox&X-VTEX-signature=${signature}`,
      returnUrl: `${this.o.publicUrl}/sandbox/vtex?paymentId=${paymentId}`,
      sandBoxMode: true,
    };
    const first = await this.send(input.merchantId, 'POST', '/payments', body);
    const again = await this.send(input.merchantId, 'POST', '/payments', body);
    order.status = String(again.body?.status ?? first.body?.status ?? 'error');
    order.paymentUrl = typeof first.body?.paymentUrl === 'string' ? first.body.paymentUrl : null;
    this.changed();
    return { ...order, createAnswer: first, retryAnswer: again };
  }

  order(paymentId: string): GatewayOrder | null {
    return this.orders.get(paymentId) ?? null;
  }

  /** The connector's callback: accepted only with the order's signature, as VTEX checks X-VTEX-signature. */
  receiveCallback(
    paymentId: string,
    signature: string | undefined,
    body: unknown,
  ): 'ok' | 'unknown' | 'bad-signature' {
    const order = this.orders.get(paymentId);
    if (!order) return 'unknown';
    if (signature !== order.signature) return 'bad-signature';
    const status = (body as { status?: unknown } | null)?.status;
    order.callbacks.push({ status: String(status), at: new Date().toISOString(), body });
    if (status === 'approved' || status === 'denied') order.status = status;
    this.changed();
    return 'ok';
  }

  /** Cancel, settle or refund, retried while the connector answers 500 (VTEX retries for up to a day). */
  async act(paymentId: string, action: 'cancel' | 'settle' | 'refund', value?: number) {
    const order = this.orders.get(paymentId);
    if (!order) return null;
    const requestId = randomUUID();
    const path =
      action === 'cancel'
        ? `/payments/${paymentId}/cancellations`
        : action === 'settle'
          ? `/payments/${paymentId}/settlements`
          : `/payments/${paymentId}/refunds`;
    const body =
      action === 'cancel'
        ? { paymentId, requestId, authorizationId: paymentId, transactionId: order.transactionId }
        : action === 'settle'
          ? {
              transactionId: order.transactionId,
              requestId,
              paymentId,
              value: value ?? order.value,
              authorizationId: paymentId,
            }
          : {
              requestId,
              settleId: paymentId,
              paymentId,
              tid: paymentId,
              value: value ?? order.value,
              transactionId: order.transactionId,
            };
    let answer = await this.send(order.merchantId, 'POST', path, body);
    let attempts = 1;
    while (answer.status === 500 && attempts < RETRIES) {
      await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
      answer = await this.send(order.merchantId, 'POST', path, body);
      attempts += 1;
    }
    order.operations.push({ action, status: answer.status, attempts, body: answer.body });
    if (answer.status === 200)
      order.status = action === 'cancel' ? 'canceled' : action === 'settle' ? 'settled' : 'refunded';
    this.changed();
    return { status: answer.status, attempts, body: answer.body };
  }
}
