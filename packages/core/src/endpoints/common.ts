/** Small schemas shared by the endpoint table: path parameters and answers without a contract type of their own. */
import * as v from 'valibot';
import { LogoutResponse, TokenPair } from '../contract/auth.ts';
import { endpoint } from './define.ts';

/** A path parameter as it arrives: any text (the service answers 404 for an unknown or malformed id). */
export const IdParam = v.object({ id: v.string() });
export const MerchantIdParam = v.object({ merchantId: v.string() });

/** Any JSON: answers whose shape belongs to an external protocol (API Pix) parsed by its adapter. */
export const AnyJson = v.unknown();

/** An HTML page (the answer's text). */
export const HtmlPage = v.string();

/** The `RefreshToken` header carried by refresh and logout. */
export const REFRESH_HEADER_DOC = { RefreshToken: 'The refresh token of the session' } as const;

/** A portal's token refresh at `path`: the refresh token (header) for a new token pair. */
/* @__NO_SIDE_EFFECTS__ */
export function refreshEndpoint(id: string, path: string, tag: string) {
  return endpoint(id, {
    method: 'PUT',
    path,
    audience: 'anonymous',
    tag,
    summary: 'Exchanges the refresh token for a new token pair',
    headers: REFRESH_HEADER_DOC,
    response: TokenPair,
    status: 201,
  });
}

/** A portal's logout at `path`: the session of the refresh token (header) ends. */
/* @__NO_SIDE_EFFECTS__ */
export function logoutEndpoint(id: string, path: string, tag: string) {
  return endpoint(id, {
    method: 'POST',
    path,
    audience: 'anonymous',
    tag,
    summary: 'Ends the session of the refresh token',
    headers: REFRESH_HEADER_DOC,
    response: LogoutResponse,
  });
}
