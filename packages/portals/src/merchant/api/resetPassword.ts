import { merchantResetPassword } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

/** PUT /merchant_backoffice/api/v1/recover/password/{recoveryId} {password, repeatPassword} → {passwordUpdated} */
export function useResetMerchantPassword(recoveryId: string) {
  const { client } = useMerchant();
  return useMutation({
    mutationFn: async (body: { password: string; repeatPassword: string }) =>
      unwrap(await client.call(merchantResetPassword, { params: { recoveryId: recoveryId }, body: body })),
  });
}
