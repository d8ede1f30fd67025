/**
 * One client per audience (spec section 7): `call(endpoint, input)` with the endpoints of the table
 * (`../endpoints`), plus `logout`. The client refreshes the access token on 401 and logs out when the session is
 * over; it never stores tokens at login: the app chooses the storage ('Mantenha-me conectado') and calls
 * `tokens.set(...)` itself.
 */
import { LogoutResponse, REFRESH_TOKEN_HEADER } from '../contract/auth.ts';
import { paths } from '../contract/paths.ts';
import { type Call, createCall } from './call.ts';
import { type ApiResult, createHttp, type TokenStore } from './http.ts';

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  tokens: TokenStore;
  onLogout?: () => void;
}

export interface PortalClient {
  /** Calls an endpoint of the table; portal-token endpoints carry the bearer token and refresh it on 401. */
  call: Call;
  /** Ends the session on the server (its refresh token stops working); the app clears its store itself. */
  logout(): Promise<ApiResult<LogoutResponse>>;
}

export type AdminClient = PortalClient;
export type MerchantClient = PortalClient;
export type CustomerClient = PortalClient;

/**
 * The session paths of an audience (the table's `*Refresh` and `*Logout` endpoints). Taken from `paths` rather than
 * the endpoint modules so that a login page does not carry the other audiences' endpoints.
 */
interface SessionPaths {
  login: string;
  logout: string;
}

function portalClient(opts: ClientOptions, session: SessionPaths): PortalClient {
  const http = createHttp({
    baseUrl: opts.baseUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
    tokens: opts.tokens,
    refreshPath: session.login,
    onLogout: opts.onLogout,
  });
  const call = createCall(http);
  return {
    call,
    // The refresh token is read when called (before the app clears its store); without one there is no server
    // session to end.
    logout: async () => {
      const current = opts.tokens.get();
      if (!current) return { ok: true, status: 200, data: { loggedOut: true }, headers: new Headers() };
      return http.request({
        method: 'POST',
        path: session.logout,
        headers: { [REFRESH_TOKEN_HEADER]: current.refreshToken },
        schema: LogoutResponse,
        auth: false,
      });
    },
  };
}

export function createAdminClient(opts: ClientOptions): AdminClient {
  return portalClient(opts, paths.admin);
}

export function createMerchantClient(opts: ClientOptions): MerchantClient {
  return portalClient(opts, paths.merchant);
}

export function createCustomerClient(opts: ClientOptions): CustomerClient {
  return portalClient(opts, paths.customer);
}
