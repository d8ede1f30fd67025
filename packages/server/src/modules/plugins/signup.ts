/**
 * Plugin sign-up (spec 2.4 and 7): `POST v1/plugin_sign_up/{platform} {code}` by a merchant ADMIN. Nuvemshop's code
 * is the platform's OAuth authorization code (nuvemshop.ts). VTEX's is the token of the VTEX connector's
 * configuration flow (docs/vtex.md): the connector binds it to the merchant and hands VTEX a one-time authorization
 * code for the credentials; the merchant's platform is set in the same transaction.
 */
import type { PluginPlatform, PluginSignUpResponse } from '@drip/core';
import type { Db } from '../../db/index.ts';
import type { MerchantService } from '../merchants/service.ts';
import type { VtexConnector } from '../vtex/service.ts';
import type { NuvemshopService } from './nuvemshop.ts';

export class PluginSignupService {
  constructor(
    private readonly d: {
      db: Db;
      nuvemshop: NuvemshopService;
      vtex: Pick<VtexConnector, 'completeSignUp'>;
      merchants: Pick<MerchantService, 'setPluginPlatform'>;
    },
  ) {}

  signUp(merchantId: string, platform: PluginPlatform, code: string): Promise<PluginSignUpResponse> {
    return platform === 'nuvemshop'
      ? this.d.nuvemshop.signUp(merchantId, code)
      : this.vtexSignUp(merchantId, code);
  }

  /** The connector takes the code (once, unexpired) and the merchant becomes a VTEX one, or neither happens. */
  private vtexSignUp(merchantId: string, code: string): Promise<PluginSignUpResponse> {
    return this.d.db.transaction(async (tx) => {
      const { successUrl } = await this.d.vtex.completeSignUp(merchantId, code, tx);
      await this.d.merchants.setPluginPlatform(tx, merchantId, 'VTEX');
      return { platform: 'vtex' as const, successUrl };
    });
  }
}
