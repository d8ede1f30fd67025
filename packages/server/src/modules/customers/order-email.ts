/**
 * The e-mails the checkout promises. The approval screen says 'Enviaremos os detalhes das parcelas por WhatsApp e
 * e-mail' and the instalment page 'As próximas cobranças serão enviadas para você por WhatsApp e e-mail': the order's
 * e-mail lists every instalment with the link that pays it, stored in the order's own statement (it exists exactly
 * when the order does); after an instalment is paid, the e-mail confirms it and carries the next charge. Both go to
 * the e-mail on file of the customer (docs/identity.md: a checkout's typed address does not replace it), none when
 * there is none.
 */
import { type Cents, formatBRL, formatDate } from '@drip/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types.ts';
import { storeOutboxMessage } from '../notifications/outbox.ts';
import type { OutboxStaging } from '../notifications/ports.ts';
import type { OrderCreatedStaging } from './first-access.ts';
import { customers } from './tables.ts';

/** The public page that pays one instalment by Pix (checkout-ui's `/pagamento/{instalmentId}`). */
export const instalmentPageUrl = (publicUrl: string, instalmentId: string) =>
  `${publicUrl}/pagamento/${encodeURIComponent(instalmentId)}`;

export interface InstalmentFact {
  id: string;
  number: number;
  total: number;
  dueDate: string;
  /** What is left to pay (after cashback), centavos. */
  toPay: Cents;
  paid: boolean;
}

const line = (i: InstalmentFact, publicUrl: string) =>
  `${i.number}/${i.total} · vence em ${formatDate(i.dueDate)} · ${formatBRL(i.toPay)} · ${
    i.paid ? 'paga' : `pague pelo Pix em ${instalmentPageUrl(publicUrl, i.id)}`
  }`;

export const orderEmailMessages = {
  approvedSubject: (code: string) => `Compra aprovada: suas parcelas do pedido ${code}`,
  paidSubject: (number: number, total: number) => `Pagamento confirmado: parcela ${number} de ${total}`,
} as const;

/** The order's e-mail: every instalment, its due date, what it costs and the link that pays it. */
export function orderApprovedEmail(
  facts: { code: string; merchantOrderCode: string; amount: Cents; instalments: InstalmentFact[] },
  publicUrl: string,
): { subject: string; body: string } {
  return {
    subject: orderEmailMessages.approvedSubject(facts.code),
    body: [
      `Sua compra com a Drip foi aprovada: pedido ${facts.code} (código da loja ${facts.merchantOrderCode}), total ${formatBRL(facts.amount)}, sem juros.`,
      '',
      'Suas parcelas:',
      ...facts.instalments.map((i) => line(i, publicUrl)),
      '',
      `Acompanhe e pague suas parcelas no Portal do Cliente Drip: ${publicUrl}/cliente`,
    ].join('\n'),
  };
}

/** After a payment: which instalments were paid and the next charge (or that nothing is left). */
export function instalmentPaidEmail(
  paid: InstalmentFact[],
  next: InstalmentFact | null,
  publicUrl: string,
): { subject: string; body: string; link?: string } {
  const first = paid[0];
  const paidText =
    paid.length === 1 && first
      ? `Recebemos o pagamento da parcela ${first.number} de ${first.total} (${formatBRL(first.toPay)}).`
      : `Recebemos o pagamento das parcelas ${paid.map((i) => i.number).join(', ')}.`;
  return {
    subject:
      paid.length === 1 && first
        ? orderEmailMessages.paidSubject(first.number, first.total)
        : 'Pagamento confirmado: suas parcelas',
    body: [
      paidText,
      '',
      next
        ? `Próxima cobrança: ${line(next, publicUrl)}`
        : 'Não há mais parcelas a pagar neste pedido. Obrigado!',
      '',
      `Acompanhe suas parcelas no Portal do Cliente Drip: ${publicUrl}/cliente`,
    ].join('\n'),
    ...(next ? { link: instalmentPageUrl(publicUrl, next.id) } : {}),
  };
}

/**
 * The order's e-mail, stored in the order's statement (CTE `o` is the new order): to the customer's e-mail on
 * file, none when there is none. Placeholders start with `oe_`.
 */
export function orderEmailStaging(deps: {
  outbox: OutboxStaging | undefined;
  publicUrl: string;
}): OrderCreatedStaging | undefined {
  const { outbox, publicUrl } = deps;
  if (!outbox) return undefined;
  return (order) => {
    const { subject, body } = orderApprovedEmail(
      {
        code: order.code,
        merchantOrderCode: order.merchantOrderCode,
        amount: order.amount as Cents,
        instalments: order.instalments,
      },
      publicUrl,
    );
    const mail = outbox.insertIf('oe', 'oe_mail', {
      channel: 'EMAIL',
      to: { column: 'email' },
      subject,
      body,
      link: `${publicUrl}/cliente`,
    });
    return {
      key: `order-email:${mail.key}`,
      build: () =>
        sql`oe as (select c.email from customers c where c.id = ${sql.placeholder('oe_customerId')}::uuid and c.email is not null and c.email <> '' and exists (select 1 from o)), oe_mail as (${mail.build()})`,
      values: { oe_customerId: order.customerId, ...mail.values },
    };
  };
}

/**
 * The e-mail after an instalment payment, in the booking's transaction `tx` (it exists exactly when the payment is
 * booked): what was paid and the next charge with its link.
 */
export async function sendInstalmentPaidEmail(
  tx: DbOrTx,
  facts: { customerId: string; paid: InstalmentFact[]; next: InstalmentFact | null },
  options: { publicUrl: string; sandbox: boolean; now: Date },
): Promise<void> {
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(sql`${customers.id} = ${facts.customerId}`);
  if (!customer?.email) return;
  const mail = instalmentPaidEmail(facts.paid, facts.next, options.publicUrl);
  await storeOutboxMessage(tx, { channel: 'EMAIL', to: customer.email, ...mail }, options);
}
