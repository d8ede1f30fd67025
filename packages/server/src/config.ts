import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DRIP_SUPPORT_EMAIL } from '@drip/core';
import { parseProxyEntry } from './http/client-ip.ts';
import type { LogLevel } from './log.ts';
import type { ThrottleConfig } from './modules/auth/throttle.ts';
import { type CheckoutConfig, loadCheckoutConfig } from './modules/checkouts/config.ts';
import { type LateFeeConfig, loadLateFeeConfig } from './modules/orders/late-fees.ts';
import { type PayoutConfig, payoutConfig } from './modules/settlements/config.ts';
import { packageDir } from './package-dir.ts';

export interface PasswordHashingConfig {
  /** argon2id memory cost in KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface RateLimitConfig {
  windowSeconds: number;
  /** Requests per window for one client IP on one endpoint group. */
  perIp: number;
  /** Requests per window for one subject (e-mail, CPF, phone) on one endpoint group. */
  perSubject: number;
}

/** One cap: at most `max` sends per fixed window of `windowSeconds`. */
export interface SendCap {
  max: number;
  windowSeconds: number;
}

/** Caps on the SMS, WhatsApp and e-mail messages people can make Drip send (docs/sessions.md, "Send caps"). */
export interface SendCapsConfig {
  /**
   * Per checkout (every token, resend and Pix code of one checkout id), over the checkout's whole life: the counter
   * is forgotten `windowSeconds` after its last send.
   */
  perCheckout: SendCap;
  /** Per recipient: phone, e-mail, or the CPF or e-mail an account recovery was asked for. */
  perRecipient: SendCap;
  /** Per client IP, every kind of message together. */
  perIp: SendCap;
}

export const DEFAULT_SEND_CAPS: SendCapsConfig = {
  perCheckout: { max: 5, windowSeconds: 24 * 3600 },
  perRecipient: { max: 5, windowSeconds: 3600 },
  perIp: { max: 20, windowSeconds: 3600 },
};

/** Pix provider settings (docs/configuration.md, docs/pix.md). */
export interface PixConfig {
  provider: 'sandbox' | 'apipix';
  /** API Pix base URL of the PSP (apipix): the API under `/v2`, the token endpoint at `/oauth/token`. */
  apiUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  certPath: string | undefined;
  keyPath: string | undefined;
  /** Drip's receiving key (chave Pix). */
  key: string | undefined;
  /** Checked on `POST /api/v1/webhooks/pix` (`?token=` or X-Webhook-Token); derived from JWT_SECRET if unset. */
  webhookSecret: string | undefined;
  expirySeconds: number;
}

export interface NuvemshopConfig {
  appId: string;
  clientSecret: string;
  /** Where `/apps/authorize/token` lives (https://www.nuvemshop.com.br). */
  authUrl: string;
  /** The API base before `/{store_id}` (https://api.nuvemshop.com.br/v1). */
  apiUrl: string;
  /** The `User-Agent` every API call must carry: the app's name and a contact. */
  userAgent: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; undefined means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  nodeEnv: string;
  sandbox: boolean;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  publicUrl: string;
  portalsDist: string;
  checkoutDist: string;
  logLevel: LogLevel;
  passwordHashing: PasswordHashingConfig;
  rateLimit: RateLimitConfig;
  /** Checkout and credit settings; defaults (DEFAULT_CHECKOUT_CONFIG) when absent. */
  checkout?: CheckoutConfig;
  /** Pix provider; defaults (sandbox PSP, 900 s) when absent. */
  pix?: PixConfig;
  /** `DRIP_COUNT_QUERIES=1`: count the statements sent to the database (GET /sandbox/metrics); off when absent. */
  countQueries?: boolean;
  /** Late-fee rates and job period; defaults (2 % + 1 % a month, every 300 s) when absent. */
  lateFees?: LateFeeConfig;
  /** Payouts to merchants (settlements module); the sandbox bank when absent. */
  payout?: PayoutConfig;
  /** Message send caps; DEFAULT_SEND_CAPS when absent. */
  sendCaps?: SendCapsConfig;
  /**
   * `TRUSTED_PROXIES`: the reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; none
   * when absent (the TCP peer is the client).
   */
  trustedProxies?: readonly string[];
  /**
   * `SHUTDOWN_GRACE_SECONDS` (in ms here): how long a stopping instance keeps serving, with /readyz answering 503,
   * before it closes its listener, so that the load balancer's health check takes it out first; 0 when absent.
   */
  shutdownGraceMs?: number;
  /** Growing delays on failed sign-ins; DEFAULT_THROTTLE when absent. */
  throttle?: ThrottleConfig;
  /**
   * `CATALOGUE_API_KEY`: the key of the store catalogue API (X-Api-Key). When absent, the sandbox uses
   * SANDBOX_CATALOGUE_API_KEY (shown by /sandbox/demo) and production refuses every catalogue call.
   */
  catalogueApiKey?: string;
  /**
   * The VTEX connector (docs/vtex.md): `VTEX_CALLBACK_APP_KEY` / `VTEX_CALLBACK_APP_TOKEN`, Drip's key generated in
   * its VTEX partner account's License Manager, sent as X-VTEX-API-AppKey / AppToken on every callback. Absent: the
   * callbacks go without them (the sandbox's emulated gateway needs none).
   */
  vtex?: { callbackAppKey: string; callbackAppToken: string };
  /**
   * Where images are kept: files under `dataDir`/images when absent, or an S3-compatible bucket (`IMAGE_STORE=s3`,
   * docs/images.md). Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID, an instance role).
   */
  /**
   * Drip's Nuvemshop payment app (docs/nuvemshop.md "Configuration"): `NUVEMSHOP_APP_ID`, `NUVEMSHOP_CLIENT_SECRET`,
   * `NUVEMSHOP_AUTH_URL`, `NUVEMSHOP_API_URL`. When absent the sandbox talks to its own emulator and production
   * refuses Nuvemshop sign-ups.
   */
  nuvemshop?: NuvemshopConfig;
  /** `PLUGIN_TOKEN_KEY`: the key the platforms' access tokens are encrypted with; derived from JWT_SECRET if unset. */
  pluginTokenKey?: string;
  imageStore?: {
    provider: 's3';
    bucket: string;
    region: string;
    endpoint?: string;
    forcePathStyle: boolean;
    prefix: string;
  };
}

/** The sandbox's catalogue key: public on purpose, like the demo passwords. */
export const SANDBOX_CATALOGUE_API_KEY = 'cat_sandbox_drip_catalogo_demo';

/** The catalogue key in force, or null when none is configured (production without CATALOGUE_API_KEY). */
export function catalogueKeyOf(config: Config): string | null {
  return config.catalogueApiKey ?? (config.sandbox ? SANDBOX_CATALOGUE_API_KEY : null);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

function isLogLevel(value: string): value is LogLevel {
  return LOG_LEVELS.some((l) => l === value);
}

/** OWASP-recommended argon2id parameters (19 MiB, 2 iterations, 1 lane). */
export const DEFAULT_PASSWORD_HASHING: PasswordHashingConfig = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { windowSeconds: 60, perIp: 30, perSubject: 10 };

export type Env = Record<string, string | undefined>;

/**
 * Reads the configuration from the environment. Every problem is collected and reported at once, so that a bad
 * deployment fails at start with one clear message. In sandbox mode without JWT_SECRET a secret is generated once
 * and kept in the data folder (file `jwt-secret`), so that sessions survive restarts.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const pkg = packageDir();

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };

  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const port = int('PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';

  let sandbox = nodeEnv !== 'production';
  const sandboxRaw = env.DRIP_SANDBOX?.trim();
  if (sandboxRaw !== undefined && sandboxRaw !== '') {
    if (sandboxRaw === '1' || sandboxRaw === 'true') sandbox = true;
    else if (sandboxRaw === '0' || sandboxRaw === 'false') sandbox = false;
    else problems.push(`DRIP_SANDBOX must be 1 or 0 (got "${sandboxRaw}")`);
  }

  let countQueries = false;
  const countRaw = env.DRIP_COUNT_QUERIES?.trim();
  if (countRaw !== undefined && countRaw !== '') {
    if (countRaw === '1' || countRaw === 'true') countQueries = true;
    else if (countRaw !== '0' && countRaw !== 'false')
      problems.push(`DRIP_COUNT_QUERIES must be 1 or 0 (got "${countRaw}")`);
  }

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database)');
  }

  const dataDirRaw = env.DRIP_DATA_DIR?.trim();
  const dataDir = dataDirRaw
    ? isAbsolute(dataDirRaw)
      ? dataDirRaw
      : resolve(pkg, '../..', dataDirRaw)
    : resolve(pkg, '../../.data');

  const trustedProxies = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of trustedProxies) {
    if (!parseProxyEntry(entry))
      problems.push(
        `TRUSTED_PROXIES must list addresses or CIDR ranges separated by commas (got "${entry}")`,
      );
  }

  const logLevelRaw = env.LOG_LEVEL?.trim() || 'info';
  let logLevel: LogLevel = 'info';
  if (isLogLevel(logLevelRaw)) logLevel = logLevelRaw;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelRaw}")`);

  const shutdownGraceSeconds = Number(env.SHUTDOWN_GRACE_SECONDS?.trim() || 0);
  if (!(shutdownGraceSeconds >= 0 && shutdownGraceSeconds <= 60))
    problems.push(
      `SHUTDOWN_GRACE_SECONDS must be a number of seconds between 0 and 60 (got "${env.SHUTDOWN_GRACE_SECONDS}")`,
    );
  const accessTokenTtlSeconds = int('ACCESS_TOKEN_TTL_SECONDS', 900, 1, 86400);
  const refreshTokenTtlDays = int('REFRESH_TOKEN_TTL_DAYS', 30, 1, 365);

  let publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
  try {
    const u = new URL(publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    publicUrl = publicUrl.replace(/\/+$/, '');
  } catch {
    problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`);
  }

  const distDir = (name: string, fallback: string) => {
    const raw = env[name]?.trim();
    return raw ? resolve(raw) : resolve(pkg, fallback);
  };

  const vtexCallbackAppKey = env.VTEX_CALLBACK_APP_KEY?.trim() || undefined;
  const vtexCallbackAppToken = env.VTEX_CALLBACK_APP_TOKEN?.trim() || undefined;
  if ((vtexCallbackAppKey === undefined) !== (vtexCallbackAppToken === undefined))
    problems.push('VTEX_CALLBACK_APP_KEY and VTEX_CALLBACK_APP_TOKEN go together (set both or neither)');
  const catalogueApiKey = env.CATALOGUE_API_KEY?.trim() || undefined;
  if (catalogueApiKey !== undefined && catalogueApiKey.length < 24)
    problems.push('CATALOGUE_API_KEY must have at least 24 characters');

  let imageStore: Config['imageStore'];
  const imageStoreRaw = env.IMAGE_STORE?.trim() || 'files';
  if (imageStoreRaw === 's3') {
    const bucket = env.S3_IMAGES_BUCKET?.trim() ?? '';
    if (bucket === '') problems.push('S3_IMAGES_BUCKET is required when IMAGE_STORE=s3');
    const endpoint = env.S3_IMAGES_ENDPOINT?.trim() || undefined;
    imageStore = {
      provider: 's3',
      bucket,
      region: env.S3_IMAGES_REGION?.trim() || 'us-east-1',
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle: env.S3_IMAGES_FORCE_PATH_STYLE?.trim() === '1',
      prefix: env.S3_IMAGES_PREFIX?.trim() ?? '',
    };
  } else if (imageStoreRaw !== 'files') {
    problems.push(`IMAGE_STORE must be files or s3 (got "${imageStoreRaw}")`);
  }

  const production = nodeEnv === 'production';
  if (production && sandbox) {
    problems.push(
      'DRIP_SANDBOX must be off when NODE_ENV=production: the sandbox seeds demo users whose password is public, serves the sandbox pages and takes payments in the sandbox PSP',
    );
  }

  let jwtSecret = env.JWT_SECRET?.trim() ?? '';
  if (jwtSecret !== '' && jwtSecret.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters long');
  else if (production && jwtSecret !== '') {
    const weakness = weakSecret(jwtSecret);
    if (weakness)
      problems.push(
        `JWT_SECRET is too weak for production (${weakness}): use e.g. \`openssl rand -base64 48\``,
      );
  }
  if (jwtSecret === '' && !sandbox)
    problems.push('JWT_SECRET is required when the sandbox is off (production)');

  const checkout = loadCheckoutConfig(env, problems);

  const pix = pixConfig(env, problems, int);
  if (production && pix.provider === 'sandbox') {
    problems.push(
      'PIX_PROVIDER must be apipix when NODE_ENV=production (the sandbox PSP is a simulator: it would accept orders paid with fake Pix)',
    );
  }
  if (production && pix.webhookSecret !== undefined && pix.webhookSecret.length >= 16) {
    const weakness = weakSecret(pix.webhookSecret);
    if (weakness) problems.push(`PIX_WEBHOOK_SECRET is too weak for production (${weakness})`);
  }

  // The PSP's client secret and OAuth token travel to PIX_API_URL: in production only over TLS.
  if (
    production &&
    pix.provider === 'apipix' &&
    pix.apiUrl !== undefined &&
    !/^https:\/\//i.test(pix.apiUrl)
  ) {
    problems.push(
      'PIX_API_URL must be an https URL when NODE_ENV=production (the PSP client secret and its tokens would travel in clear)',
    );
  }

  const lateFees = loadLateFeeConfig(env, problems);
  const payout = payoutConfig(env, problems);
  if (production) problems.push(...productionPayoutProblems(payout));

  const sendCaps: SendCapsConfig = {
    perCheckout: {
      max: int('SEND_CAP_PER_CHECKOUT', DEFAULT_SEND_CAPS.perCheckout.max, 1, 1_000_000),
      windowSeconds: DEFAULT_SEND_CAPS.perCheckout.windowSeconds,
    },
    perRecipient: {
      max: int('SEND_CAP_PER_RECIPIENT_PER_HOUR', DEFAULT_SEND_CAPS.perRecipient.max, 1, 1_000_000),
      windowSeconds: 3600,
    },
    perIp: {
      max: int('SEND_CAP_PER_IP_PER_HOUR', DEFAULT_SEND_CAPS.perIp.max, 1, 1_000_000),
      windowSeconds: 3600,
    },
  };

  const nuvemshop = nuvemshopConfig(env, problems);
  const pluginTokenKey = env.PLUGIN_TOKEN_KEY?.trim() || undefined;
  if (pluginTokenKey !== undefined && pluginTokenKey.length < 32)
    problems.push('PLUGIN_TOKEN_KEY must be at least 32 characters');

  if (problems.length > 0) throw new ConfigError(problems);

  if (jwtSecret === '') jwtSecret = sandboxJwtSecret(dataDir);

  return {
    port,
    host,
    databaseUrl,
    dataDir,
    nodeEnv,
    sandbox,
    jwtSecret,
    accessTokenTtlSeconds,
    refreshTokenTtlDays,
    publicUrl,
    portalsDist: distDir('DRIP_PORTALS_DIST', '../portals/dist'),
    checkoutDist: distDir('DRIP_CHECKOUT_DIST', '../checkout-ui/dist'),
    logLevel,
    passwordHashing: DEFAULT_PASSWORD_HASHING,
    rateLimit: DEFAULT_RATE_LIMIT,
    checkout,
    pix,
    countQueries,
    lateFees,
    payout,
    sendCaps,
    trustedProxies,
    ...(shutdownGraceSeconds > 0 ? { shutdownGraceMs: Math.round(shutdownGraceSeconds * 1000) } : {}),
    ...(catalogueApiKey ? { catalogueApiKey } : {}),
    ...(vtexCallbackAppKey && vtexCallbackAppToken
      ? { vtex: { callbackAppKey: vtexCallbackAppKey, callbackAppToken: vtexCallbackAppToken } }
      : {}),
    ...(imageStore ? { imageStore } : {}),
    ...(nuvemshop ? { nuvemshop } : {}),
    ...(pluginTokenKey ? { pluginTokenKey } : {}),
  };
}

/** The Nuvemshop app's credentials and hosts; all or nothing (docs/nuvemshop.md "Configuration"). */
function nuvemshopConfig(env: NodeJS.ProcessEnv, problems: string[]): NuvemshopConfig | undefined {
  const opt = (name: string) => env[name]?.trim() || undefined;
  const appId = opt('NUVEMSHOP_APP_ID');
  const clientSecret = opt('NUVEMSHOP_CLIENT_SECRET');
  if (!appId && !clientSecret) return undefined;
  if (!appId || !clientSecret) {
    problems.push('NUVEMSHOP_APP_ID and NUVEMSHOP_CLIENT_SECRET must be set together');
    return undefined;
  }
  const url = (name: string, fallback: string) => {
    const value = (opt(name) ?? fallback).replace(/\/+$/, '');
    if (!/^https?:\/\//.test(value)) problems.push(`${name} must be an http(s) URL (got "${value}")`);
    return value;
  };
  return {
    appId,
    clientSecret,
    authUrl: url('NUVEMSHOP_AUTH_URL', 'https://www.nuvemshop.com.br'),
    apiUrl: url('NUVEMSHOP_API_URL', 'https://api.nuvemshop.com.br/v1'),
    userAgent: opt('NUVEMSHOP_USER_AGENT') ?? `Drip (${DRIP_SUPPORT_EMAIL})`,
  };
}

/**
 * Why a payout configuration would move no real money in production: the sandbox bank only records transfers (the
 * settlements would be marked paid while the merchants receive nothing), Stark Bank's sandbox environment likewise,
 * and a Stark Bank API host over plain http would carry the signed requests in clear.
 */
export function productionPayoutProblems(payout: PayoutConfig): string[] {
  if (payout.provider === 'sandbox')
    return [
      'PAYOUT_PROVIDER must be starkbank when NODE_ENV=production (the sandbox bank only records transfers: settlements would be marked paid while no money reaches the merchants)',
    ];
  const problems: string[] = [];
  if (payout.starkbank?.environment !== 'production')
    problems.push(
      "STARKBANK_ENVIRONMENT must be production when NODE_ENV=production (Stark Bank's sandbox moves no money)",
    );
  const apiUrl = payout.starkbank?.apiUrl;
  if (apiUrl !== undefined && !/^https:\/\//i.test(apiUrl))
    problems.push('STARKBANK_API_URL must be an https URL when NODE_ENV=production');
  return problems;
}

function pixConfig(
  env: Env,
  problems: string[],
  int: (name: string, fallback: number, min: number, max: number) => number,
): PixConfig {
  const opt = (name: string) => env[name]?.trim() || undefined;
  const providerRaw = opt('PIX_PROVIDER') ?? 'sandbox';
  let provider: PixConfig['provider'] = 'sandbox';
  if (providerRaw === 'sandbox' || providerRaw === 'apipix') provider = providerRaw;
  else problems.push(`PIX_PROVIDER must be sandbox or apipix (got "${providerRaw}")`);
  const pix: PixConfig = {
    provider,
    apiUrl: opt('PIX_API_URL'),
    clientId: opt('PIX_CLIENT_ID'),
    clientSecret: opt('PIX_CLIENT_SECRET'),
    certPath: opt('PIX_CERT_PATH'),
    keyPath: opt('PIX_KEY_PATH'),
    key: opt('PIX_KEY'),
    webhookSecret: opt('PIX_WEBHOOK_SECRET'),
    expirySeconds: int('PIX_EXPIRY_SECONDS', 900, 60, 86400),
  };
  if (provider === 'apipix') {
    const required: [string, string | undefined][] = [
      ['PIX_API_URL', pix.apiUrl],
      ['PIX_CLIENT_ID', pix.clientId],
      ['PIX_CLIENT_SECRET', pix.clientSecret],
      ['PIX_KEY', pix.key],
      ['PIX_WEBHOOK_SECRET', pix.webhookSecret],
    ];
    for (const [name, value] of required) {
      if (!value) problems.push(`${name} is required when PIX_PROVIDER=apipix`);
    }
    if (pix.apiUrl && !/^https?:\/\//.test(pix.apiUrl)) problems.push('PIX_API_URL must be an http(s) URL');
    if ((pix.certPath === undefined) !== (pix.keyPath === undefined)) {
      problems.push('PIX_CERT_PATH and PIX_KEY_PATH go together (mTLS certificate and its key)');
    }
  }
  if (pix.webhookSecret !== undefined && pix.webhookSecret.length < 16) {
    problems.push('PIX_WEBHOOK_SECRET must be at least 16 characters long');
  }
  return pix;
}

/** Placeholders found in example configurations; a secret containing one was typed, not generated. */
const PLACEHOLDER_WORDS = [
  'changeme',
  'change-me',
  'change_me',
  'secret',
  'password',
  'senha',
  'example',
  'default',
];

/**
 * Why a secret looks typed rather than generated (null when it does not): too few distinct characters (32 × 'a'),
 * a short block repeated ('changeme' × 4), or a placeholder word. A random secret of 32+ characters never trips
 * these.
 */
export function weakSecret(secret: string): string | null {
  const distinct = new Set(secret).size;
  if (distinct < 10) return `only ${distinct} distinct characters`;
  for (let size = 1; size <= secret.length / 2; size++) {
    if (secret.length % size === 0 && secret.slice(0, size).repeat(secret.length / size) === secret)
      return `a block of ${size} characters repeated`;
  }
  const lower = secret.toLowerCase();
  const word = PLACEHOLDER_WORDS.find((w) => lower.includes(w));
  if (word) return `contains the placeholder "${word}"`;
  return null;
}

function sandboxJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
