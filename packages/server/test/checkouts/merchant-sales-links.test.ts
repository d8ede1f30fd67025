/** 'Gerenciar Links' and 'Criar Drip Link' (spec 2.4, 3, 4, 6, 7, 8): ADMIN creates, READ only reads. */
import {
  canDeactivateLink,
  checkoutLinkMessages,
  fillPath,
  merchantCheckoutLinks,
  merchantCheckouts,
  merchantCreateCheckoutLink,
  merchantRevokeCheckout,
} from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { put } from '../checkout-helpers.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let admin: Record<string, string>;
let read: Record<string, string>;
let pitanga: Record<string, string>;

beforeAll(async () => {
  t = await seededApp();
  admin = bearer((await loginMerchant(t)).token);
  read = bearer((await loginMerchant(t, 'leitura@aurora.demo', '+5511976543210')).token);
  pitanga = bearer((await loginMerchant(t, 'admin@pitanga.demo', '+5521987651234')).token);
});
afterAll(async () => {
  await t.dispose();
});

const create = (body: unknown, headers = admin) => {
  // One second apart: the list is newest first.
  t.clock.advance(1000);
  return t.request('POST', merchantCreateCheckoutLink.path, body, headers);
};
const links = (headers = admin, query = '') =>
  t.request('GET', `${merchantCheckoutLinks.path}${query}`, undefined, headers);

describe('POST v1/checkouts (Criar Drip Link)', () => {
  it('creates a hosted checkout that opens, lists it as a link and as a sale', async () => {
    const res = await create({ amount: 250.5, merchantCode: '  PED-LINK-1 ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.formUrl).toMatch(new RegExp(`/checkout/${res.body.id}$|${res.body.id}`));
    // The shopper opens the link: the hosted checkout answers its first step.
    const opened = await put(t, res.body.id);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result).toBe('MORE_INFO');
    const listed = await links(read);
    expect(listed.status).toBe(200);
    expect(listed.body.content[0]).toMatchObject({
      id: res.body.id,
      code: 'PED-LINK-1',
      amount: 250.5,
      // Opened: 'Em uso'.
      status: 'MORE_INFO',
      backofficeStatus: 'ACTIVE',
      koReason: null,
      creatorEmail: 'admin@aurora.demo',
      formUrl: res.body.formUrl,
    });
    const sales = await t.request('GET', `${merchantCheckouts.path}?code=PED-LINK`, undefined, read);
    expect(sales.body.content.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
  });

  it("answers 409 with the spec's message for a code already used", async () => {
    expect((await create({ amount: 10, merchantCode: 'PED-DUP' })).status).toBe(201);
    const again = await create({ amount: 20, merchantCode: 'PED-DUP' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("O código 'PED-DUP' já existe, insira outro e tente novamente");
  });

  it('refuses a READ user with 403 and creates nothing', async () => {
    const before = (await links()).body.totalElements;
    const res = await create({ amount: 10, merchantCode: 'PED-READ' }, read);
    expect(res.status).toBe(403);
    expect((await links()).body.totalElements).toBe(before);
  });

  it('answers 400 for a missing, zero, negative or over-precise amount and an empty code', async () => {
    for (const body of [
      { merchantCode: 'X' },
      { amount: 0, merchantCode: 'X' },
      { amount: -5, merchantCode: 'X' },
      { amount: 1.234, merchantCode: 'X' },
      { amount: '10', merchantCode: 'X' },
      { amount: 10, merchantCode: '   ' },
      { amount: 10, merchantCode: 'X', extra: true },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });
});

describe('GET v1/checkouts (Gerenciar Links)', () => {
  it('shows a revoked link as REVOKED in its back-office status', async () => {
    const created = await create({ amount: 99.9, merchantCode: 'PED-REVOGAR' });
    const revoked = await t.request(
      'PUT',
      fillPath(merchantRevokeCheckout.path, { id: created.body.id }),
      undefined,
      admin,
    );
    expect(revoked.status).toBe(200);
    const link = (await links()).body.content.find((l: { id: string }) => l.id === created.body.id);
    expect(link).toMatchObject({ status: 'REVOKED', backofficeStatus: 'REVOKED' });
  });

  it("never shows another merchant's links, nor the merchant API's checkouts", async () => {
    expect((await links(pitanga)).body.totalElements).toBe(0);
    expect((await create({ amount: 10, merchantCode: 'PIT-1' }, pitanga)).status).toBe(201);
    const aurora = (await links()).body.content.map((l: { code: string }) => l.code);
    expect(aurora).not.toContain('PIT-1');
  });

  it('pages newest first with page and size', async () => {
    const res = await links(admin, '?page=0&size=2');
    expect(res.body.content).toHaveLength(2);
    expect(res.body.content[0].code).toBe('PED-REVOGAR');
    expect(res.body).toMatchObject({ number: 0, size: 2, totalElements: 3, totalPages: 2 });
  });
});

describe('PUT v1/checkouts/{id}/revoke (Desativar): the portal and the server share one rule', () => {
  const revoke = (id: string) =>
    t.request('PUT', fillPath(merchantRevokeCheckout.path, { id }), undefined, admin);
  const listed = async (id: string) =>
    (await links(admin, '?size=100')).body.content.find((l: { id: string }) => l.id === id);

  it("refuses a link whose checkout a shopper opened ('Em uso'): 409, and the shopper goes on", async () => {
    const created = await create({ amount: 80, merchantCode: 'PED-ABERTO' });
    expect((await put(t, created.body.id)).body.result).toBe('MORE_INFO');
    const link = await listed(created.body.id);
    expect(canDeactivateLink(link)).toBe(false);
    const res = await revoke(created.body.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(checkoutLinkMessages.cannotDeactivate);
    expect(await listed(created.body.id)).toMatchObject({ status: 'MORE_INFO', backofficeStatus: 'ACTIVE' });
    expect((await put(t, created.body.id)).body.result).toBe('MORE_INFO');
  });

  it("refuses a 'Criado' link past its expiry (shown Expirado)", async () => {
    const created = await create({ amount: 81, merchantCode: 'PED-VENCIDO' });
    t.clock.advance(25 * 3600_000);
    // Signed in again: the test clock moved past the session's life.
    admin = bearer((await loginMerchant(t)).token);
    const link = await listed(created.body.id);
    expect(link.status).toBe('EXPIRED');
    expect(canDeactivateLink(link)).toBe(false);
    expect((await revoke(created.body.id)).status).toBe(409);
  });

  it("deactivates a link still 'Criado', as the rule says; asking again answers the same", async () => {
    const created = await create({ amount: 82, merchantCode: 'PED-NOVO' });
    expect(canDeactivateLink(await listed(created.body.id))).toBe(true);
    const res = await revoke(created.body.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('REVOKED');
    expect(await listed(created.body.id)).toMatchObject({ status: 'REVOKED', backofficeStatus: 'REVOKED' });
    expect((await revoke(created.body.id)).status).toBe(200);
  });
});
