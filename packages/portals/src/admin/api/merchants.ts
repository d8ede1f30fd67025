import {
  type AdminMerchantRequest,
  type AdminUpdateMerchantUserRequest,
  adminCatalogueOptions,
  adminCreateMerchant,
  adminCreateMerchantCashback,
  adminCreateMerchantFee,
  adminCreateMerchantUser,
  adminCreateSettlementConfiguration,
  adminDisableMerchant,
  adminEnableMerchant,
  adminMerchant,
  adminMerchantCashback,
  adminMerchantFee,
  adminMerchants,
  adminMerchantUser,
  adminResetMerchantApiKey,
  adminSettlementConfiguration,
  adminUpdateMerchant,
  adminUpdateMerchantCashback,
  adminUpdateMerchantFee,
  adminUpdateMerchantUser,
  adminUpdateSettlementConfiguration,
  type MerchantCashbackRequest,
  type MerchantFeeRequest,
  type MerchantSettlementConfigurationRequest,
} from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

export const merchantsKey = ['admin', 'merchants'] as const;
const detailsKey = (merchantId: string) => [...merchantsKey, 'details', merchantId] as const;

/** GET /merchants?page&size&name: the merchants, searched by store name. */
export function useAdminMerchants(page: number, size: number, name: string | undefined) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...merchantsKey, 'list', page, size, name ?? ''],
    queryFn: async () =>
      unwrap(
        await client.call(adminMerchants, {
          query: { page: String(page), size: String(size), ...(name ? { name } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /merchants/{id}: the merchant with its users, fees, cashbacks and settlement configurations. */
export function useAdminMerchant(merchantId: string) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: detailsKey(merchantId),
    queryFn: async () => unwrap(await client.call(adminMerchant, { params: { merchantId } })),
  });
}

/** GET the active store categories with their subcategories and tags (the merchant form's choices). */
export function useCatalogueOptions() {
  const { client } = useAdmin();
  return useQuery({
    queryKey: ['admin', 'catalogue-options'],
    queryFn: async () => unwrap(await client.call(adminCatalogueOptions, {})),
    staleTime: 60_000,
  });
}

/** Every change to a merchant or its terms reads the merchant (and the list) again. */
function useMerchantMutation<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantsKey }),
  });
}

/** PUT /merchants/{id}/disable or /enable. */
export function useMerchantStatus(merchantId: string) {
  const { client } = useAdmin();
  return useMerchantMutation(async (enable: boolean) =>
    unwrap(
      await client.call(enable ? adminEnableMerchant : adminDisableMerchant, { params: { merchantId } }),
    ),
  );
}

/** PUT /merchants/{id}/reset_api_key: the answer carries the new key, the old one stops at once. */
export function useResetApiKey(merchantId: string) {
  const { client } = useAdmin();
  return useMerchantMutation(async (_: undefined) =>
    unwrap(await client.call(adminResetMerchantApiKey, { params: { merchantId } })),
  );
}

export type TermKind = 'fee' | 'cashback' | 'settlement';

/** GET one fee, cashback or settlement configuration (the edit forms). */
export function useMerchantTerm(kind: TermKind, merchantId: string, id: string | undefined) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...merchantsKey, kind, merchantId, id ?? ''],
    enabled: id !== undefined,
    queryFn: async () => {
      const termId = id ?? '';
      if (kind === 'fee')
        return unwrap(await client.call(adminMerchantFee, { params: { merchantId, feeId: termId } }));
      if (kind === 'cashback')
        return unwrap(
          await client.call(adminMerchantCashback, { params: { merchantId, cashbackId: termId } }),
        );
      return unwrap(
        await client.call(adminSettlementConfiguration, { params: { merchantId, configId: termId } }),
      );
    },
  });
}

export function useSaveFee(merchantId: string, feeId: string | undefined) {
  const { client } = useAdmin();
  return useMerchantMutation(async (body: MerchantFeeRequest) =>
    unwrap(
      feeId === undefined
        ? await client.call(adminCreateMerchantFee, { params: { merchantId }, body })
        : await client.call(adminUpdateMerchantFee, { params: { merchantId, feeId }, body }),
    ),
  );
}

export function useSaveCashback(merchantId: string, cashbackId: string | undefined) {
  const { client } = useAdmin();
  return useMerchantMutation(async (body: MerchantCashbackRequest) =>
    unwrap(
      cashbackId === undefined
        ? await client.call(adminCreateMerchantCashback, { params: { merchantId }, body })
        : await client.call(adminUpdateMerchantCashback, { params: { merchantId, cashbackId }, body }),
    ),
  );
}

export function useSaveSettlementConfiguration(merchantId: string, configId: string | undefined) {
  const { client } = useAdmin();
  return useMerchantMutation(async (body: MerchantSettlementConfigurationRequest) =>
    unwrap(
      configId === undefined
        ? await client.call(adminCreateSettlementConfiguration, { params: { merchantId }, body })
        : await client.call(adminUpdateSettlementConfiguration, {
            params: { merchantId, configId },
            body,
          }),
    ),
  );
}

/** GET /merchant_users/{id} (the edit form). */
export function useAdminMerchantUser(id: string | undefined) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...merchantsKey, 'user', id ?? ''],
    enabled: id !== undefined,
    queryFn: async () => unwrap(await client.call(adminMerchantUser, { params: { id: id ?? '' } })),
  });
}

/** POST /merchant_users {merchantId, ...} or PUT /merchant_users/{id}. */
export function useSaveMerchantUser(merchantId: string, id: string | undefined) {
  const { client } = useAdmin();
  return useMerchantMutation(async (body: MerchantUserForm) =>
    unwrap(
      id === undefined
        ? await client.call(adminCreateMerchantUser, {
            body: { ...body, merchantId, password: body.password ?? '' },
          })
        : await client.call(adminUpdateMerchantUser, { params: { id }, body }),
    ),
  );
}

export type MerchantUserForm = Omit<AdminUpdateMerchantUserRequest, 'status'>;

/** POST /merchants or PUT /merchants/{id}: the merchant form. */
export function useSaveMerchant(merchantId: string | undefined) {
  const { client } = useAdmin();
  return useMerchantMutation(async (body: v.InferInput<typeof AdminMerchantRequest>) =>
    unwrap(
      merchantId === undefined
        ? await client.call(adminCreateMerchant, { body })
        : await client.call(adminUpdateMerchant, { params: { merchantId }, body }),
    ),
  );
}
