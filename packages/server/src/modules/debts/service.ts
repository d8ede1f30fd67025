/**
 * Debt renegotiation requests (public page `/renegociacao`, spec 4 and 8). A customer with overdue instalments asks
 * to renegotiate; the request is stored once and the customer gets an e-mail with the next steps.
 */
import { isoDateInSaoPaulo } from '@drip/core';
import { and, count, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { errorFields } from '../../log.ts';
import { customers } from '../customers/tables.ts';
import type { Notifications } from '../notifications/ports.ts';
import { instalments, orders } from '../orders/tables.ts';
import { negotiationRequests } from './tables.ts';

/** A stored negotiation request. */
export interface NegotiationRequested {
  id: string;
  createdAt: Date;
}

export class DebtService {
  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      log: Logger;
      notifications: Notifications;
      publicUrl: string;
    },
  ) {}

  /**
   * Stores the customer's request and e-mails the next steps; null when nothing is overdue (nothing to renegotiate).
   * Refused when the CPF is unknown or the phone is not the customer's (not found), and when the customer already
   * asked (conflict).
   */
  async startNegotiation(cpf: string, phone: string): Promise<NegotiationRequested | null> {
    const { db } = this.o;
    const [customer] = await db.select().from(customers).where(eq(customers.cpf, cpf));
    if (!customer || customer.phone !== phone)
      throw new DomainError(
        'not_found',
        'CUSTOMER_NOT_FOUND',
        'Usuário não foi encontrado, verifique as informações e tenta novamente',
      );
    const today = isoDateInSaoPaulo(this.o.clock.now());
    const [overdue] = await db
      .select({ n: count() })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .where(
        and(
          eq(orders.customerId, customer.id),
          eq(orders.status, 'ACTIVE'),
          eq(instalments.status, 'PENDING'),
          lt(instalments.dueDate, today),
        ),
      );
    if ((overdue?.n ?? 0) === 0) return null;
    const now = this.o.clock.now();
    const [created] = await db
      .insert(negotiationRequests)
      .values({ customerId: customer.id, cpf, phone, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new DomainError(
        'conflict',
        'NEGOTIATION_ALREADY_REQUESTED',
        'O CPF informado já solicitou uma negociação',
      );
    if (customer.email) {
      try {
        await this.o.notifications.email.send({
          to: customer.email,
          subject: 'Recebemos sua solicitação de renegociação',
          body: [
            `Olá, ${customer.name}!`,
            'Recebemos sua solicitação para renegociar sua dívida com a Drip em 3x, sem entrada.',
            'Nossa equipe vai analisar suas parcelas em atraso e enviar, por e-mail, a proposta e os próximos passos em até 2 dias úteis.',
            'Se você não fez esta solicitação, ignore esta mensagem.',
          ].join('\n\n'),
          link: `${this.o.publicUrl}/cliente/login`,
        });
      } catch (err) {
        // The request is stored; the e-mail is best effort (the collections team also sees the request).
        this.o.log.error('negotiation e-mail failed', { negotiationId: created.id, ...errorFields(err) });
      }
    }
    return { id: created.id, createdAt: created.createdAt };
  }
}
