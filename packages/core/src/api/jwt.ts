/**
 * Reading (not verifying) the claims of an access token in the browser: the server verifies every call; the
 * browser only needs the claims to shape the UI (e.g. a read-only merchant session, spec section 6).
 */
import * as v from 'valibot';
import { AccessClaims } from '../contract/auth.ts';

function base64UrlDecode(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The claims of a JWT access token, or null when it is not a JWT or its payload does not match `AccessClaims`. */
export function decodeAccessToken(token: string): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  const json = base64UrlDecode(parts[1]);
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = v.safeParse(AccessClaims, payload);
  return parsed.success ? parsed.output : null;
}

/**
 * Whether a merchant session may change things (refunds, links...). Spec section 6: without the ADMIN permission
 * the session is read-only; an empty (or absent) permission list counts as admin. Non-merchant claims: false.
 */
export function isMerchantAdmin(claims: AccessClaims | null): boolean {
  if (claims?.aud !== 'merchant') return false;
  const permissions = claims.permissions ?? [];
  return permissions.length === 0 || permissions.includes('ADMIN');
}

/** Whether the token's `exp` (seconds since the epoch) is at or before `now`. */
export function isAccessTokenExpired(claims: AccessClaims, now: Date): boolean {
  return claims.exp * 1000 <= now.getTime();
}
