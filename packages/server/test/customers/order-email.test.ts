// The e-mails the checkout promises ('Enviaremos os detalhes das parcelas por WhatsApp e e-mail' on approval, 'As
// próximas cobranças serão enviadas para você por WhatsApp e e-mail' on the instalment page) land in the outbox.
import { orderPaths } from '@drip/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/modules/customers/tables.ts';
import { instalments, orders } from '../../src/modules/orders/tables.ts';
import { apiKeyOf, createCheckout, PITANGA, put, throughToken } from '../checkout-helpers.ts';
import { bearer, loginCustomer, seededApp } from '../helpers.ts';
import { createOrder, payBrCode } from '../instalment-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;

beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

interface Message {
  channel: string;
  subject: string | null;
  body: string;
  link: string | null;
}
const inbox = async (to: string): Promise<Message[]> =>
  (await t.request('GET', `/sandbox/outbox?to=${encodeURIComponent(to)}`)).body.messages;

/** The e-mail on file of a customer (a verified checkout may have updated it). */
async function emailOf(cpf: string): Promise<string> {
  const [row] = await t.built.services.database.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.cpf, cpf));
  return row?.email ?? '';
}

describe("the customer's e-mails", () => {
  it('an approved checkout e-mails every instalment with its due date, amount and the link that pays it', async () => {
    const id = await createCheckout(t, await apiKeyOf(t, PITANGA), { amount: 100 });
    await put(t, id);
    await throughToken(t, id, '11144477735', '+5521998765432');
    const ok = await put(t, id, { checkoutConfirmed: true });
    expect(ok.body.result).toBe('OK');

    const db = t.built.services.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.checkoutId, id));
    const rows = await db
      .select()
      .from(instalments)
      .where(eq(instalments.orderId, order?.id ?? ''))
      .orderBy(asc(instalments.number));
    const mails = (await inbox(await emailOf('11144477735'))).filter((m) => m.channel === 'EMAIL');
    const [mail] = mails;
    expect(mail?.subject).toBe(`Compra aprovada: suas parcelas do pedido ${order?.code}`);
    expect(mail?.body).toContain('Suas parcelas:');
    // 100,00 in 3x: 33,34 + 33,33 + 33,33 (2 % cashback off the last one).
    expect(mail?.body).toMatch(/1\/3 · vence em \d{2}\/\d{2}\/\d{4} · R\$\s33,34 · pague pelo Pix em /);
    for (const row of rows) expect(mail?.body).toContain(`http://localhost:3000/pagamento/${row.id}`);
    expect(mail?.link).toBe('http://localhost:3000/cliente');
  });

  it('a paid instalment e-mails the confirmation with the next charge and its link', async () => {
    const maria = bearer((await loginCustomer(t)).token);
    const order = await createOrder(t, { total: 30_000, cashbackRate: 0 });
    const pay = await t.request('PUT', orderPaths.payInstalment(order.id), undefined, maria);
    expect(pay.status, pay.text).toBe(200);
    await payBrCode(t, pay.body.payment.qrCodeText);

    const [mail] = await inbox(await emailOf('52998224725'));
    expect(mail?.channel).toBe('EMAIL');
    expect(mail?.subject).toBe('Pagamento confirmado: parcela 1 de 3');
    expect(mail?.body).toContain('Recebemos o pagamento da parcela 1 de 3 (R$\u00a0100,00).');
    const second = order.instalments[1];
    expect(mail?.body).toMatch(/Próxima cobrança: 2\/3 · vence em \d{2}\/\d{2}\/\d{4} · R\$\s100,00 · pague/);
    const db = t.built.services.database.db;
    const [row] = await db
      .select({ id: instalments.id })
      .from(instalments)
      .where(eq(instalments.orderId, order.id))
      .orderBy(asc(instalments.number))
      .offset(1);
    expect(second?.number).toBe(2);
    expect(mail?.link).toBe(`http://localhost:3000/pagamento/${row?.id}`);
  });
});
