/** Builds the payments module from the configuration: the `pix` port adapter, the sandbox PSP, the service. */
import { createHmac } from 'node:crypto';
import type { Dependencies } from '../../circuit.ts';
import type { Clock } from '../../clock.ts';
import type { Config, PixConfig } from '../../config.ts';
import { withRequestIdHeader } from '../../correlation.ts';
import type { Db } from '../../db/index.ts';
import type { TaskQueues } from '../../jobs/queue.ts';
import type { Logger } from '../../log.ts';
import { buildDynamicBrCode } from './brcode.ts';
import { guardedPix } from './guarded-pix.ts';
import { apiPixHttpAdapter, type PixPort } from './pix-port.ts';
import { PIX_WEBHOOK_PATH } from './routes.ts';
import { SandboxPsp } from './sandbox-psp.ts';
import { Payments } from './service.ts';

/** Drip's name and city in the BR Code (EMV fields 59 and 60). */
export const PIX_MERCHANT_NAME = 'DRIP PAGAMENTOS';
export const PIX_MERCHANT_CITY = 'SAO PAULO';
export const SANDBOX_PSP_CLIENT_ID = 'drip-sandbox';

export const DEFAULT_PIX_CONFIG: PixConfig = {
  provider: 'sandbox',
  apiUrl: undefined,
  clientId: undefined,
  clientSecret: undefined,
  certPath: undefined,
  keyPath: undefined,
  key: undefined,
  webhookSecret: undefined,
  expirySeconds: 900,
};

export interface PixSettings {
  provider: PixConfig['provider'];
  webhookSecret: string;
  /** The webhook URL registered at the PSP (the PSP appends `/pix`). */
  webhookUrl: string;
  sandboxClientId: string;
  sandboxClientSecret: string;
}

function derived(secret: string, label: string): string {
  return createHmac('sha256', secret).update(label).digest('base64url');
}

export function pixSettings(config: Config): PixSettings {
  const pix = config.pix ?? DEFAULT_PIX_CONFIG;
  const webhookSecret = pix.webhookSecret ?? derived(config.jwtSecret, 'pix-webhook');
  return {
    provider: pix.provider,
    webhookSecret,
    webhookUrl: `${config.publicUrl}${PIX_WEBHOOK_PATH.replace(/\/pix$/, '')}?token=${encodeURIComponent(webhookSecret)}`,
    sandboxClientId: pix.provider === 'sandbox' && pix.clientId ? pix.clientId : SANDBOX_PSP_CLIENT_ID,
    sandboxClientSecret:
      pix.provider === 'sandbox' && pix.clientSecret
        ? pix.clientSecret
        : derived(config.jwtSecret, 'psp-sandbox-client'),
  };
}

export interface PaymentsModule {
  payments: Payments;
  sandboxPsp: SandboxPsp | null;
  pixSettings: PixSettings;
}

export function buildPayments(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  /** The server's durable queues: the devoluções go to the PSP through one (refunds.ts). */
  queues: TaskQueues;
  /** The PSP's circuit and time-out wrap whichever adapter is configured (guarded-pix.ts). */
  dependencies: Dependencies;
}): PaymentsModule {
  const { config, db, clock, log, queues } = deps;
  const pix = config.pix ?? DEFAULT_PIX_CONFIG;
  const settings = pixSettings(config);
  const sandboxPsp =
    config.sandbox || pix.provider === 'sandbox'
      ? new SandboxPsp({
          db,
          clock,
          log,
          publicUrl: config.publicUrl,
          merchantName: PIX_MERCHANT_NAME,
          merchantCity: PIX_MERCHANT_CITY,
          clientId: settings.sandboxClientId,
          clientSecret: settings.sandboxClientSecret,
          tokenSecret: config.jwtSecret,
        })
      : null;
  let port: PixPort;
  if (pix.provider === 'apipix') {
    port = apiPixHttpAdapter({
      baseUrl: pix.apiUrl ?? '',
      clientId: pix.clientId ?? '',
      clientSecret: pix.clientSecret ?? '',
      pixKey: pix.key ?? '',
      ...(pix.certPath ? { certPath: pix.certPath } : {}),
      ...(pix.keyPath ? { keyPath: pix.keyPath } : {}),
      now: () => clock.now(),
      // The socket is closed when the circuit gives up on the call, not later.
      timeoutMs: deps.dependencies.policies.psp.timeoutMs,
      brCodeFor: (cob) =>
        buildDynamicBrCode({
          location: cob.location,
          amount: cob.valor.original,
          merchantName: PIX_MERCHANT_NAME,
          merchantCity: PIX_MERCHANT_CITY,
        }),
    });
  } else if (sandboxPsp) {
    port = sandboxPsp.port();
  } else {
    throw new Error('unreachable: the sandbox PSP exists when PIX_PROVIDER=sandbox');
  }
  const payments = new Payments({
    db,
    clock,
    log,
    pix: guardedPix(port, deps.dependencies.circuit('psp')),
    queues,
    defaultExpirySeconds: pix.expirySeconds,
  });
  return { payments, sandboxPsp, pixSettings: settings };
}

/** Points the sandbox PSP's webhook at this app, in process (`app.request`), as a PSP would over HTTPS. */
export function connectSandboxWebhook(
  module: { sandboxPsp: SandboxPsp | null; pixSettings: PixSettings },
  request: (path: string, init: RequestInit) => Response | Promise<Response>,
): void {
  const psp = module.sandboxPsp;
  if (!psp) return;
  const url = new URL(module.pixSettings.webhookUrl);
  psp.setWebhook(`${url.pathname}${url.search}`, async (path, body) => {
    const res = await request(path, {
      method: 'POST',
      // The notice of a payment made through the sandbox bank carries that request's id, as a PSP's would its own.
      headers: withRequestIdHeader({ 'content-type': 'application/json' }),
      body,
    });
    // Only the status matters to the PSP. The in-process answer's body is left unread: reading it would turn the
    // app's Response into a web stream and read that, on every payment.
    return res.status;
  });
}
