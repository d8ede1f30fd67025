/**
 * The `payout` port on Stark Bank (the `starkbank` SDK): a Transfer to the merchant's Pix key (its account found in
 * the DICT first, `dictKey.get`) or to its registered bank account, chosen by configuration
 * (`PAYOUT_STARKBANK_DESTINATION`). Idempotent by the payout's `externalId`: Stark Bank refuses a second transfer
 * with an externalId it has seen, and the transfer is tagged with it, so a retry first looks the transfer up by
 * that tag and answers the one already made (docs/settlements.md, "Never paid twice").
 */
import { createRequire } from 'node:module';
import type { PayoutPort, PayoutRequest } from './payout-port.ts';

export interface StarkBankConfig {
  environment: 'sandbox' | 'production';
  projectId: string;
  /** PEM of the project's ECDSA private key. */
  privateKey: string;
  destination: 'pix' | 'bank_account';
  /**
   * Replaces `https://<sandbox.>api.starkbank.com` (a proxy, or the fake Stark Bank of the tests); the SDK itself
   * has the host built in.
   */
  apiUrl?: string;
}

interface StarkTransfer {
  id: string;
  externalId?: string;
  status?: string;
  amount?: number;
}

interface StarkSdk {
  Project: new (o: { environment: string; id: string; privateKey: string }) => unknown;
  transfer: {
    create(t: Record<string, unknown>[], o: { user: unknown }): Promise<StarkTransfer[]>;
    /** Resolves to the async generator of the matching transfers. */
    query(o: { tags: string[]; limit: number; user: unknown }): Promise<AsyncIterable<StarkTransfer>>;
  };
  dictKey: {
    get(
      id: string,
      o: { user: unknown },
    ): Promise<{
      ispb: string;
      branchCode: string;
      accountNumber: string;
      accountType: string;
      name: string;
      taxId: string;
    }>;
  };
}

interface AxiosLike {
  interceptors: { request: { use(f: (c: { url?: string }) => { url?: string }): number } };
}

const require = createRequire(import.meta.url);

function loadSdk(): { sdk: StarkSdk; axios: AxiosLike } {
  const sdk = require('starkbank') as StarkSdk;
  // The axios the SDK's core uses (resolved from its own folder), so that the interceptor sees its requests.
  const core = createRequire(require.resolve('starkbank'));
  const axiosPath = createRequire(core.resolve('starkcore')).resolve('axios');
  const mod = require(axiosPath) as { default?: AxiosLike } & AxiosLike;
  return { sdk, axios: mod.default ?? mod };
}

const rewrites = new Map<string, string>();
let interceptorInstalled = false;

function routeHost(axios: AxiosLike, environment: string, apiUrl: string): void {
  const from =
    environment === 'production' ? 'https://api.starkbank.com' : 'https://sandbox.api.starkbank.com';
  rewrites.set(from, apiUrl.replace(/\/$/, ''));
  if (interceptorInstalled) return;
  interceptorInstalled = true;
  axios.interceptors.request.use((c) => {
    for (const [prefix, to] of rewrites) {
      if (c.url?.startsWith(prefix)) return { ...c, url: to + c.url.slice(prefix.length) };
    }
    return c;
  });
}

const digits = (s: string) => s.replace(/\D/g, '');

export class StarkBankPayouts implements PayoutPort {
  readonly platform = 'DRIP_STARKBANK';
  private readonly sdk: StarkSdk;
  private readonly user: unknown;

  constructor(private readonly config: StarkBankConfig) {
    const { sdk, axios } = loadSdk();
    this.sdk = sdk;
    this.user = new sdk.Project({
      environment: config.environment,
      id: config.projectId,
      privateKey: config.privateKey,
    });
    if (config.apiUrl) routeHost(axios, config.environment, config.apiUrl);
  }

  async transfer(req: PayoutRequest): Promise<{ providerId: string }> {
    const existing = await this.find(req.externalId);
    if (existing) return { providerId: existing.id };
    const receiver = await this.receiver(req);
    try {
      const [created] = await this.sdk.transfer.create(
        [
          {
            amount: req.amount,
            ...receiver,
            externalId: req.externalId,
            tags: [req.externalId],
            description: req.description,
          },
        ],
        { user: this.user },
      );
      if (!created) throw new Error('Stark Bank answered no transfer');
      return { providerId: created.id };
    } catch (e) {
      // A refused repeat (the first request went through and its answer was lost): answer the first transfer.
      const again = await this.find(req.externalId);
      if (again) return { providerId: again.id };
      throw e;
    }
  }

  private async find(externalId: string): Promise<StarkTransfer | null> {
    for await (const t of await this.sdk.transfer.query({ tags: [externalId], limit: 1, user: this.user })) {
      return t;
    }
    return null;
  }

  private async receiver(req: PayoutRequest): Promise<Record<string, string>> {
    const d = req.destination;
    if (this.config.destination === 'pix') {
      if (!d.pixKey) throw new Error('merchant has no Pix key for its payout');
      const key = await this.sdk.dictKey.get(d.pixKey, { user: this.user });
      return {
        name: key.name,
        taxId: key.taxId,
        bankCode: key.ispb,
        branchCode: key.branchCode,
        accountNumber: key.accountNumber,
        accountType: key.accountType,
      };
    }
    if (!d.bank) throw new Error('merchant has no bank account for its payout');
    return {
      name: d.name,
      taxId: digits(d.taxId),
      bankCode: d.bank.code,
      branchCode: d.bank.agency,
      accountNumber: d.bank.accountDigit ? `${d.bank.account}-${d.bank.accountDigit}` : d.bank.account,
      accountType: d.bank.accountType ?? 'checking',
    };
  }
}
