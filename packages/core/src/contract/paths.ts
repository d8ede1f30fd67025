/** HTTP paths of spec section 7, shared by the server's route table and the API clients. */
export const ADMIN_API = '/admin_backoffice/api/v1';
export const MERCHANT_API = '/merchant_backoffice/api';
export const CUSTOMER_API = '/customer_backoffice/api';

export const paths = {
  admin: {
    login: `${ADMIN_API}/login`,
    /** `POST` with the `RefreshToken` header: ends the session (its refresh token family). */
    logout: `${ADMIN_API}/logout`,
    user: `${ADMIN_API}/user`,
  },
  merchant: {
    login: `${MERCHANT_API}/v1/login`,
    logout: `${MERCHANT_API}/v1/logout`,
    user: `${MERCHANT_API}/v1/user`,
    merchant: `${MERCHANT_API}/v1/merchant`,
    recoverPassword: `${MERCHANT_API}/v1/recover/password`,
    recoveryLink: (recoveryId: string) =>
      `${MERCHANT_API}/v1/recover/password/${encodeURIComponent(recoveryId)}`,
    recoverEmail: `${MERCHANT_API}/v1/recover/email`,
  },
  customer: {
    login: `${CUSTOMER_API}/v2/login`,
    logout: `${CUSTOMER_API}/v1/logout`,
    user: `${CUSTOMER_API}/v1/user`,
    recoverPassword: `${CUSTOMER_API}/v1/recover/password`,
    recoverValidate: `${CUSTOMER_API}/v1/recover/validate`,
    recoverPhone: `${CUSTOMER_API}/v1/recover/phone`,
    /** First-access link (SMS sent with a first order): check, then set the password. */
    recoverAccess: `${CUSTOMER_API}/v1/recover/access`,
    recoverAccessPassword: `${CUSTOMER_API}/v1/recover/access/password`,
  },
  sandbox: {
    demo: '/sandbox/demo',
    outbox: '/sandbox/outbox',
    inbox: '/sandbox/inbox',
    metrics: '/sandbox/metrics',
  },
  healthz: '/healthz',
  /** The process answers (no dependency checked): a failing liveness probe means restart it. */
  livez: '/livez',
  /** Database reachable, migrations current and not draining: a failing readiness probe means send no traffic. */
  readyz: '/readyz',
  /** Prometheus metrics (an operations endpoint, not in the endpoint table): docs/metrics.md. */
  metrics: '/metrics',
} as const;
