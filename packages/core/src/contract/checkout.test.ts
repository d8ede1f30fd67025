import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { generateCpf } from '../br.ts';
import {
  CepLookupResponse,
  CheckoutFeedbackRequest,
  CheckoutResponse,
  CheckoutUpdateRequest,
  CreateCheckoutRequest,
  checkoutUpdateKind,
  DENIAL_REASONS,
  FIELD_NAMES,
  InstalmentsSimulatorQuery,
  MerchantCheckoutView,
} from './checkout.ts';

const messages = (schema: v.GenericSchema, value: unknown) => {
  const r = v.safeParse(schema, value);
  return r.success ? [] : r.issues.map((i) => i.message);
};

const CPF = generateCpf(7);

describe('checkout contract', () => {
  it('has the 18 field names and the 18 denial reasons', () => {
    expect(Object.keys(FIELD_NAMES)).toHaveLength(18);
    expect(Object.entries(FIELD_NAMES).every(([k, val]) => k === val)).toBe(true);
    expect(new Set(DENIAL_REASONS).size).toBe(18);
  });

  it('parses a response: reais → centavos, request fields without data, unknown field rejected', () => {
    const r = v.parse(CheckoutResponse, {
      result: 'MORE_INFO',
      fields: [
        {
          fieldName: 'paymentForFirstInstalment',
          fieldData: {
            paymentQrCode: 'https://qr',
            paymentQrCodeText: '0002',
            amount: 33.34,
            expiresAt: '2025-01-31T12:10:00Z',
          },
        },
        { fieldName: 'checkoutConfirmation' },
        { fieldName: 'customerEmail', fieldData: 'a@b.co' },
      ],
    });
    expect(r.fields[0]).toMatchObject({ fieldData: { amount: 3_334 } });
    expect(
      v.safeParse(CheckoutResponse, { result: 'MORE_INFO', fields: [{ fieldName: 'nope' }] }).success,
    ).toBe(false);
    expect(v.safeParse(CheckoutResponse, { result: 'ok', fields: [] }).success).toBe(false);
    // a data field without its data is invalid
    expect(v.safeParse(CheckoutResponse, { result: 'OK', fields: [{ fieldName: 'payment' }] }).success).toBe(
      false,
    );
    // more than two decimals is rejected, never rounded
    expect(
      v.safeParse(CheckoutResponse, {
        result: 'OK',
        fields: [{ fieldName: 'blockedLimit', fieldData: 10.001 }],
      }).success,
    ).toBe(false);
  });

  describe('PUT bodies', () => {
    const customer = {
      customerPhone: '(11) 98765-4321',
      customerCpf: `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`,
      customerName: ' Ana Souza ',
      customerEmail: 'Ana@Example.com',
      addressCep: '01310-930',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1000',
      addressNeighborhood: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'sp',
    };

    it('normalises customer data (digits CPF, E.164 phone, CEP digits, UF)', () => {
      const out = v.parse(CheckoutUpdateRequest, customer);
      expect(out).toMatchObject({
        customerPhone: '+5511987654321',
        customerCpf: CPF,
        customerName: 'Ana Souza',
        customerEmail: 'ana@example.com',
        addressCep: '01310930',
        addressState: 'SP',
      });
      expect(checkoutUpdateKind(out)).toBe('customerData');
    });

    it('reports the spec messages of the failing member', () => {
      expect(messages(CheckoutUpdateRequest, { ...customer, customerCpf: '111.111.111-12' })).toContain(
        'O campo CPF fornecido é inválido',
      );
      expect(messages(CheckoutUpdateRequest, { ...customer, customerPhone: '123' })).toContain(
        'O campo telefone fornecido é inválido, verifique e tente novamente',
      );
      expect(messages(CheckoutUpdateRequest, { ...customer, addressCep: '0131' })).toContain(
        'O campo CEP deve ter 8 digitos',
      );
      expect(messages(CheckoutUpdateRequest, { ...customer, addressStreet: ' ' })).toContain(
        'Não encontramos a rua pelo CEP informado, por favor preencha',
      );
      expect(messages(CheckoutUpdateRequest, { ...customer, addressState: '' })).toContain(
        'Precisamos de um CEP válido para recuperar o estado',
      );
    });

    it('accepts each update kind and rejects mixtures', () => {
      const kinds = [
        [{}, 'load'],
        [{ customerPhone: '+55 11 98765-4321' }, 'phone'],
        [{ firstInstallmentsDate: '2025-02-15' }, 'firstInstalmentDate'],
        [{ totalInstalments: 4 }, 'instalmentSelection'],
        [{ phoneVerificationMethod: 'WHATSAPP', shouldResendPhoneVerificationCode: true }, 'resendToken'],
        [{ phoneVerificationCode: '123456' }, 'token'],
        [{ checkoutConfirmed: true }, 'confirm'],
      ] as const;
      for (const [body, kind] of kinds) {
        expect(checkoutUpdateKind(v.parse(CheckoutUpdateRequest, body))).toBe(kind);
      }
      expect(v.safeParse(CheckoutUpdateRequest, { checkoutConfirmed: false }).success).toBe(false);
      expect(v.safeParse(CheckoutUpdateRequest, { totalInstalments: 2.5 }).success).toBe(false);
      expect(v.safeParse(CheckoutUpdateRequest, { firstInstallmentsDate: '2025-02-30' }).success).toBe(false);
      expect(v.safeParse(CheckoutUpdateRequest, { phoneVerificationCode: '12a456' }).success).toBe(false);
      expect(
        v.safeParse(CheckoutUpdateRequest, { totalInstalments: 3, checkoutConfirmed: true }).success,
      ).toBe(false);
    });
  });

  describe('merchant API', () => {
    const create = {
      amount: 199.9,
      merchantOrderCode: 'PED-1',
      products: [{ name: 'Tênis', quantity: 1, amount: 199.9 }],
      resolveUrl: 'https://loja.example/ok',
      cancelUrl: 'https://loja.example/cancel',
    };
    it('accepts a valid creation and converts the amount', () => {
      expect(v.parse(CreateCheckoutRequest, create).amount).toBe(19_990);
    });
    it('rejects 10.001, negatives, long codes and non-http URLs with clear messages', () => {
      expect(messages(CreateCheckoutRequest, { ...create, amount: 10.001 })).toContain(
        'O valor deve ter no máximo 2 casas decimais',
      );
      expect(messages(CreateCheckoutRequest, { ...create, amount: -1 })).toContain(
        'O valor deve ser maior que zero',
      );
      expect(messages(CreateCheckoutRequest, { ...create, merchantOrderCode: 'x'.repeat(65) })).toContain(
        'O código do pedido deve ter no máximo 64 caracteres',
      );
      expect(
        messages(CreateCheckoutRequest, { ...create, resolveUrl: 'javascript:alert(1)' }).length,
      ).toBeGreaterThan(0);
      expect(
        messages(CreateCheckoutRequest, { ...create, products: [{ name: 'x', quantity: 0, amount: 1 }] }),
      ).toContain('A quantidade deve ser pelo menos 1');
    });
    it('bounds every amount and quantity (R$ 1.000.000,00, 10 000 units, 100 products): one issue past a bound', () => {
      expect(v.parse(CreateCheckoutRequest, { ...create, amount: 1_000_000 }).amount).toBe(100_000_000);
      expect(messages(CreateCheckoutRequest, { ...create, amount: 1e300 })).toEqual([
        'O valor deve ser no máximo R$ 1.000.000,00',
      ]);
      const product = { name: 'x', quantity: 2_147_483_648, amount: 1 };
      expect(messages(CreateCheckoutRequest, { ...create, products: [product] })).toEqual([
        'A quantidade deve ser no máximo 10.000',
      ]);
      expect(
        messages(CreateCheckoutRequest, { ...create, products: [{ ...product, quantity: 1, amount: 1e13 }] }),
      ).toEqual(['O valor unitário deve ser no máximo R$ 1.000.000,00']);
    });
    it('parses the merchant view', () => {
      const view = v.parse(MerchantCheckoutView, {
        id: 'c1',
        status: 'OK',
        merchantOrderCode: 'PED-1',
        amount: 300,
        order: {
          id: 'o1',
          status: 'ACTIVE',
          instalments: [{ number: 1, dueDate: '2025-02-15', amount: 100, status: 'PENDING' }],
        },
        createdAt: '2025-01-31T12:00:00.000Z',
        expiresAt: '2025-02-01T12:00:00.000Z',
      });
      expect(view.order?.instalments[0]?.amount).toBe(10_000);
    });
  });

  it('simulator query, feedback and CEP lookup', () => {
    expect(v.parse(InstalmentsSimulatorQuery, { amount: '300,00', cnpj: '12.345.678/0001-95' })).toEqual({
      amount: 30_000,
      cnpj: '12345678000195',
    });
    expect(v.parse(InstalmentsSimulatorQuery, { checkoutId: 'c1' })).toEqual({ checkoutId: 'c1' });
    expect(
      messages(CheckoutFeedbackRequest, { checkoutID: 'c1', feedback: 'Outro motivo', comment: '' }),
    ).toContain('Conte para nós o que aconteceu no campo de comentário');
    expect(
      v.safeParse(CheckoutFeedbackRequest, {
        checkoutID: 'c1',
        feedback: 'Achei muito complicado',
        comment: '',
      }).success,
    ).toBe(true);
    expect(v.parse(CepLookupResponse, { erro: 'true' }).erro).toBe('true');
  });
});
