import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PhoneOnlyRequest } from './contract/checkout.ts';
import { StartNegotiationRequest } from './contract/orders.ts';
import {
  formatShopperPhoneInput,
  nationalDigitsOf,
  normalizeShopperPhone,
  parseShopperPhone,
  phoneCountries,
} from './phone.ts';

describe('shopper phones (spec 5 and 9)', () => {
  it('a number without + is Brazilian by default, with Drip’s rules and messages', () => {
    expect(parseShopperPhone('(11) 98765-4321')).toEqual({ ok: true, e164: '+5511987654321', country: 'BR' });
    expect(parseShopperPhone('+55 (11) 3000-0000')).toEqual({
      ok: true,
      e164: '+551130000000',
      country: 'BR',
    });
    expect(parseShopperPhone('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseShopperPhone('+55 (11) 9876')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseShopperPhone('+55 (11) 88765-4321')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('accepts valid international numbers, by their own + or by the chosen country', () => {
    expect(parseShopperPhone('+1 213 373 4253')).toEqual({ ok: true, e164: '+12133734253', country: 'US' });
    expect(parseShopperPhone('(213) 373-4253', 'US')).toEqual({
      ok: true,
      e164: '+12133734253',
      country: 'US',
    });
    expect(parseShopperPhone('+351 912 345 678')).toEqual({ ok: true, e164: '+351912345678', country: 'PT' });
    expect(parseShopperPhone('+1 213 37')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseShopperPhone('+1 555 123 4567')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseShopperPhone('+999 1234 5678')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('normalises any notation to E.164; digits are Brazilian first, then E.164 without its +', () => {
    expect(normalizeShopperPhone('5511987654321')).toBe('+5511987654321');
    expect(normalizeShopperPhone('11987654321')).toBe('+5511987654321');
    expect(normalizeShopperPhone('12133734253')).toBe('+12133734253');
    expect(normalizeShopperPhone('+1 (213) 373-4253')).toBe('+12133734253');
    expect(normalizeShopperPhone('5511887654321')).toBeNull();
    expect(normalizeShopperPhone('123')).toBeNull();
  });

  it('the checkout and renegotiation contracts take international numbers as E.164', () => {
    expect(v.parse(PhoneOnlyRequest, { customerPhone: '+1 213 373 4253' })).toEqual({
      customerPhone: '+12133734253',
    });
    expect(v.safeParse(PhoneOnlyRequest, { customerPhone: '+1 555 123 4567' }).success).toBe(false);
    expect(v.parse(StartNegotiationRequest, { cpf: '52998224725', phone: '5531991234567' }).phone).toBe(
      '+5531991234567',
    );
    expect(v.parse(StartNegotiationRequest, { cpf: '52998224725', phone: '12133734253' }).phone).toBe(
      '+12133734253',
    );
  });

  it('formats while typing: the Brazilian mask, else the international layout, and + picks the country', () => {
    expect(formatShopperPhoneInput('11987654321')).toEqual({ text: '+55 (11) 98765-4321', country: 'BR' });
    expect(formatShopperPhoneInput('+12133734253', 'BR')).toEqual({ text: '+1 213 373 4253', country: 'US' });
    expect(formatShopperPhoneInput('2133734253', 'US')).toEqual({ text: '+1 213 373 4253', country: 'US' });
    expect(formatShopperPhoneInput('+5', 'BR')).toEqual({ text: '+5', country: 'BR' });
    expect(formatShopperPhoneInput('+55119', 'US')).toEqual({ text: '+55 (11) 9', country: 'BR' });
    expect(formatShopperPhoneInput('', 'US')).toEqual({ text: '', country: 'US' });
    expect(nationalDigitsOf('+55 (21) 3733-4253', 'BR')).toBe('2137334253');
  });

  it('lists Brazil and the US first, then every other country', () => {
    const countries = phoneCountries((c) => c);
    expect(countries.slice(0, 2)).toEqual(['BR', 'US']);
    expect(countries.length).toBeGreaterThan(200);
    expect(new Set(countries).size).toBe(countries.length);
  });
});
