/**
 * First access: a first-time shopper has no password and no way to know where the customer portal is. When an order
 * is created for a customer WITHOUT a password, the order's own statement also stores a one-time link and the SMS
 * that carries it (the outbox is a table: the message exists exactly when the order does). The link opens the
 * portal's set-password screen (docs/identity.md, "Recovery").
 */
import { sql } from 'drizzle-orm';
import type { Shaped } from '../../db/shaped.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import type { OutboxStaging } from '../notifications/ports.ts';
import type { InstalmentFact } from './order-email.ts';

/** How long a first-access link works (it is single use and also dies once a password is set). */
export const ACCESS_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The portal path that reads `?acesso=<token>` and asks for the new password. */
export const accessLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/cliente/recuperar-login?acesso=${encodeURIComponent(token)}`;

export interface OrderCreatedFacts {
  orderId: string;
  customerId: string;
  now: Date;
  /** The order's facts for other stagings (the merchant's ORDER_CREATED webhook). */
  merchantId: string;
  checkoutId: string;
  code: string;
  merchantOrderCode: string;
  /** Centavos. */
  amount: number;
  status: 'ACTIVE' | 'CLOSED';
  /** The order's instalments as planned (the order's e-mail lists them with the links that pay them). */
  instalments: InstalmentFact[];
}

/** Several stagings in one order statement (their placeholders and CTE names must not collide). */
export function combineStagings(
  ...all: (OrderCreatedStaging | undefined)[]
): OrderCreatedStaging | undefined {
  const list = all.filter((s): s is OrderCreatedStaging => s !== undefined);
  if (list.length <= 1) return list[0];
  return (order) => {
    const parts = list.map((s) => s(order));
    return {
      key: parts.map((p) => p.key).join('+'),
      build: () =>
        sql.join(
          parts.map((p) => p.build()),
          sql`, `,
        ),
      values: Object.assign({}, ...parts.map((p) => p.values)),
    };
  };
}

/**
 * CTEs added to an order's insert statement: they may read the CTE `o` (the order row, present only when it was
 * inserted). Placeholders start with `fa_`.
 */
export type OrderCreatedStaging = (order: OrderCreatedFacts) => Shaped;

/** The staging of the first-access SMS, or undefined when messages do not go through the outbox table. */
export function firstAccessStaging(deps: {
  outbox: OutboxStaging | undefined;
  publicUrl: string;
}): OrderCreatedStaging | undefined {
  const { outbox, publicUrl } = deps;
  if (!outbox) return undefined;
  return ({ customerId, now }) => {
    const token = randomToken(32);
    const link = accessLinkUrl(publicUrl, token);
    const sms = outbox.insertIf('fa', 'fa_sms', {
      channel: 'SMS',
      to: { column: 'phone' },
      body: `Drip: sua compra foi aprovada! Para acompanhar e pagar suas parcelas, crie sua senha do portal do cliente em ${link} (o link vale por 7 dias e pode ser usado uma vez).`,
      link,
    });
    const p = (name: string) => sql.placeholder(`fa_${name}`);
    return {
      key: `first-access:${sms.key}`,
      // The customer is read in this statement: one that has a password (or is archived) gets nothing.
      build: () =>
        sql`fa as (insert into customer_access_links (token_hash, customer_id, phone, expires_at, created_at) select ${p('tokenHash')}, c.id, c.phone, ${p('expiresAt')}::timestamptz, ${p('now')}::timestamptz from customers c where c.id = ${p('customerId')}::uuid and c.password_hash is null and c.status = 'ACTIVE' and exists (select 1 from o) returning phone), fa_sms as (${sms.build()})`,
      values: {
        fa_tokenHash: sha256(token),
        fa_customerId: customerId,
        fa_expiresAt: new Date(now.getTime() + ACCESS_LINK_TTL_MS).toISOString(),
        fa_now: now.toISOString(),
        ...sms.values,
      },
    };
  };
}
