/** Small schemas shared by the endpoint table: path parameters and answers without a contract type of their own. */
import * as v from 'valibot';

/** A path parameter as it arrives: any text (the service answers 404 for an unknown or malformed id). */
export const IdParam = v.object({ id: v.string() });
export const MerchantIdParam = v.object({ merchantId: v.string() });

/** Any JSON: answers whose shape belongs to an external protocol (API Pix) parsed by its adapter. */
export const AnyJson = v.unknown();

/** An HTML page (the answer's text). */
export const HtmlPage = v.string();

/** The `RefreshToken` header carried by refresh and logout. */
export const REFRESH_HEADER_DOC = { RefreshToken: 'The refresh token of the session' } as const;
