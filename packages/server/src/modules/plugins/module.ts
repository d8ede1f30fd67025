/**
 * The plugins module's services: Drip's Nuvemshop app, the sign-up of both platforms and, in the sandbox, the
 * Nuvemshop emulator (whose API the app reaches in-process, as the sandbox PSP is: the same requests, no socket).
 */
import { DRIP_SUPPORT_EMAIL, fillPath, nuvemshopLgpdWebhook } from '@drip/core';
import type { Clock } from '../../clock.ts';
import type { Config, NuvemshopConfig } from '../../config.ts';
import { outboundRequestId, REQUEST_ID_HEADER } from '../../correlation.ts';
import type { Db } from '../../db/index.ts';
import type { TaskQueues } from '../../jobs/queue.ts';
import type { Logger } from '../../log.ts';
import type { CheckoutService } from '../checkouts/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import type { OrderRefunds } from '../orders/refunds.ts';
import type { VtexConnector } from '../vtex/service.ts';
import { EMULATOR_PATH, NuvemshopEmulator, SANDBOX_APP } from './emulator.ts';
import { NuvemshopService } from './nuvemshop.ts';
import type { PlatformHttp } from './nuvemshop-client.ts';
import { PluginSignupService } from './signup.ts';
import { TokenBox } from './tokens.ts';

export interface PluginServices {
  nuvemshop: NuvemshopService;
  pluginSignup: PluginSignupService;
  /** The sandbox's Nuvemshop; null outside the sandbox. */
  nuvemshopEmulator: NuvemshopEmulator | null;
  /** Routes the emulator's URLs to the app itself (called once the app exists). */
  connectNuvemshopEmulator(request: (path: string, init: RequestInit) => Response | Promise<Response>): void;
}

/** The app's configuration: the environment's, or in the sandbox the emulator's. */
export function nuvemshopConfigOf(config: Config): NuvemshopConfig | null {
  if (config.nuvemshop) return config.nuvemshop;
  if (!config.sandbox) return null;
  return {
    ...SANDBOX_APP,
    authUrl: `${config.publicUrl}${EMULATOR_PATH}`,
    apiUrl: `${config.publicUrl}${EMULATOR_PATH}/api/v1`,
    userAgent: `Drip sandbox (${DRIP_SUPPORT_EMAIL})`,
  };
}

export function buildPlugins(d: {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  queues: TaskQueues;
  merchants: MerchantService;
  /** The VTEX connector: its configuration flow's token is the VTEX sign-up code. */
  vtex: Pick<VtexConnector, 'completeSignUp'>;
  checkouts: CheckoutService;
  refunds: OrderRefunds;
  /** Tests put a platform of their own here. */
  http?: PlatformHttp;
}): PluginServices {
  const nuvemshopConfig = nuvemshopConfigOf(d.config);
  const emulated = d.config.sandbox && !d.config.nuvemshop;
  const emulator = emulated
    ? new NuvemshopEmulator({
        publicUrl: d.config.publicUrl,
        appId: SANDBOX_APP.appId,
        clientSecret: SANDBOX_APP.clientSecret,
        now: () => d.clock.now(),
        lgpdUrl: (request) => `${d.config.publicUrl}${fillPath(nuvemshopLgpdWebhook.path, { request })}`,
      })
    : null;
  const prefix = `${d.config.publicUrl}${EMULATOR_PATH}/`;
  let inProcess: ((path: string, init: RequestInit) => Response | Promise<Response>) | null = null;
  const http: PlatformHttp =
    d.http ??
    (async (url, init) => {
      if (emulated && inProcess && url.startsWith(prefix))
        return inProcess(url.slice(d.config.publicUrl.length), init);
      // The platform's API can tie the call to Drip's request or job run.
      const headers = new Headers(init.headers);
      const id = outboundRequestId();
      if (id && !headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, id);
      return fetch(url, { ...init, headers });
    });
  const tokens = new TokenBox(d.config.pluginTokenKey ?? d.config.jwtSecret);
  const nuvemshop = new NuvemshopService({
    db: d.db,
    clock: d.clock,
    log: d.log,
    queues: d.queues,
    publicUrl: d.config.publicUrl,
    config: nuvemshopConfig,
    http,
    tokens,
    merchants: d.merchants,
    checkouts: d.checkouts,
    refunds: d.refunds,
  });
  return {
    nuvemshop,
    pluginSignup: new PluginSignupService({ db: d.db, nuvemshop, vtex: d.vtex, merchants: d.merchants }),
    nuvemshopEmulator: emulator,
    connectNuvemshopEmulator: (request) => {
      inProcess = request;
      // The platform's webhooks to Drip's own URLs stay in-process too (the sandbox has no public address).
      emulator?.connectWebhooks(async (url, init) =>
        url.startsWith(`${d.config.publicUrl}/`)
          ? request(url.slice(d.config.publicUrl.length), init)
          : fetch(url, init),
      );
    },
  };
}
