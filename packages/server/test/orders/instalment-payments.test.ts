import {
  CustomerInstalment,
  CustomerOrderDetails,
  CustomerOrderPage,
  cents,
  InstalmentDetails,
  orderPaths,
  UniquePayment,
} from '@drip/core';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { manualClock, offsetClock } from '../../src/clock.ts';
import { createLogger } from '../../src/log.ts';
import { customers } from '../../src/modules/customers/tables.ts';
import { negotiationRequests } from '../../src/modules/debts/tables.ts';
import { lateFee } from '../../src/modules/orders/late-fees.ts';
import { SSE_MAX_STREAMS_PER_IP } from '../../src/modules/orders/routes.ts';
import { instalments, ledgerEntries, orders } from '../../src/modules/orders/tables.ts';
import { pixCharges, pixRefunds } from '../../src/modules/payments/tables.ts';
import { bearer, loginCustomer, seededApp, testConfig } from '../helpers.ts';
import { createOrder, JOAO_CPF, MARIA_CPF, payBrCode } from '../instalment-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let maria: Record<string, string>;
let joao: Record<string, string>;
const db = () => t.built.services.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await seededApp();
  maria = bearer((await loginCustomer(t, MARIA_CPF)).token);
  joao = bearer((await loginCustomer(t, JOAO_CPF)).token);
});
afterAll(async () => {
  await t.built.services.instalmentEvents.close();
  await t.dispose();
});

const details = async (orderId: string, who = maria) => {
  const res = await t.request('GET', orderPaths.customerOrder(orderId), undefined, who);
  expect(res.status, res.text).toBe(200);
  return v.parse(CustomerOrderDetails, res.body);
};

const ledgerOf = (orderId: string, type: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.type, type)));

/** Maria's used limit as the credit analysis sees it (unpaid principal of her ACTIVE orders). */
async function usedLimit(): Promise<number> {
  const [customer] = await db().select().from(customers).where(eq(customers.cpf, MARIA_CPF));
  if (!customer) throw new Error('no Maria');
  const snap = await db().transaction((tx) =>
    t.built.services.credit.snapshot(tx, {
      checkoutId: '00000000-0000-4000-8000-000000000000',
      merchantId: '00000000-0000-4000-8000-000000000000',
      amount: cents(100),
      checkoutExpiresAt: t.clock.now(),
      now: t.clock.now(),
      today: '2026-03-10',
      customer: {
        id: customer.id,
        cpf: customer.cpf,
        phone: customer.phone,
        email: null,
        addressCep: null,
        birthDate: null,
        phoneOnFile: true,
      },
      payer: null,
      merchant: {
        enabled: true,
        maxAmountPerOrder: null,
        customerLimit: null,
        skipAntifraud: false,
        skipProtectedScore: false,
        skipFraudulentPhone: false,
        skipFraudulentCpf: false,
        skipFraudulentAddressCep: false,
        skipFraudulentBankCode: false,
        skipOrderAmountRule: false,
      },
    }),
  );
  return snap.history.unpaidPrincipal;
}

/** Refreshes a customer token when the clock was moved past its expiry. */
async function relogin() {
  maria = bearer((await loginCustomer(t, MARIA_CPF)).token);
  joao = bearer((await loginCustomer(t, JOAO_CPF)).token);
}

describe('customer orders', () => {
  it('lists the customer orders newest first, paged, with the contract shape', async () => {
    const older = await createOrder(t, { createdAt: new Date(t.clock.now().getTime() - 2 * DAY) });
    const newer = await createOrder(t, { total: 12_345 });
    const res = await t.request('GET', `${orderPaths.customerOrders}?page=0&size=1`, undefined, maria);
    expect(res.status, res.text).toBe(200);
    const page = v.parse(CustomerOrderPage, res.body);
    expect(page.content).toHaveLength(1);
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.totalPages).toBe(page.totalElements);
    const all = await t.request('GET', `${orderPaths.customerOrders}?size=100`, undefined, maria);
    const content = v.parse(CustomerOrderPage, all.body).content;
    expect(content).toHaveLength(page.totalElements);
    expect(page.content[0]?.id).toBe(content[0]?.id);
    const created = content.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const ids = content.map((o) => o.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(content.find((o) => o.id === newer.id)).toMatchObject({
      merchantName: 'Loja Aurora',
      amount: cents(12_345),
      instalmentsCount: 3,
      unpaidInstalmentsCount: 3,
      lateInstalments: 0,
      status: 'ACTIVE',
    });
    // João sees none of Maria's orders.
    const other = await t.request('GET', orderPaths.customerOrders, undefined, joao);
    expect(v.parse(CustomerOrderPage, other.body).content.map((o) => o.id)).not.toContain(newer.id);
  });

  it('refuses a bad page query with 400', async () => {
    for (const q of ['page=-1', 'size=0', 'size=101', 'page=abc']) {
      const res = await t.request('GET', `${orderPaths.customerOrders}?${q}`, undefined, maria);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(0);
    }
  });

  it('shows the order details with instalments, amounts to pay and products grouped', async () => {
    const order = await createOrder(t, { total: 30_000, cashbackRate: 0.05 });
    const d = await details(order.id);
    expect(d.instalments.map((i) => i.number)).toEqual([1, 2, 3]);
    expect(d.instalments.map((i) => i.amountToPay)).toEqual([10_000, 10_000, 10_000 - 1_500]);
    expect(d.cashbackAmount).toBe(1_500);
    expect(d.instalments.every((i) => i.total === 3 && !i.late && i.payment === null)).toBe(true);
    const first = d.instalments[0];
    expect(first?.instalmentProducts.map((p) => p.name)).toEqual(['Camiseta', 'Calça']);
    expect(first?.instalmentProducts.reduce((a, p) => a + p.amount, 0)).toBe(10_000);
    expect(d.products.map((p) => [p.name, p.quantity])).toEqual([
      ['Camiseta', 2],
      ['Calça', 1],
    ]);
  });

  it("answers 404 for another customer's order, instalment and unique payment, and for unknown ids", async () => {
    const order = await createOrder(t);
    const pay = await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria);
    expect(pay.status, pay.text).toBe(201);
    const d = await details(order.id);
    const instalmentId = d.instalments[0]?.id ?? '';
    const calls: [string, string][] = [
      ['GET', orderPaths.customerOrder(order.id)],
      ['PUT', orderPaths.payInstalment(order.id)],
      ['POST', orderPaths.uniquePayment(order.id)],
      ['GET', orderPaths.customerInstalment(instalmentId)],
      ['GET', orderPaths.uniquePaymentStatus(pay.body.id)],
    ];
    for (const [method, path] of calls) {
      const res = await t.request(method, path, undefined, joao);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    for (const id of ['x', '00000000-0000-4000-8000-000000000000']) {
      expect((await t.request('GET', orderPaths.customerOrder(id), undefined, maria)).status).toBe(404);
      expect((await t.request('GET', orderPaths.customerInstalment(id), undefined, maria)).status).toBe(404);
      const pay = await t.request('PUT', orderPaths.payInstalment(id), undefined, maria);
      expect(pay.status).toBe(404);
      expect(pay.body.error).toEqual({ code: 'NOT_FOUND', message: 'Pedido não encontrado' });
    }
  });
});

describe('paying instalments', () => {
  it('pays the next instalment, then all remaining at once; the order closes and the limit is released', async () => {
    const usedBefore = await usedLimit();
    const order = await createOrder(t, { total: 30_000, cashbackRate: 0.05 });
    expect(await usedLimit()).toBe(usedBefore + 30_000);
    const res = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(res.status, res.text).toBe(200);
    const pending = v.parse(CustomerInstalment, res.body);
    expect(pending.number).toBe(1);
    expect(pending.payment?.status).toBe('PENDING');
    expect(pending.payment?.qrCodeText).toMatch(/^000201/);
    // A second call reuses the active charge.
    const again = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(again.body.payment.externalPaymentId).toBe(pending.payment?.externalPaymentId);

    await payBrCode(t, pending.payment?.qrCodeText ?? '');
    const polled = await t.request('GET', orderPaths.customerInstalment(pending.id), undefined, maria);
    const paid = v.parse(CustomerInstalment, polled.body);
    expect(paid.status).toBe('PAID');
    expect(paid.payment?.status).toBe('PAID');
    expect(paid.amountPaidIncludingRefunds).toBe(10_000);
    expect(paid.paidAt).not.toBeNull();
    // The customer's used limit goes down by the principal paid.
    expect(await usedLimit()).toBe(usedBefore + 20_000);

    // Next pending is instalment 2.
    const next = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(next.body.number).toBe(2);

    const unique = await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria);
    expect(unique.status, unique.text).toBe(201);
    const up = v.parse(UniquePayment, unique.body);
    expect(up.amount).toBe(10_000 + 8_500);
    expect(up.instalments).toHaveLength(2);
    expect(up.status).toBe('PENDING');
    const reused = await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria);
    expect(reused.body.id).toBe(up.id);

    await payBrCode(t, up.qrCodeText);
    const status = await t.request('GET', orderPaths.uniquePaymentStatus(up.id), undefined, maria);
    expect(v.parse(UniquePayment, status.body).status).toBe('PAID');
    const d = await details(order.id);
    expect(d.status).toBe('CLOSED');
    expect(d.unpaidInstalmentsCount).toBe(0);
    expect(d.instalments.every((i) => i.status === 'PAID')).toBe(true);
    expect(await usedLimit()).toBe(usedBefore);
    const paidEntries = await ledgerOf(order.id, 'INSTALMENT_PAID');
    expect(paidEntries.map((e) => e.amount).sort()).toEqual([10_000, 10_000, 8_500].sort());

    // Nothing left to pay: 404 on both calls, saying so.
    for (const res of [
      await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria),
      await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Nenhuma parcela pendente neste pedido' });
    }
  });

  it('refunds a second payment of an already paid instalment and books nothing', async () => {
    const order = await createOrder(t, { total: 9_000 });
    const res = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    const instalmentId: string = res.body.id;
    // A second charge for the same instalment (e.g. created by another device before the first was paid).
    const second = await t.built.services.payments.createCharge(null, {
      purpose: 'INSTALMENT',
      referenceId: instalmentId,
      amount: cents(3_000),
      description: 'segunda cobrança',
    });
    await payBrCode(t, res.body.payment.qrCodeText);
    await payBrCode(t, second.brCode);
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, second.id));
    expect(charge?.status).toBe('REFUNDED');
    const refunds = await db().select().from(pixRefunds).where(eq(pixRefunds.chargeId, second.id));
    expect(refunds.map((r) => r.amount)).toEqual([3_000]);
    const entries = await ledgerOf(order.id, 'INSTALMENT_PAID');
    expect(entries.filter((e) => e.instalmentId === instalmentId)).toHaveLength(1);
    const [row] = await db().select().from(instalments).where(eq(instalments.id, instalmentId));
    expect(row?.paymentChargeId).not.toBe(second.id);
  });

  it('refunds a unique payment when one of its instalments was paid meanwhile', async () => {
    const order = await createOrder(t, { total: 9_000 });
    const unique = await t.request('POST', orderPaths.uniquePayment(order.id), undefined, maria);
    const single = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    await payBrCode(t, single.body.payment.qrCodeText);
    await payBrCode(t, unique.body.qrCodeText);
    const status = await t.request('GET', orderPaths.uniquePaymentStatus(unique.body.id), undefined, maria);
    expect(status.body.status).toBe('REFUNDED');
    const d = await details(order.id);
    expect(d.instalments.map((i) => i.status)).toEqual(['PAID', 'PENDING', 'PENDING']);
    expect(d.status).toBe('ACTIVE');
  });
});

describe('late fees', () => {
  it('computes 2 % plus 1 % a month pro rata, rounded half up once', () => {
    const rates = { fineRate: 0.02, monthlyInterestRate: 0.01 };
    const table: [number, number, number][] = [
      [10_000, 0, 0],
      [10_000, -3, 0],
      [10_000, 1, 203], // 200 + 3.33
      [10_000, 30, 300],
      [10_000, 45, 350],
      [333, 1, 7], // 6.66 + 0.111 = 6.771 → 7
      [0, 10, 0],
    ];
    for (const [principal, days, fee] of table)
      expect(lateFee(cents(principal), days, rates), `${principal} ${days}`).toBe(fee);
  });

  it('adds the fee once past due, idempotently, with a ledger entry per change; a stale Pix is refunded', async () => {
    const order = await createOrder(t, { total: 30_000, firstDueDate: '2026-03-12', cashbackRate: 0 });
    const fees = t.built.services.lateFees;
    expect((await fees.run()).ran).toBe(true);
    expect((await ledgerOf(order.id, 'LATE_FEE')).length).toBe(0);

    t.clock.advance(5 * DAY); // 2026-03-15: 3 days late
    await relogin();
    // A Pix created before the job adds the fee carries the old amount.
    const before = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(before.body.amountToPay).toBe(100);
    await fees.run();
    await fees.run();
    const d = await details(order.id);
    const expected = lateFee(cents(10_000), 3, fees.config);
    expect(d.instalments[0]?.feesAmount).toBe(expected);
    expect(d.instalments[0]?.late).toBe(true);
    expect(d.lateInstalments).toBe(1);
    expect(d.instalments[0]?.amountToPay).toBe(10_000 + expected);
    const entries = await ledgerOf(order.id, 'LATE_FEE');
    expect(entries.map((e) => e.amount)).toEqual([expected]);

    // The Pix created before the fee carries the old amount: paying it is refunded, the instalment stays pending.
    await payBrCode(t, before.body.payment.qrCodeText);
    const after = await details(order.id);
    expect(after.instalments[0]?.status).toBe('PENDING');

    t.clock.advance(DAY);
    await relogin();
    await fees.run();
    const later = lateFee(cents(10_000), 4, fees.config);
    expect((await ledgerOf(order.id, 'LATE_FEE')).map((e) => e.amount).sort()).toEqual(
      [expected, later - expected].sort(),
    );
    // A fresh Pix carries the fee and pays the instalment.
    const fresh = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(v.parse(CustomerInstalment, fresh.body).amountToPay).toBe(10_000 + later);
    await payBrCode(t, fresh.body.payment.qrCodeText);
    expect((await details(order.id)).instalments[0]?.status).toBe('PAID');
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    await relogin();
  });

  it('runs the job right after POST /sandbox/clock', async () => {
    const order = await createOrder(t, { total: 3_000, firstDueDate: '2026-03-10', cashbackRate: 0 });
    // An app whose clock the sandbox can move (the start-up default), on the same database.
    const sandbox = buildApp({
      config: testConfig(),
      database: t.database,
      clock: offsetClock(manualClock(new Date('2026-03-10T12:00:00Z'))),
      log: createLogger('silent'),
    });
    const res = await sandbox.app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 2 }),
    });
    expect(res.status).toBe(200);
    const [row] = await db()
      .select()
      .from(instalments)
      .where(and(eq(instalments.orderId, order.id), eq(instalments.number, 1)));
    expect(row?.feesAmount).toBe(lateFee(cents(1_000), 2, t.built.services.lateFees.config));
  });
});

describe('public instalment page', () => {
  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['x', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request('GET', orderPaths.instalmentDetails(id));
      expect(res.status).toBe(404);
      expect((await t.request('GET', orderPaths.instalmentEvents(id))).status).toBe(404);
    }
  });

  it('shows a pending instalment with its Pix (created once, then reused) and a paid one without', async () => {
    const order = await createOrder(t, { total: 6_000 });
    const d = await details(order.id);
    const id = d.instalments[0]?.id ?? '';
    const res = await t.request('GET', orderPaths.instalmentDetails(id));
    expect(res.status, res.text).toBe(200);
    const page = v.parse(InstalmentDetails, res.body);
    expect(page).toMatchObject({
      merchantName: 'Loja Aurora',
      installment: { id, number: 1, total: 3, amount: 2_000, status: 'PENDING', late: false },
    });
    expect(page.installment.qrcodeText).toMatch(/^000201/);
    const again = v.parse(InstalmentDetails, (await t.request('GET', orderPaths.instalmentDetails(id))).body);
    expect(again.installment.qrcodeText).toBe(page.installment.qrcodeText);
    await payBrCode(t, page.installment.qrcodeText ?? '');
    const paid = v.parse(InstalmentDetails, (await t.request('GET', orderPaths.instalmentDetails(id))).body);
    expect(paid.installment).toMatchObject({ status: 'PAID', qrCode: null, qrcodeText: null });
  });

  it('streams the status by SSE and closes after PAID', async () => {
    const order = await createOrder(t, { total: 6_000 });
    const id = (await details(order.id)).instalments[0]?.id ?? '';
    const res = await t.raw(orderPaths.instalmentEvents(id), { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    };
    await readUntil('PENDING');
    expect(text).toContain('data: {"status":"PENDING"}');
    const details2 = v.parse(
      InstalmentDetails,
      (await t.request('GET', orderPaths.instalmentDetails(id))).body,
    );
    await payBrCode(t, details2.installment.qrcodeText ?? '');
    await readUntil('PAID');
    expect(text).toContain('data: {"status":"PAID"}');
    // The stream ends after PAID.
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
    }
    expect(t.built.services.instalmentEvents.subscriberCount()).toBe(0);
  });

  it('refuses more than SSE_MAX_STREAMS_PER_IP open streams from one address, and frees a slot on close', async () => {
    const order = await createOrder(t, { total: 6_000 });
    const id = (await details(order.id)).instalments[0]?.id ?? '';
    const streams: Response[] = [];
    const open = async () => {
      const res = await t.raw(orderPaths.instalmentEvents(id), { method: 'GET' });
      if (res.status === 200) streams.push(res);
      return res;
    };
    for (let i = 0; i < SSE_MAX_STREAMS_PER_IP; i++) expect((await open()).status).toBe(200);
    const refused = await open();
    expect(refused.status).toBe(429);
    const body = v.parse(v.object({ error: v.object({ message: v.string() }) }), await refused.json());
    expect(body.error.message).toBe(
      'Muitas páginas de parcela abertas ao mesmo tempo; feche algumas e tente novamente',
    );
    // The browser closing one stream frees its slot.
    await streams.shift()?.body?.cancel();
    await expect.poll(async () => (await open()).status, { timeout: 5_000 }).toBe(200);
    await Promise.all(streams.map((r) => r.body?.cancel()));
    await expect.poll(() => t.built.services.instalmentEvents.subscriberCount(), { timeout: 5_000 }).toBe(0);
  });

  it('opens an already paid instalment stream with PAID and closes it', async () => {
    const order = await createOrder(t, { total: 6_000, upfront: true });
    const id = (await details(order.id)).instalments[0]?.id ?? '';
    const res = await t.raw(orderPaths.instalmentEvents(id), { method: 'GET' });
    expect(await res.text()).toBe('data: {"status":"PAID"}\n\n');
  });
});

describe('start negotiation', () => {
  const LUIZA = { cpf: '390.533.447-05', phone: '+55 (31) 99123-4567' };

  it('answers 404 for an unknown CPF or a phone that is not the customer’s, 400 for bad input', async () => {
    const unknown = await t.request('POST', orderPaths.startNegotiation, {
      cpf: '935.411.347-80',
      phone: LUIZA.phone,
    });
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.body.error.message).toBe(
      'Usuário não foi encontrado, verifique as informações e tenta novamente',
    );
    const mismatch = await t.request('POST', orderPaths.startNegotiation, {
      cpf: LUIZA.cpf,
      phone: '+5511912345678',
    });
    expect(mismatch.status).toBe(404);
    const bad = await t.request('POST', orderPaths.startNegotiation, { cpf: '123', phone: 'x' });
    expect(bad.status).toBe(400);
  });

  it('answers 204 without overdue instalments, 201 with the request stored and e-mailed, then 409', async () => {
    const none = await t.request('POST', orderPaths.startNegotiation, LUIZA);
    expect(none.status, none.text).toBe(204);
    await createOrder(t, { cpf: '39053344705', firstDueDate: '2026-03-01' });
    const created = await t.request('POST', orderPaths.startNegotiation, LUIZA);
    expect(created.status, created.text).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await db()
      .select()
      .from(negotiationRequests)
      .where(eq(negotiationRequests.cpf, '39053344705'));
    expect(rows).toHaveLength(1);
    const outbox = await t.request('GET', '/sandbox/outbox?to=luiza.araujo@cliente.demo');
    expect(outbox.body.messages[0].subject).toBe('Recebemos sua solicitação de renegociação');
    const again = await t.request('POST', orderPaths.startNegotiation, LUIZA);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('O CPF informado já solicitou uma negociação');
  });
});

describe('orders table', () => {
  it('keeps the order ACTIVE while instalments are pending', async () => {
    const order = await createOrder(t);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('ACTIVE');
  });
});
