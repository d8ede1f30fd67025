import { merchantRecoverEmail } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

/** PUT /merchant_backoffice/api/v1/recover/email {merchantUserPhone} → {smsDelivered} */
export function useRecoverMerchantEmail() {
  const { client } = useMerchant();
  return useMutation({
    mutationFn: async (merchantUserPhone: string) =>
      unwrap(await client.call(merchantRecoverEmail, { body: { merchantUserPhone } })),
  });
}
