import { type AdminOrdersQuery, adminOrders } from '@drip/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

export const ordersListKey = ['admin', 'orders', 'list'] as const;

export interface OrdersListFilters {
  search?: string | undefined;
  status?: AdminOrdersQuery['status'] | undefined;
  merchantId?: string | undefined;
}

/** GET /orders?page&size&search&status&merchantId: every merchant's orders, newest first (docs/admin-orders.md). */
export function useAdminOrders(page: number, size: number, filters: OrdersListFilters) {
  const { client } = useAdmin();
  const { search, status, merchantId } = filters;
  return useQuery({
    queryKey: [...ordersListKey, page, size, search ?? '', status ?? '', merchantId ?? ''],
    queryFn: async () =>
      unwrap(
        await client.call(adminOrders, {
          query: {
            page: String(page),
            size: String(size),
            ...(search ? { search } : {}),
            ...(status ? { status } : {}),
            ...(merchantId ? { merchantId } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
