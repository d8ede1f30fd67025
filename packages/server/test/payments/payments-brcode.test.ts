import { cents } from '@drip/core';
import fc from 'fast-check';
import { parsePix } from 'pix-utils';
import { parseEmv } from 'pix-utils/dist/main/emvHandler.js';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode, crc16, parseBrCode } from '../../src/modules/payments/brcode.ts';

/** pix-utils' EMV reader (tag values by number); note its getSubTag takes (subTag, mainTag) at run time. */
function emvOf(code: string) {
  const emv = parseEmv({ emvCode: code });
  if (!emv.isValid) throw new Error('invalid EMV');
  return { tag: (id: number) => emv.getTag(id), sub: (id: number, main: number) => emv.getSubTag(id, main) };
}

const LOCATION = 'pix.drip.dev/sandbox/psp/loc/9d36b84fc70b478fb95c12729b90ca25';

describe('BR Code', () => {
  it('computes the CRC16-CCITT (0xFFFF, 0x1021) of the standard check string', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds a dynamic payload that pix-utils parses back with a valid CRC', () => {
    const code = buildDynamicBrCode({
      location: LOCATION,
      amount: cents(30000),
      merchantName: 'Drip Pagamentos',
      merchantCity: 'São Paulo',
    });
    const parsed = parsePix(code);
    expect(parsed).toMatchObject({
      type: 'DYNAMIC',
      url: LOCATION,
      merchantName: 'DRIP PAGAMENTOS',
      merchantCity: 'SAO PAULO',
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
    });
    const emv = emvOf(code);
    expect(emv.tag(54)).toBe('300.00');
    expect(emv.tag(1)).toBe('12');
    expect(emv.sub(5, 62)).toBe('***');
    expect(emv.sub(0, 26)).toBe('br.gov.bcb.pix');
  });

  it('rejects a payload whose CRC does not match', () => {
    const code = buildDynamicBrCode({
      location: LOCATION,
      amount: cents(100),
      merchantName: 'Drip',
      merchantCity: 'SP',
    });
    const tampered = code.replace('1.00', '9.00');
    expect(parsePix(tampered)).toMatchObject({ error: true, message: 'invalid crc' });
    expect(parseBrCode(tampered)).toEqual({ ok: false, message: 'Código Pix inválido: o CRC não confere' });
    expect(parseBrCode('banana').ok).toBe(false);
  });

  it('property: any amount and location round-trips through pix-utils and our reader', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.stringMatching(/^[a-zA-Z0-9]{26,35}$/),
        (amount, id) => {
          const location = `localhost:3000/sandbox/psp/loc/${id}`;
          const code = buildDynamicBrCode({
            location,
            amount: cents(amount),
            merchantName: 'Drip',
            merchantCity: 'Sao Paulo',
          });
          const lib = parsePix(code);
          expect(lib).toMatchObject({ type: 'DYNAMIC', url: location });
          expect(Number(emvOf(code).tag(54))).toBeCloseTo(amount / 100, 2);
          const ours = parseBrCode(code);
          expect(ours).toEqual({
            ok: true,
            code: expect.objectContaining({ type: 'DYNAMIC', location, amount, referenceLabel: '***' }),
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
