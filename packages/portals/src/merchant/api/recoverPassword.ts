import { merchantRecoverPassword } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

/** POST /merchant_backoffice/api/v1/recover/password {merchantUserEmail} → {emailDelivered} */
export function useRecoverMerchantPassword() {
  const { client } = useMerchant();
  return useMutation({
    mutationFn: async (merchantUserEmail: string) =>
      unwrap(await client.call(merchantRecoverPassword, { body: { merchantUserEmail } })),
  });
}
