import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  generateCnpj,
  generateCpf,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfOrCnpj,
  maskPhone,
  maskPhoneForDisplay,
  normalizePhone,
  onlyDigits,
  PHONE_MASK_MAX_LENGTH,
} from './br.ts';

const typed = fc.string({ unit: fc.constantFrom(...'0123456789 .-/()+abc'.split('')), maxLength: 30 });

describe('documents', () => {
  it('validates CPF, CNPJ and CEP', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
    expect(isValidCnpj('12.345.678/0001-95')).toBe(true);
    expect(isValidCnpj('12345678000190')).toBe(false);
    expect(isValidCep('01310-930')).toBe(true);
    expect(isValidCep('01310930')).toBe(true);
    expect(isValidCep('0131093')).toBe(false);
    expect(isValidCep('01310-93a')).toBe(false);
  });

  it('formats complete values', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCep('01310930')).toBe('01310-930');
  });

  it('masks progressively while typing', () => {
    expect(maskCpf('')).toBe('');
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('123456789')).toBe('123.456.789');
    expect(maskCpf('1234567890')).toBe('123.456.789-0');
    expect(maskCpf('123456789099999')).toBe('123.456.789-09');
    expect(maskCep('013109')).toBe('01310-9');
    expect(maskCnpj('123456780001')).toBe('12.345.678/0001');
    expect(maskCpfOrCnpj('12345678909')).toBe('123.456.789-09');
    expect(maskCpfOrCnpj('123456780001')).toBe('12.345.678/0001');
  });

  it('masks are idempotent and keep only the digits in order (property)', () => {
    const cases = [
      { mask: maskCpf, max: 11 },
      { mask: maskCnpj, max: 14 },
      { mask: maskCep, max: 8 },
    ];
    fc.assert(
      fc.property(typed, (input) => {
        for (const { mask, max } of cases) {
          const once = mask(input);
          expect(mask(once)).toBe(once);
          expect(onlyDigits(once)).toBe(onlyDigits(input).slice(0, max));
        }
      }),
    );
  });

  it('generated CPFs are deterministic and, formatted, validate (property)', () => {
    expect(generateCpf(42)).toBe(generateCpf(42));
    expect(generateCpf(1)).not.toBe(generateCpf(2));
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const cpf = generateCpf(seed);
        expect(cpf).toMatch(/^\d{11}$/);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
        expect(formatCpf(cpf)).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      }),
    );
  });

  it('generates valid CNPJs from a seed, the same for the same seed', () => {
    expect(generateCnpj(42)).toBe(generateCnpj(42));
    expect(generateCnpj(1)).not.toBe(generateCnpj(2));
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const cnpj = generateCnpj(seed);
        expect(cnpj).toMatch(/^\d{8}0001\d{2}$/);
        expect(isValidCnpj(cnpj)).toBe(true);
      }),
    );
  });
});

describe('phones', () => {
  it('normalises Brazilian numbers to E.164', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePhone('11987654321')).toBe('+5511987654321');
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePhone('5511987654321')).toBe('+5511987654321');
    expect(normalizePhone('1130000000')).toBe('+551130000000');
    expect(normalizePhone('+55 11 3000-0000')).toBe('+551130000000');
    expect(normalizePhone('55987654321')).toBe('+5555987654321'); // DDD 55 (RS) without country code
  });

  it('rejects incomplete, foreign or impossible numbers', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('1198765432')).toBeNull(); // 10 digits that are not a landline
    expect(normalizePhone('119876543')).toBeNull();
    expect(normalizePhone('+1 415 555 2671')).toBeNull();
    expect(normalizePhone('00987654321')).toBeNull(); // DDD 00
    expect(normalizePhone('11387654321')).toBeNull(); // 11 digits must be a mobile
  });

  it('formats phones', () => {
    expect(formatPhone('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPhone('1130000000')).toBe('+55 (11) 3000-0000');
    expect(formatPhone('+55 (11) 98765-4321')).toHaveLength(PHONE_MASK_MAX_LENGTH);
    expect(formatPhone('119')).toBe('+55 (11) 9');
  });

  it('masks progressively while typing', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('+55 (1');
    expect(maskPhone('11')).toBe('+55 (11');
    expect(maskPhone('119')).toBe('+55 (11) 9');
    expect(maskPhone('119876')).toBe('+55 (11) 9876');
    expect(maskPhone('1198765')).toBe('+55 (11) 9876-5');
    expect(maskPhone('1130000000')).toBe('+55 (11) 3000-0000');
    expect(maskPhone('11987654321')).toBe('+55 (11) 98765-4321');
    expect(maskPhone('119876543219')).toBe('+55 (11) 98765-4321');
    expect(maskPhone('+55 (11) 98765-43')).toBe('+55 (11) 9876-543');
    expect(maskPhone('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(maskPhone('5511987654321')).toBe('+55 (11) 98765-4321');
    // deleting the ') ' after the DDD does not get stuck
    expect(maskPhone('+55 (11')).toBe('+55 (11');
  });

  it('the phone mask is idempotent, bounded and keeps the digits in order (property)', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const once = maskPhone(input);
        expect(maskPhone(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(PHONE_MASK_MAX_LENGTH);
        const digits = onlyDigits(once);
        if (once !== '') {
          expect(digits.startsWith('55')).toBe(true);
          expect(onlyDigits(input)).toContain(digits.slice(2));
        }
      }),
    );
  });

  it('valid phones survive mask → normalise (property)', () => {
    const mobile = fc
      .tuple(fc.integer({ min: 11, max: 99 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([ddd, n]) => `${ddd}9${String(n).padStart(8, '0')}`)
      .filter((n) => normalizePhone(n) !== null);
    fc.assert(
      fc.property(mobile, (n) => {
        expect(normalizePhone(maskPhone(n))).toBe(`+55${n}`);
        expect(normalizePhone(formatPhone(n))).toBe(`+55${n}`);
      }),
    );
  });

  it('hides the middle of the phone for display', () => {
    expect(maskPhoneForDisplay('+5511987654321')).toBe('+55 (11) *****-4321');
    expect(maskPhoneForDisplay('1130000000')).toBe('+55 (11) ****-0000');
    expect(maskPhoneForDisplay('+55 (11) *****-4321')).toBe('+55 (11) *****-4321');
  });
});
