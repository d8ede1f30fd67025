import type { MerchantLoginRequest } from '@drip/core';
import { merchantLogin } from '@drip/core';
import { useMutation } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useMerchant } from '../context.tsx';

/** POST /merchant_backoffice/api/v1/login: {username, password} → challenge; {username, smsCode} → tokens. */
export function useMerchantLogin() {
  const { client } = useMerchant();
  return useMutation({
    mutationFn: async (body: v.InferInput<typeof MerchantLoginRequest>) =>
      unwrap(await client.call(merchantLogin, { body: body })),
  });
}
