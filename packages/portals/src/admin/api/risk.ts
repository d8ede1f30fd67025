/** The risk lists and PGF calls of the admin screens (docs/risk-lists.md, docs/pgf.md). */
import {
  adminCloseInstalmentsWithDebt,
  adminCloseOrdersWithDebt,
  adminFraudBlock,
  adminFraudReasons,
  adminFraudUnblock,
  adminNegotiationAdd,
  adminNegotiationRemove,
  adminNegotiationTypes,
  adminTrustAdd,
  adminTrustRemove,
  type CloseInstalmentsWithDebtRequest,
  type CloseOrdersWithDebtRequest,
  type FraudBlockRequest,
  type FraudUnblockRequest,
  type NegotiationListRequest,
  type TrustAddRequest,
  type TrustRemoveRequest,
} from '@drip/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

type In<S extends v.GenericSchema> = v.InferInput<S>;

/** GET /fraud/reason: the block reasons (spec 9 labels). */
export function useBlockReasons() {
  const { client } = useAdmin();
  return useQuery({
    queryKey: ['admin', 'fraud', 'reasons'],
    queryFn: async () => unwrap(await client.call(adminFraudReasons, {})),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /debt-negotiation/type: the negotiation types (spec 9 labels). */
export function useNegotiationTypes() {
  const { client } = useAdmin();
  return useQuery({
    queryKey: ['admin', 'debt-negotiation', 'types'],
    queryFn: async () => unwrap(await client.call(adminNegotiationTypes, {})),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBlock() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof FraudBlockRequest>) =>
      unwrap(await client.call(adminFraudBlock, { body })),
  });
}

export function useUnblock() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof FraudUnblockRequest>) =>
      unwrap(await client.call(adminFraudUnblock, { body })),
  });
}

export function useTrustAdd() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof TrustAddRequest>) =>
      unwrap(await client.call(adminTrustAdd, { body })),
  });
}

export function useTrustRemove() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof TrustRemoveRequest>) =>
      unwrap(await client.call(adminTrustRemove, { body })),
  });
}

export function useNegotiationAdd() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof NegotiationListRequest>) =>
      unwrap(await client.call(adminNegotiationAdd, { body })),
  });
}

export function useNegotiationRemove() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof NegotiationListRequest>) =>
      unwrap(await client.call(adminNegotiationRemove, { body })),
  });
}

export function useCloseOrdersWithDebt() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof CloseOrdersWithDebtRequest>) =>
      unwrap(await client.call(adminCloseOrdersWithDebt, { body })),
  });
}

export function useCloseInstalmentsWithDebt() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (body: In<typeof CloseInstalmentsWithDebtRequest>) =>
      unwrap(await client.call(adminCloseInstalmentsWithDebt, { body })),
  });
}
