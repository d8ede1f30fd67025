/**
 * Identity at checkout (docs/identity.md): a verified phone proves a phone, a payer-CPF Pix proves a CPF. These are
 * the attacks of a stranger who knows a customer's CPF, and the journeys of the real owner.
 */
import { paths } from '@drip/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema.ts';
import {
  apiKeyOf,
  createCheckout,
  customerData,
  field,
  fieldNames,
  freshShopper,
  PITANGA,
  payPix,
  put,
  throughToken,
} from '../checkout-helpers.ts';
import { seededApp, type TestApp } from '../helpers.ts';

const JOAO_CPF = '11144477735';
const JOAO_PHONE = '+5521998765432';
const ATTACKER_PHONE = '+5511955554444';
const ATTACKER_CPF = '39053344705';

let t: TestApp & { dispose(): Promise<void> };
let pitangaKey: string;

beforeAll(async () => {
  t = await seededApp();
  pitangaKey = await apiKeyOf(t, PITANGA);
});
afterAll(() => t.dispose());

async function customerByCpf(cpf: string) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.cpf, cpf));
  if (!row) throw new Error(`no customer ${cpf}`);
  return row;
}

async function outboxTo(to: string): Promise<{ body: string; code?: string }[]> {
  const res = await t.request('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(to)}`);
  return res.body.messages;
}

const attackerData = (cpf: string) =>
  customerData(cpf, ATTACKER_PHONE, {
    customerName: 'Estranho',
    customerEmail: 'estranho@example.com',
    addressCep: '01001-000',
    addressStreet: 'Praça da Sé',
    addressNumber: '1',
  });

describe('a stranger who knows a customer’s CPF', () => {
  it('cannot change the customer’s contact data, is asked for the payer-CPF Pix, and is denied paying from another CPF', async () => {
    const before = await customerByCpf(JOAO_CPF);
    const id = await createCheckout(t, pitangaKey);
    expect((await put(t, id, attackerData(JOAO_CPF))).status).toBe(200);
    const code = (await outboxTo(ATTACKER_PHONE))[0];
    const token = await put(t, id, { phoneVerificationCode: code?.code });
    expect(token.body.isValid).toBe(true);

    // João has an order and Casa Pitanga has no upfront payment: before, this answered an approval at once.
    expect(token.body.result).toBe('MORE_INFO');
    expect(fieldNames(token)).toContain('payment');
    const unchanged = await customerByCpf(JOAO_CPF);
    expect(unchanged).toMatchObject({
      phone: before.phone,
      email: before.email,
      name: before.name,
      addressStreet: before.addressStreet,
      addressCep: before.addressCep,
    });

    await payPix(t, field(token, 'payment').fieldData.paymentQrCodeText, ATTACKER_CPF);
    const after = await put(t, id);
    expect(after.body.result).toBe('KO');
    expect(field(after, 'koReason').fieldData).toBe('INVALID_CUSTOMER_DATA');
    expect(await customerByCpf(JOAO_CPF)).toMatchObject({ phone: JOAO_PHONE, email: before.email });
  });

  it('never receives the customer’s recovery code', async () => {
    const id = await createCheckout(t, pitangaKey);
    await throughToken(t, id, JOAO_CPF, ATTACKER_PHONE);
    const before = (await outboxTo(ATTACKER_PHONE)).length;
    const res = await t.request('POST', paths.customer.recoverPassword, { customerCpf: JOAO_CPF });
    expect(res.status).toBe(200);
    expect(await outboxTo(ATTACKER_PHONE)).toHaveLength(before);
    expect((await outboxTo(JOAO_PHONE))[0]?.body).toMatch(/\d{6}/);
  });

  it('of a CPF new to Drip leaves an unproven record that the owner’s proof takes over', async () => {
    const owner = freshShopper();
    const first = await createCheckout(t, pitangaKey);
    await put(t, first, attackerData(owner.cpf));
    const code = (await outboxTo(ATTACKER_PHONE))[0];
    await put(t, first, { phoneVerificationCode: code?.code });
    const squatted = await customerByCpf(owner.cpf);
    expect(squatted.phone).toBe(ATTACKER_PHONE);
    expect(squatted.phoneVerifiedAt).toBeNull();

    // The same stranger again: the phone on file is not verified, so it proves nothing.
    const again = await createCheckout(t, pitangaKey);
    await put(t, again, attackerData(owner.cpf));
    const code2 = (await outboxTo(ATTACKER_PHONE))[0];
    const token2 = await put(t, again, { phoneVerificationCode: code2?.code });
    expect(fieldNames(token2)).toContain('payment');

    // The owner proves the CPF with a Pix from their own account: the record becomes theirs.
    const mine = await createCheckout(t, pitangaKey);
    const token = await throughToken(t, mine, owner.cpf, owner.phone);
    await payPix(t, field(token, 'payment').fieldData.paymentQrCodeText, owner.cpf);
    const analysed = await put(t, mine);
    expect(analysed.body.result).toBe('MORE_INFO');
    const bound = await customerByCpf(owner.cpf);
    expect(bound.phone).toBe(owner.phone);
    expect(bound.email).toBe('ana.teste@example.com');
    expect(bound.phoneVerifiedAt).not.toBeNull();
  });
});

describe('the owner of the CPF', () => {
  it('with the verified phone on file is analysed at the token step, without a Pix', async () => {
    const id = await createCheckout(t, pitangaKey);
    const token = await throughToken(t, id, JOAO_CPF, JOAO_PHONE);
    expect(fieldNames(token)).not.toContain('payment');
    expect(fieldNames(token)).toContain('checkoutConfirmation');
  });

  it('with a new phone proves the CPF by the Pix, and the new phone becomes the one on file', async () => {
    const shopper = freshShopper();
    const setup = await createCheckout(t, pitangaKey);
    const t1 = await throughToken(t, setup, shopper.cpf, shopper.phone);
    await payPix(t, field(t1, 'payment').fieldData.paymentQrCodeText, shopper.cpf);
    await put(t, setup);
    expect((await customerByCpf(shopper.cpf)).phone).toBe(shopper.phone);

    const newPhone = freshShopper().phone;
    const id = await createCheckout(t, pitangaKey);
    // Before the proof, the typed phone is the checkout's only.
    const token = await throughToken(t, id, shopper.cpf, newPhone);
    expect(fieldNames(token)).toContain('payment');
    expect(await customerByCpf(shopper.cpf)).toMatchObject({ phone: shopper.phone });
    await payPix(t, field(token, 'payment').fieldData.paymentQrCodeText, shopper.cpf);
    const analysed = await put(t, id);
    expect(analysed.body.result).toBe('MORE_INFO');
    expect(await customerByCpf(shopper.cpf)).toMatchObject({ phone: newPhone });

    // Next time the new phone is the proof.
    const next = await createCheckout(t, pitangaKey);
    expect(fieldNames(await throughToken(t, next, shopper.cpf, newPhone))).not.toContain('payment');
  });
});

describe('the phone-only form (spec 4, step derivation (2))', () => {
  const prefilled = (cpf: string) => createCheckout(t, pitangaKey, { customer: { prefill: { cpf } } });

  it('asks a known customer prefilled by the merchant for the phone only, and the phone on file proves the CPF', async () => {
    const id = await prefilled(JOAO_CPF);
    const opened = await put(t, id);
    expect(fieldNames(opened).filter((f) => f.startsWith('customer'))).toEqual(['customerPhone']);
    const sent = await put(t, id, { customerPhone: '(21) 99876-5432' });
    expect(sent.status).toBe(200);
    expect(fieldNames(sent)).toContain('phoneVerificationCode');
    const code = (await outboxTo(JOAO_PHONE))[0]?.code;
    const token = await put(t, id, { phoneVerificationCode: code });
    expect(token.body.isValid).toBe(true);
    expect(fieldNames(token)).toContain('checkoutConfirmation');
    expect(fieldNames(token)).not.toContain('payment');
  });

  it('with another phone asks for the payer-CPF Pix and changes nothing on file', async () => {
    const id = await prefilled(JOAO_CPF);
    await put(t, id);
    await put(t, id, { customerPhone: ATTACKER_PHONE });
    const code = (await outboxTo(ATTACKER_PHONE))[0]?.code;
    const token = await put(t, id, { phoneVerificationCode: code });
    expect(fieldNames(token)).toContain('payment');
    expect(await customerByCpf(JOAO_CPF)).toMatchObject({ phone: JOAO_PHONE });
  });

  it('asks for the whole form when the prefilled CPF is not a verified customer', async () => {
    const id = await prefilled(freshShopper().cpf);
    const opened = await put(t, id);
    expect(fieldNames(opened)).toEqual(
      expect.arrayContaining(['customerCpf', 'customerPhone', 'customerEmail']),
    );
    expect((await put(t, id, { customerPhone: ATTACKER_PHONE })).status).toBe(409);
  });
});
