/**
 * The merchant's public terms (`GET /instalments_simulator`): the plan of a checkout, or of an amount at a merchant
 * (or at Drip's defaults), that the SDK's widgets and merchant pages show.
 */
import { addDaysIso, type Cents, cents, centsToReais, planInstalments } from '@drip/core';
import { eq } from 'drizzle-orm';
// Read-only: the merchant's instalment settings (docs/modules.md).
import { merchants } from '../merchants/tables.ts';
import type { CheckoutCore } from './core.ts';
import { merchantNotFound } from './refusals.ts';
import { wireInstalment } from './respond.ts';
import { DEFAULT_INSTALMENTS, isUuid, maxInstalmentsOf } from './rules.ts';

export class MerchantTerms {
  constructor(private readonly core: CheckoutCore) {}

  /** `GET /instalments_simulator?checkoutId=`. */
  async simulateForCheckout(id: string) {
    const { row, merchant } = await this.core.load(this.core.d.db, id, false);
    const plan = this.core.plan(row, merchant);
    return {
      cashbackRate: merchant.cashbackRate,
      instalments: plan.instalments.map(wireInstalment),
      totalAmount: centsToReais(cents(row.amount)),
      flexibleInstallments: merchant.flexibleInstallments,
      maxInstalments: maxInstalmentsOf(merchant),
    };
  }

  /** `GET /instalments_simulator?amount=&date=&cnpj=&merchantId=`: first due date = date + 30 days. */
  async simulate(q: {
    amount: Cents;
    date?: string | undefined;
    cnpj?: string | undefined;
    merchantId?: string | undefined;
  }) {
    // Without a merchant, spec 3's merchant summary defaults: flexible, up to 3 ('Pague em até 3x sem juros no Pix').
    let merchant: { flexibleInstallments: boolean; maxInstalments: number; id: string | null } = {
      flexibleInstallments: true,
      maxInstalments: DEFAULT_INSTALMENTS,
      id: null,
    };
    if (q.merchantId !== undefined || q.cnpj !== undefined) {
      if (q.merchantId !== undefined && !isUuid(q.merchantId)) throw merchantNotFound();
      const where =
        q.merchantId !== undefined ? eq(merchants.id, q.merchantId) : eq(merchants.cnpj, q.cnpj ?? '');
      const [m] = await this.core.d.db
        .select({
          id: merchants.id,
          flexibleInstallments: merchants.flexibleInstallments,
          maxInstalments: merchants.maxInstalments,
        })
        .from(merchants)
        .where(where)
        .limit(1);
      if (!m) throw merchantNotFound();
      merchant = m;
    }
    const rate = merchant.id ? await this.core.d.orders.cashbackRate(merchant.id, this.core.today()) : 0;
    // The default plan: 3x, or fewer when a flexible merchant sells in fewer.
    const max = maxInstalmentsOf(merchant);
    const n = Math.min(DEFAULT_INSTALMENTS, max);
    const firstDueDate = addDaysIso(q.date ?? this.core.today(), 30);
    return {
      cashbackRate: rate,
      instalments: planInstalments({
        total: q.amount,
        totalInstalments: n,
        firstDueDate,
        cashbackRate: rate,
      }).map(wireInstalment),
      totalAmount: centsToReais(q.amount),
      flexibleInstallments: merchant.flexibleInstallments,
      maxInstalments: max,
    };
  }
}
