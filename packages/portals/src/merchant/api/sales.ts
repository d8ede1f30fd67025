import {
  type BigNumberPeriod,
  merchantCheckoutDetails,
  merchantCheckoutGraphic,
  merchantCheckoutStatistics,
  merchantCheckouts,
} from '@drip/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { filterDate } from '../../shared/kit/filterDate.ts';
import { type MerchantClient, useMerchant } from '../context.tsx';

/** The filters of 'Lista de pedidos', by their spec names (spec 9), as kept in the URL. */
export const SALES_FILTERS = [
  'code',
  'customerName',
  'amount',
  'approved',
  'canceled',
  'denied',
  'abandoned',
  'from',
  'to',
] as const;
export type SalesFilter = (typeof SALES_FILTERS)[number];
export type SalesFilters = Record<SalesFilter, string | undefined>;

/** Spec 7: the date range goes as midnight with the Z suffix (`2026-11-01T00:00:00Z`). */
export const midnightZ = (date: string) => `${date}T00:00:00Z`;

/** The query of `GET v2/checkouts`: only the filters set; the toggles as `true`. */
export function salesQuery(filters: SalesFilters, page: number, size: number): Record<string, string> {
  const query: Record<string, string> = { page: String(page), size: String(size) };
  for (const name of ['code', 'customerName', 'amount'] as const) {
    const value = filters[name]?.trim();
    if (value) query[name] = value;
  }
  for (const name of ['approved', 'canceled', 'denied', 'abandoned'] as const)
    if (filters[name] === 'true') query[name] = 'true';
  // A date the filter would not take (a URL edited by hand) is left out rather than answered with a 400.
  const from = filterDate(filters.from ?? '');
  const to = filterDate(filters.to ?? '');
  if (from) query.from = midnightZ(from);
  if (to) query.to = midnightZ(to);
  return query;
}

export async function fetchSales(client: MerchantClient, filters: SalesFilters, page: number, size: number) {
  return unwrap(await client.call(merchantCheckouts, { query: salesQuery(filters, page, size) }));
}

export function useSales(filters: SalesFilters, page: number, size: number) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: ['merchant', 'sales', filters, page, size],
    queryFn: () => fetchSales(client, filters, page, size),
    placeholderData: keepPreviousData,
  });
}

export function useSale(id: string) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: ['merchant', 'sale', id],
    queryFn: async () => unwrap(await client.call(merchantCheckoutDetails, { params: { id } })),
  });
}

export function useSalesStatistics(period: BigNumberPeriod) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: ['merchant', 'sales-statistics', period],
    queryFn: async () => unwrap(await client.call(merchantCheckoutStatistics, { query: { period } })),
    placeholderData: keepPreviousData,
  });
}

export function useSalesGraphic(period: BigNumberPeriod) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: ['merchant', 'sales-graphic', period],
    queryFn: async () => unwrap(await client.call(merchantCheckoutGraphic, { query: { period } })),
    placeholderData: keepPreviousData,
  });
}
