/**
 * The back office's order details (spec 2.2 "Admin order details", 7 Admin `GET /orders/{id}`): the order, every
 * instalment with the customer portal's figures (InstalmentPayments computes them once for both: no second
 * arithmetic), its products, customer, merchant, the checkout it came from and its admin history (the audit log).
 * Read only; the operations on the order live with their own services.
 */
import { type AdminOrderDetails, adminOrderDetailsMessages, isoDateInSaoPaulo } from '@drip/core';
import { asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { AuditHistory } from '../audit/history.ts';
import type { CheckoutService } from '../checkouts/service.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import type { Payments } from '../payments/service.ts';
import type { InstalmentPayments } from './instalment-payments.ts';
import { isLate, isUuid, money, paymentStatusOf } from './instalment-rules.ts';
import { displayStatusOf } from './refunds.ts';
import { instalments as instalmentsTable, orderProducts, orders } from './tables.ts';

type Wire<T extends v.GenericSchema> = v.InferInput<T>;

/**
 * The audit entity types an order's history reads: the order's own entries and its instalments' (a late-fee
 * removal, a recorded payment). An admin operation on an order records its entry under one of these.
 */
export const ORDER_AUDIT_ENTITY = 'ORDER';
export const INSTALMENT_AUDIT_ENTITY = 'INSTALMENT';

export interface AdminOrderDetailsDeps {
  db: Db;
  clock: Clock;
  instalmentPayments: Pick<InstalmentPayments, 'instalmentsWithViews'>;
  payments: Pick<Payments, 'getCharge'>;
  checkouts: Pick<CheckoutService, 'adminFacts'>;
  history: Pick<AuditHistory, 'of'>;
}

const notFound = () => new DomainError('not_found', 'NOT_FOUND', adminOrderDetailsMessages.notFound);

export class AdminOrderDetailsService {
  constructor(private readonly d: AdminOrderDetailsDeps) {}

  async details(orderId: string): Promise<Wire<typeof AdminOrderDetails>> {
    // The route's schema refuses a malformed id with 400; a direct caller gets the 404 of an unknown one.
    if (!isUuid(orderId)) throw notFound();
    const [found] = await this.d.db
      .select({ order: orders, merchantName: merchants.name, customer: customers })
      .from(orders)
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, orderId));
    if (!found) throw notFound();
    const { order, customer } = found;
    // Independent reads side by side (PostgreSQL's pool runs them at once): the history reads the instalment ids
    // on its own rather than wait for the instalments' figures.
    const [instalments, products, checkout, history] = await Promise.all([
      this.d.instalmentPayments.instalmentsWithViews(order),
      this.d.db
        .select()
        .from(orderProducts)
        .where(eq(orderProducts.orderId, order.id))
        .orderBy(asc(orderProducts.position)),
      this.checkout(order.checkoutId),
      this.d.db
        .select({ id: instalmentsTable.id })
        .from(instalmentsTable)
        .where(eq(instalmentsTable.orderId, order.id))
        .then((rows) =>
          this.history(
            order.id,
            rows.map((r) => r.id),
          ),
        ),
    ]);
    const today = isoDateInSaoPaulo(this.d.clock.now());
    return {
      id: order.id,
      code: order.code,
      merchantOrderCode: order.merchantOrderCode,
      amount: money(order.amount),
      canceledAmount: money(order.canceledAmount),
      cashbackAmount: money(order.cashbackAmount),
      status: order.status,
      displayStatus: displayStatusOf(order),
      type: order.type,
      createdAt: order.createdAt.toISOString(),
      instalmentsCount: instalments.length,
      unpaidInstalmentsCount: instalments.filter((i) => i.row.status === 'PENDING').length,
      lateInstalments: instalments.filter((i) => isLate(i.row, today)).length,
      instalments: instalments.map(({ row, view }) => ({
        ...view,
        lateFeeWaivedAt: row.lateFeeWaivedAt ? row.lateFeeWaivedAt.toISOString() : null,
      })),
      products: products.map((p) => ({
        id: p.id,
        name: p.name,
        quantity: p.quantity,
        amount: money(p.amount),
        status: p.status,
      })),
      customer: {
        id: customer.id,
        cpf: customer.cpf,
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        addressCep: customer.addressCep,
        addressStreet: customer.addressStreet,
        addressNumber: customer.addressNumber,
        addressComplement: customer.addressComplement,
        addressNeighborhood: customer.addressNeighborhood,
        addressCity: customer.addressCity,
        addressState: customer.addressState,
      },
      merchant: { id: order.merchantId, name: found.merchantName },
      checkout,
      history,
    };
  }

  private async checkout(checkoutId: string): Promise<Wire<typeof AdminOrderDetails>['checkout']> {
    const facts = await this.d.checkouts.adminFacts(checkoutId);
    if (!facts) return null;
    const pix = facts.paymentPix;
    // The status is the charge's own (the payments module's record), not the checkout's copy of it.
    const charge = pix ? await this.d.payments.getCharge(pix.chargeId) : null;
    return {
      id: facts.id,
      status: facts.status,
      createdAt: facts.createdAt.toISOString(),
      creatorEmail: facts.creatorEmail,
      paymentStatus: charge ? paymentStatusOf(charge.status) : null,
      paymentId: pix?.txid ?? null,
      paymentQrCode: pix?.qrCodeUrl ?? null,
      paymentQrCodeText: pix?.brCode ?? null,
    };
  }

  private history(orderId: string, instalmentIds: string[]) {
    return this.d.history.of([
      { entityType: ORDER_AUDIT_ENTITY, entityIds: [orderId] },
      { entityType: INSTALMENT_AUDIT_ENTITY, entityIds: instalmentIds },
    ]);
  }
}
