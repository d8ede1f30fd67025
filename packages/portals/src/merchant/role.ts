import { decodeAccessToken, isMerchantAdmin } from '@drip/core';
import type { AreaSession } from '../shared/session.ts';
import { useMerchant } from './context.tsx';

// Apart from context.tsx (which the route table, in the entry, imports): reading the token's claims takes core's
// JWT decoding and its valibot schema, which only the signed-in pages need.

export function sessionIsMerchantAdmin(session: AreaSession): boolean {
  const pair = session.tokens.get();
  return isMerchantAdmin(pair ? decodeAccessToken(pair.token) : null);
}

export function useMerchantIsAdmin(): boolean {
  return sessionIsMerchantAdmin(useMerchant().session);
}
