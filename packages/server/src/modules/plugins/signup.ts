/**
 * Plugin sign-up (spec 2.4 and 7): `POST v1/plugin_sign_up/{platform} {code}` by a merchant ADMIN. Nuvemshop's code
 * is the platform's OAuth authorization code (nuvemshop.ts). VTEX's is a one-time code Drip issues itself in the
 * connector's configuration flow (docs/nuvemshop.md "What the code is"): this service keeps those codes, binds the
 * one presented to the merchant and hands the connector a one-time authorization code that it redeems for the
 * merchant when VTEX asks for the credentials.
 */
import type { PluginPlatform, PluginSignUpResponse } from '@drip/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import type { MerchantService } from '../merchants/service.ts';
import { codeRefused, type NuvemshopService } from './nuvemshop.ts';
import { pluginSignupCodes } from './tables.ts';

/** How long a VTEX sign-up code waits for the merchant to log in and confirm. */
const VTEX_CODE_TTL_MS = 30 * 60_000;

export class PluginSignupService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      nuvemshop: NuvemshopService;
      merchants: Pick<MerchantService, 'setPluginPlatform'>;
    },
  ) {}

  signUp(merchantId: string, platform: PluginPlatform, code: string): Promise<PluginSignUpResponse> {
    return platform === 'nuvemshop'
      ? this.d.nuvemshop.signUp(merchantId, code)
      : this.vtexSignUp(merchantId, code);
  }

  /**
   * For the VTEX connector's configuration flow: a code for the store `account` that VTEX's `returnUrl` is waiting
   * on; the merchant is sent to `/parceira/plugin_sign_up/vtex?code=…`.
   */
  async issueVtexCode(input: {
    account: string;
    returnUrl: string;
  }): Promise<{ code: string; expiresAt: Date }> {
    const code = randomToken(24);
    const now = this.d.clock.now();
    const expiresAt = new Date(now.getTime() + VTEX_CODE_TTL_MS);
    await this.d.db.insert(pluginSignupCodes).values({
      platform: 'vtex',
      codeHash: sha256(code),
      status: 'ISSUED',
      data: { account: input.account, returnUrl: input.returnUrl },
      createdAt: now,
      expiresAt,
    });
    return { code, expiresAt };
  }

  /** The code is taken in one conditional statement (ISSUED, not expired) with the merchant's platform. */
  private async vtexSignUp(merchantId: string, code: string): Promise<PluginSignUpResponse> {
    const authorizationCode = randomToken(24);
    const now = this.d.clock.now();
    return this.d.db.transaction(async (tx) => {
      const [row] = await tx
        .update(pluginSignupCodes)
        .set({
          status: 'USED',
          merchantId,
          usedAt: now,
          data: sql`${pluginSignupCodes.data} || ${JSON.stringify({ authorizationCodeHash: sha256(authorizationCode) })}::jsonb`,
        })
        .where(
          and(
            eq(pluginSignupCodes.platform, 'vtex'),
            eq(pluginSignupCodes.codeHash, sha256(code)),
            eq(pluginSignupCodes.status, 'ISSUED'),
            gt(pluginSignupCodes.expiresAt, now),
          ),
        )
        .returning({ data: pluginSignupCodes.data });
      if (!row?.data.returnUrl) throw codeRefused();
      await this.d.merchants.setPluginPlatform(tx, merchantId, 'VTEX');
      const url = new URL(row.data.returnUrl);
      url.searchParams.set('authorizationCode', authorizationCode);
      return { platform: 'vtex' as const, successUrl: url.toString() };
    });
  }

  /**
   * For the VTEX connector's credentials call: the merchant and store a sign-up's authorization code stands for,
   * once (the hash is removed as it is read); null for an unknown or spent one.
   */
  async redeemVtexAuthorization(
    authorizationCode: string,
  ): Promise<{ merchantId: string; account: string } | null> {
    const [row] = await this.d.db
      .update(pluginSignupCodes)
      .set({ data: sql`${pluginSignupCodes.data} - 'authorizationCodeHash'` })
      .where(
        and(
          eq(pluginSignupCodes.platform, 'vtex'),
          eq(pluginSignupCodes.status, 'USED'),
          sql`${pluginSignupCodes.data} ->> 'authorizationCodeHash' = ${sha256(authorizationCode)}`,
        ),
      )
      .returning({ merchantId: pluginSignupCodes.merchantId, data: pluginSignupCodes.data });
    if (!row?.merchantId || !row.data.account) return null;
    return { merchantId: row.merchantId, account: row.data.account };
  }
}
