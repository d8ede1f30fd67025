import { adminOrder } from '@drip/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

/** The query key of an order's details: an operation on the order invalidates it to show the new figures. */
export const adminOrderKey = (orderId: string) => ['admin', 'orders', 'details', orderId] as const;

/** GET /orders/{id}: the order with every instalment line, products, customer, merchant, checkout and history. */
export function useAdminOrder(orderId: string) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: adminOrderKey(orderId),
    queryFn: async () => unwrap(await client.call(adminOrder, { params: { id: orderId } })),
  });
}
