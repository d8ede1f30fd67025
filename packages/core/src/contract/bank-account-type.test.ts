import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_TYPE_CODES, bankAccountTypeLabel } from './admin-merchants.ts';

describe('bank account types', () => {
  it("shows 001 with the spec's label and the other codes as they are", () => {
    expect(bankAccountTypeLabel('001')).toBe('001 - Conta Corrente Pessoa Física');
    expect(bankAccountTypeLabel('013')).toBe('013');
    expect(BANK_ACCOUNT_TYPE_CODES).toHaveLength(14);
  });
});
