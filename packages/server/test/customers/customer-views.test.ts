import { CustomerOrderDetails, CustomerProfile, orderPaths, paths } from '@drip/core';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/modules/customers/tables.ts';
import { bearer, loginCustomer, seededApp } from '../helpers.ts';
import { createOrder, MARIA_CPF } from '../instalment-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

describe("the customer's views", () => {
  it('order details group identical products of an instalment with their quantity', async () => {
    // createOrder: 2 × Camiseta and 1 × Calça, split over 3 instalments.
    const order = await createOrder(t);
    const { token } = await loginCustomer(t);
    const res = await t.request('GET', orderPaths.customerOrder(order.id), undefined, bearer(token));
    expect(res.status).toBe(200);
    const details = v.parse(CustomerOrderDetails, res.body);
    for (const instalment of details.instalments) {
      expect(instalment.instalmentProducts.map((p) => [p.name, p.quantity])).toEqual([
        ['Camiseta', 2],
        ['Calça', 1],
      ]);
    }
  });

  it('the profile carries isOnDebtNegotiation and status (spec 3 Customer)', async () => {
    const { token } = await loginCustomer(t);
    const before = await t.request('GET', paths.customer.user, undefined, bearer(token));
    expect(v.parse(CustomerProfile, before.body)).toMatchObject({
      isOnDebtNegotiation: false,
      status: 'ACTIVE',
    });
    await t.built.services.database.db
      .update(customers)
      .set({ isOnDebtNegotiation: true })
      .where(eq(customers.cpf, MARIA_CPF));
    const after = await t.request('GET', paths.customer.user, undefined, bearer(token));
    expect(after.body).toMatchObject({ isOnDebtNegotiation: true, status: 'ACTIVE' });
    const patched = await t.request('PATCH', paths.customer.user, { name: 'Maria S.' }, bearer(token));
    expect(patched.body.user).toMatchObject({ isOnDebtNegotiation: true, status: 'ACTIVE' });
  });
});
