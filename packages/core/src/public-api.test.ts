/** Type tests of the public API: checked by `tsc` (the runtime assertions are trivial on purpose). */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AdminUser,
  type ApiError,
  type ApiResult,
  adminGetUser,
  type Cents,
  cents,
  createAdminClient,
  createMemoryTokenStore,
  createMerchantClient,
  type MerchantLoginResponse,
  merchantLogin,
  reaisToCents,
  splitInstalments,
} from './index.ts';

describe('public API types', () => {
  it('clients return ApiResult of the contract types', () => {
    const admin = createAdminClient({ tokens: createMemoryTokenStore() });
    expectTypeOf(admin.call(adminGetUser)).toEqualTypeOf<Promise<ApiResult<AdminUser>>>();
    const merchant = createMerchantClient({ tokens: createMemoryTokenStore() });
    expectTypeOf(merchant.call(merchantLogin, { body: { username: 'a', password: 'b' } })).toEqualTypeOf<
      Promise<ApiResult<MerchantLoginResponse>>
    >();
    expectTypeOf<ApiError['kind']>().toEqualTypeOf<'http' | 'network' | 'timeout' | 'parse'>();
    // @ts-expect-error the client needs a token store
    createAdminClient({});
  });

  it('Cents is branded: plain numbers are not Cents', () => {
    expectTypeOf(reaisToCents('1,00')).toEqualTypeOf<Cents>();
    expectTypeOf(splitInstalments(cents(100), 2)).toEqualTypeOf<Cents[]>();
    // @ts-expect-error a number is not Cents without the guard
    splitInstalments(100, 2);
  });
});
