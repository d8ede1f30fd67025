/**
 * Demo data of the checkout modules (seeded with the demo world): merchant cashback rates, the magic blocked values
 * of docs/sandbox.md, and a returning customer (João: one paid order, so his next purchase skips the R$ 1,00
 * verification Pix).
 */
import { cents } from '@drip/core';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/types.ts';
import { SANDBOX_BLOCKS } from '../credit/sandbox.ts';
// Read-only: the demo merchants and customer the world's other seeds created (docs/modules.md).
import { customers } from '../customers/tables.ts';
import { FraudService } from '../fraud/service.ts';
import { merchants } from '../merchants/tables.ts';
import { OrderService } from '../orders/service.ts';
import { checkouts } from './tables.ts';

export const DEMO_CASHBACK_RATES: Record<string, number> = { 'Loja Aurora': 0.05, 'Casa Pitanga': 0.02 };
export const RETURNING_CUSTOMER_CPF = '11144477735';

export async function seedCheckoutWorld(tx: Tx, now: Date): Promise<void> {
  const names = Object.keys(DEMO_CASHBACK_RATES);
  const rows = await tx
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.name, names));
  const values = rows.map((m) => ({ merchantId: m.id, ratio: DEMO_CASHBACK_RATES[m.name] ?? 0 }));
  await OrderService.addCashbackRates(tx, values);
  await FraudService.addBlocks(
    tx,
    SANDBOX_BLOCKS.map((b) => ({ ...b, description: 'Valor mágico do sandbox (docs/sandbox.md)' })),
  );

  const pitanga = rows.find((m) => m.name === 'Casa Pitanga');
  const [joao] = await tx.select().from(customers).where(eq(customers.cpf, RETURNING_CUSTOMER_CPF));
  if (!pitanga || !joao) return;
  const created = new Date(now.getTime() - 40 * 86_400_000);
  const [checkout] = await tx
    .insert(checkouts)
    .values({
      merchantId: pitanga.id,
      merchantOrderCode: 'DEMO-JOAO-0001',
      amount: 8990,
      products: [{ name: 'Jogo de panelas', quantity: 1, amount: 8990 }],
      resolveUrl: 'https://pitanga.demo/pedido/ok',
      cancelUrl: 'https://pitanga.demo/carrinho',
      status: 'OK',
      phase: 'DONE',
      customerId: joao.id,
      payerCpf: joao.cpf,
      payerBankCode: '260',
      payerVerifiedAt: created,
      totalInstalments: 1,
      expiresAt: new Date(created.getTime() + 86_400_000),
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: checkouts.id });
  if (!checkout) return;
  const order = await new OrderService(tx).createFullPaymentOrder(tx, {
    checkoutId: checkout.id,
    merchantId: pitanga.id,
    customerId: joao.id,
    merchantOrderCode: 'DEMO-JOAO-0001',
    total: cents(8990),
    products: [{ name: 'Jogo de panelas', quantity: 1, unitAmount: cents(8990) }],
    today: created.toISOString().slice(0, 10),
    payment: { chargeId: crypto.randomUUID(), paidAt: created },
    now: created,
  });
  await tx.update(checkouts).set({ orderId: order.id }).where(eq(checkouts.id, checkout.id));
}

/** One checkout of the demo history (seed-history.ts): already decided, with its order when approved. */
export type HistoryCheckout = typeof checkouts.$inferInsert;

/**
 * The demo history's checkouts in bulk (approved, denied with a reason, abandoned), in the caller's transaction:
 * a few statements of 200 rows, not one round trip per checkout, so that `npm start` stays quick.
 */
export async function insertCheckoutHistory(tx: Tx, rows: HistoryCheckout[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await tx.insert(checkouts).values(rows.slice(i, i + 200));
}
