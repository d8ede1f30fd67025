/**
 * The `product` slot of the admin order details (OrderDetailsPage.tsx's `OrderOperationSlots`): at the end of a
 * product's row, 'Reembolsar' (the product refund, spec 8) and 'Alterar valor' (the amount update, spec 2.2 and 5).
 * The buttons are all the page loads; their dialogs are fetched on the first click (ProductOperationModals.tsx).
 */
import type { AdminOrderDetails } from '@drip/core';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { adminOrderKey } from '../../api/orderDetails.ts';
import { PRODUCT_OPERATION_TEXTS as T } from './productTexts.ts';

type Order = AdminOrderDetails;
type Product = Order['products'][number];

const modals = () => import('./ProductOperationModals.tsx');
const ProductRefundDialog = lazy(() => modals().then((m) => ({ default: m.ProductRefundDialog })));
const ProductAmountModal = lazy(() => modals().then((m) => ({ default: m.ProductAmountModal })));

/**
 * A product refund is carried out by the refund engine's queue within seconds: the order is read again every
 * POLL_MS until the product shows cancelled, at most POLL_LIMIT times.
 */
export const POLL_MS = 2_000;
const POLL_LIMIT = 30;

function ProductActions({ order, product }: { order: Order; product: Product }) {
  const [open, setOpen] = useState<'refund' | 'amount' | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  const queryClient = useQueryClient();
  const active = product.status === 'ACTIVE';
  useEffect(() => {
    if (!awaiting || !active) {
      if (!active) setAwaiting(false);
      return;
    }
    let polls = 0;
    const timer = window.setInterval(() => {
      polls += 1;
      void queryClient.invalidateQueries({ queryKey: adminOrderKey(order.id) });
      if (polls >= POLL_LIMIT) setAwaiting(false);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [awaiting, active, queryClient, order.id]);

  // The rules of a product refund (spec 6): an active product of an active order; the server checks the rest.
  if (!active || order.status !== 'ACTIVE') return null;
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {awaiting ? (
        <Text size="sm" c="dimmed" role="status">
          {T.refundPending}
        </Text>
      ) : (
        <>
          <Button size="xs" variant="light" onClick={() => setOpen('amount')}>
            {T.updateAmount}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setOpen('refund')}>
            {T.refund}
          </Button>
        </>
      )}
      <Suspense fallback={null}>
        {open === 'refund' ? (
          <ProductRefundDialog
            order={order}
            product={product}
            onClose={() => setOpen(null)}
            onRequested={() => setAwaiting(true)}
          />
        ) : open === 'amount' ? (
          <ProductAmountModal order={order} product={product} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
    </Group>
  );
}

/** The `product` slot: the operations of one product of the order. */
export function productOperations(order: Order, product: Product): ReactNode {
  return <ProductActions key={product.id} order={order} product={product} />;
}
