/**
 * The back office lowers a product's amount (docs/admin-order-operations.md, "Product amount"): a PRODUCT_AMOUNT
 * refund of the refund engine, carried out at once: the product's shares re-split, the difference cancelled on
 * their instalments with the engine's ledger entries, devolução of money paid, the merchant's webhook and the
 * settlements' `Cancelamento`. Raising the amount is refused; bad input is a 400/404/422 in pt-BR; admin only.
 */
import { type AnyEndpoint, adminOrder, adminUpdateProductAmount, fillPath } from '@drip/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/tables.ts';
import { merchants } from '../../src/modules/merchants/tables.ts';
import { instalmentProducts, instalments, ledgerEntries } from '../../src/modules/orders/tables.ts';
import { webhookDeliveries, webhookEndpoints } from '../../src/modules/webhooks/tables.ts';
import {
  bearer,
  loginAdmin,
  loginCustomer,
  loginMerchant,
  seededApp,
  type TestResponse,
} from '../helpers.ts';
import { createOrder } from '../instalment-helpers.ts';
import { instalmentsOf, orderRow, payNext, productsOf, refundsOf, setAurora } from '../refunds-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let endpointId: string;
const BASE = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  t = await seededApp();
  const [aurora] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Loja Aurora'));
  if (!aurora) throw new Error('no Aurora');
  const [endpoint] = await t.database.db
    .insert(webhookEndpoints)
    .values({
      merchantId: aurora.id,
      url: 'https://hooks.loja.example/drip',
      events: ['ORDER_CANCELED'],
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
      createdAt: BASE,
    })
    .returning();
  if (!endpoint) throw new Error('no endpoint');
  endpointId = endpoint.id;
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});
beforeEach(async () => {
  t.clock.set(BASE);
  await setAurora(t, { ecommPlatform: null, cancelMaxDays: null });
});

async function call(
  endpoint: AnyEndpoint,
  params: Record<string, string>,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<TestResponse> {
  return t.request(
    endpoint.method,
    fillPath(endpoint.path, params),
    body,
    headers ?? bearer((await loginAdmin(t)).token),
  );
}

const update = (orderId: string, body: unknown, headers?: Record<string, string>) =>
  call(adminUpdateProductAmount, { id: orderId }, body, headers);

async function ledgerOf(orderId: string, type: string) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.type, type)));
}

const sum = (xs: readonly { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

/** The product's active shares, in instalment order. */
async function sharesOf(productId: string) {
  return t.database.db
    .select({
      amount: instalmentProducts.amount,
      number: instalments.number,
      status: instalmentProducts.status,
    })
    .from(instalmentProducts)
    .innerJoin(instalments, eq(instalments.id, instalmentProducts.instalmentId))
    .where(eq(instalmentProducts.orderProductId, productId))
    .orderBy(asc(instalments.number));
}

/** A 3-instalment order of R$ 300,00: 'Camiseta' R$ 150,00 (2 × 75) and 'Calça' R$ 150,00. */
async function order() {
  const o = await createOrder(t, { total: 30_000, instalments: 3, firstDueDate: '2026-03-20' });
  const products = await productsOf(t, o.id);
  const [camiseta, calca] = products;
  if (!camiseta || !calca) throw new Error('no products');
  return { order: o, camiseta, calca };
}

describe('lowering a product amount', () => {
  it('cancels the difference at once: shares re-split, instalments, ledger, audit and history, webhook, settlements', async () => {
    const { order: o, camiseta } = await order();
    const before = await instalmentsOf(t, o.id);
    const res = await update(o.id, { productId: camiseta.id, amount: 100 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Valor do produto atualizado com sucesso');
    expect(res.body.refund).toMatchObject({ type: 'PRODUCT_AMOUNT', status: 'DONE', amount: 50 });

    // The product is R$ 100,00 now, still active; its shares sum exactly to it, none grew.
    const [p] = (await productsOf(t, o.id)).filter((x) => x.id === camiseta.id);
    expect(p).toMatchObject({ amount: 10_000, status: 'ACTIVE', unitAmount: camiseta.unitAmount });
    const shares = await sharesOf(camiseta.id);
    expect(sum(shares)).toBe(10_000);
    expect(shares.map((s) => s.amount)).toEqual([3_334, 3_333, 3_333]);

    // The R$ 50,00 is cancelled on the instalments that carried the shares.
    const after = await instalmentsOf(t, o.id);
    expect(sum(after.map((i) => ({ amount: i.canceledAmount })))).toBe(5_000);
    expect(after.map((i, n) => i.canceledAmount - (before[n]?.canceledAmount ?? 0))).toEqual([
      1_666, 1_667, 1_667,
    ]);
    const row = await orderRow(t, o.id);
    expect(row).toMatchObject({ canceledAmount: 5_000, status: 'ACTIVE' });

    expect(sum(await ledgerOf(o.id, 'ORDER_CANCELED'))).toBe(-5_000);
    expect(sum(await ledgerOf(o.id, 'MERCHANT_PAYABLE_CANCELED'))).toBe(5_000);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, o.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'PRODUCT_AMOUNT_UPDATED',
      actorType: 'ADMIN',
      entityType: 'ORDER',
    });
    expect(audits[0]?.details).toMatchObject({
      productId: camiseta.id,
      before: { productAmount: 15_000, orderCanceledAmount: 0 },
      after: { productAmount: 10_000, canceled: 5_000 },
    });
    // The order details show the new amount and the operation in the history.
    const details = await call(adminOrder, { id: o.id });
    expect(details.body.products[0]).toMatchObject({ amount: 100, status: 'ACTIVE' });
    expect(details.body.canceledAmount).toBe(50);
    expect(details.body.history.map((h: { action: string }) => h.action)).toEqual(['PRODUCT_AMOUNT_UPDATED']);

    // The merchant is told (ORDER_CANCELED, a partial one) and the settlements read a `Cancelamento`.
    const refundId = res.body.refund.id;
    const events = (
      await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))
    )
      .map((d) => (d.payload as { data: Record<string, unknown> }).data)
      .filter((d) => d.refundId === refundId);
    expect(events).toEqual([
      expect.objectContaining({
        refundType: 'PRODUCT_AMOUNT',
        refundStatus: 'DONE',
        amount: 50,
        productIds: [],
      }),
    ]);
    const settled = await t.built.services.orderRefunds.refundsOfDay(row.merchantId, '2026-03-10');
    expect(settled.filter((r) => r.refundId === refundId).map((r) => r.amount)).toEqual([5_000]);

    // Lowered again from the new amount; then the product refund takes what is left of it.
    expect((await update(o.id, { productId: camiseta.id, amount: 99.99 })).status).toBe(200);
    expect(sum(await sharesOf(camiseta.id))).toBe(9_999);
    expect((await orderRow(t, o.id)).canceledAmount).toBe(5_001);
  });

  it('gives paid money back through the devolução of the Pix that paid the instalment', async () => {
    const { order: o, calca } = await order();
    await payNext(t, o.id);
    const res = await update(o.id, { productId: calca.id, amount: 60 });
    expect(res.status).toBe(200);
    expect(res.body.refund).toMatchObject({ status: 'DONE', amount: 90 });
    // Instalment 1 was paid: its share of the R$ 90,00 goes back by Pix.
    const [first] = await instalmentsOf(t, o.id);
    const refunded = await ledgerOf(o.id, 'INSTALMENT_REFUNDED');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.instalmentId).toBe(first?.id);
    expect(refunded[0]?.amount).toBe(-Math.round(res.body.refund.returnedAmount * 100));
    expect(res.body.refund.returnedAmount).toBeGreaterThan(0);
  });

  it('refuses raising it, the same amount, a cancelled product, an unknown one; bad input 400; unknown order 404', async () => {
    const { order: o, camiseta, calca } = await order();
    const raised = await update(o.id, { productId: camiseta.id, amount: 150.01 });
    expect(raised.status).toBe(422);
    expect(raised.body.error.message).toBe(
      'O valor do produto só pode ser reduzido: aumentar o valor cobraria do cliente mais do que ele aceitou na compra',
    );
    const same = await update(o.id, { productId: camiseta.id, amount: 150 });
    expect(same.status).toBe(422);
    expect(same.body.error.message).toBe('O novo valor é igual ao valor atual do produto');
    const unknown = await update(o.id, { productId: '00000000-0000-4000-8000-000000000000', amount: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe('Produto não encontrado neste pedido');
    expect((await update(o.id, { productId: 'nope', amount: 1 })).status).toBe(422);
    for (const body of [
      { productId: camiseta.id, amount: 0 },
      { productId: camiseta.id, amount: -5 },
      { productId: camiseta.id, amount: 10.001 },
      { productId: camiseta.id, amount: '10' },
      { productId: '', amount: 10 },
      { amount: 10 },
      { productId: camiseta.id },
    ]) {
      const bad = await update(o.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.message, JSON.stringify(body)).toMatch(/[a-zç]/);
    }
    const zero = await update(o.id, { productId: camiseta.id, amount: 0 });
    expect(JSON.stringify(zero.body)).toContain('O valor deve ser maior que zero');
    const missing = await update('00000000-0000-4000-8000-000000000000', {
      productId: camiseta.id,
      amount: 1,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Pedido não encontrado');
    expect((await update('nope', { productId: camiseta.id, amount: 1 })).status).toBe(404);

    // A product refunded is no longer updated.
    const { merchantId } = await orderRow(t, o.id);
    await t.built.services.orderRefunds.request(
      merchantId,
      o.id,
      { type: 'PRODUCTS', productIds: [calca.id] },
      null,
    );
    const inFlight = await update(o.id, { productId: calca.id, amount: 10 });
    expect(inFlight.status).toBe(422);
    expect(inFlight.body.error.message).toBe(
      'Já existe um estorno ou alteração de valor em processamento para este produto',
    );
    await t.built.services.orderRefunds.processPending();
    const gone = await update(o.id, { productId: calca.id, amount: 10 });
    expect(gone.status).toBe(422);
    expect(gone.body.error.message).toBe('Este produto já foi estornado');

    // Nothing was cancelled by the refusals; none was audited.
    expect((await orderRow(t, o.id)).canceledAmount).toBe(calca.amount);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, o.id))).toEqual([]);
  });

  it('follows the product refund window (30 days)', async () => {
    const { order: o, camiseta } = await order();
    t.clock.set(new Date(BASE.getTime() + 31 * 86_400_000));
    const late = await update(o.id, { productId: camiseta.id, amount: 100 });
    expect(late.status).toBe(422);
    expect(late.body.error.message).toContain('30 dias');
  });
});

describe('two updates at once', () => {
  it('the same update sent twice in parallel cancels the difference once', async () => {
    const { order: o, camiseta } = await order();
    const admin = bearer((await loginAdmin(t)).token);
    const answers = await Promise.all([
      update(o.id, { productId: camiseta.id, amount: 100 }, admin),
      update(o.id, { productId: camiseta.id, amount: 100 }, admin),
    ]);
    // Either both answer the one refund, or the second finds the amount already updated.
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers) expect([200, 422]).toContain(a.status);
    expect((await refundsOf(t, o.id)).filter((r) => r.status === 'DONE')).toHaveLength(1);
    expect((await orderRow(t, o.id)).canceledAmount).toBe(5_000);
    expect(sum(await ledgerOf(o.id, 'ORDER_CANCELED'))).toBe(-5_000);
    expect(sum(await sharesOf(camiseta.id))).toBe(10_000);
  });

  it('two different updates in parallel: what is cancelled is exactly what the product lost', async () => {
    const { order: o, camiseta } = await order();
    const admin = bearer((await loginAdmin(t)).token);
    await Promise.all([
      update(o.id, { productId: camiseta.id, amount: 120 }, admin),
      update(o.id, { productId: camiseta.id, amount: 80 }, admin),
    ]);
    const [p] = (await productsOf(t, o.id)).filter((x) => x.id === camiseta.id);
    const lost = camiseta.amount - (p?.amount ?? 0);
    expect([3_000, 7_000]).toContain(lost);
    expect((await orderRow(t, o.id)).canceledAmount).toBe(lost);
    expect(sum(await ledgerOf(o.id, 'ORDER_CANCELED'))).toBe(-lost);
    expect(sum(await sharesOf(camiseta.id))).toBe(p?.amount);
  });
});

describe('only an admin updates a product amount', () => {
  it('a merchant, a customer or nobody is refused and nothing changes', async () => {
    const { order: o, camiseta } = await order();
    const callers: [Record<string, string>, number][] = [
      [bearer((await loginMerchant(t)).token), 403],
      [bearer((await loginCustomer(t)).token), 403],
      [{}, 401],
    ];
    for (const [headers, status] of callers)
      expect((await update(o.id, { productId: camiseta.id, amount: 100 }, headers)).status).toBe(status);
    expect(await refundsOf(t, o.id)).toEqual([]);
    expect((await productsOf(t, o.id))[0]?.amount).toBe(15_000);
  });
});
