import { describe, expect, it } from 'vitest';
import { decodeAccessToken, isAccessTokenExpired, isMerchantAdmin } from './jwt.ts';

function b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const jwt = (payload: unknown) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.sig`;

const base = { sub: 'mu_1', aud: 'merchant', merchantId: 'm_1', exp: 2_000_000_000, iat: 1_999_999_000 };

describe('decodeAccessToken', () => {
  it('reads the claims', () => {
    expect(decodeAccessToken(jwt({ ...base, permissions: ['READ'] }))).toEqual({
      ...base,
      permissions: ['READ'],
    });
  });

  it('decodes UTF-8 and base64url characters', () => {
    const claims = decodeAccessToken(jwt({ ...base, sub: 'ção?>>~~', permissions: [] }));
    expect(claims?.sub).toBe('ção?>>~~');
  });

  it('returns null for anything that is not a token with valid claims', () => {
    expect(decodeAccessToken('')).toBeNull();
    expect(decodeAccessToken('a.b')).toBeNull();
    expect(decodeAccessToken('a.!!!.c')).toBeNull();
    expect(decodeAccessToken(`x.${b64url('not json')}.y`)).toBeNull();
    expect(decodeAccessToken(jwt({ ...base, aud: 'shopper' }))).toBeNull();
    expect(decodeAccessToken(jwt({ sub: 'x' }))).toBeNull();
  });
});

describe('isMerchantAdmin', () => {
  it('is admin with ADMIN, with an empty list or without a list (spec section 6)', () => {
    expect(isMerchantAdmin(decodeAccessToken(jwt({ ...base, permissions: ['ADMIN', 'READ'] })))).toBe(true);
    expect(isMerchantAdmin(decodeAccessToken(jwt({ ...base, permissions: [] })))).toBe(true);
    expect(isMerchantAdmin(decodeAccessToken(jwt(base)))).toBe(true);
  });

  it('is read-only with READ only, and false for other audiences or no claims', () => {
    expect(isMerchantAdmin(decodeAccessToken(jwt({ ...base, permissions: ['READ'] })))).toBe(false);
    expect(isMerchantAdmin(decodeAccessToken(jwt({ ...base, aud: 'admin', permissions: [] })))).toBe(false);
    expect(isMerchantAdmin(null)).toBe(false);
  });
});

describe('isAccessTokenExpired', () => {
  it('compares exp (seconds) with now', () => {
    const claims = { sub: 'a', aud: 'admin' as const, exp: 1000, iat: 0 };
    expect(isAccessTokenExpired(claims, new Date(999_999))).toBe(false);
    expect(isAccessTokenExpired(claims, new Date(1_000_000))).toBe(true);
  });
});
