/** The order slot (next to the status, spec 2.2): 'Reembolso total' and 'Reembolso parcial'. */
import type { AdminOrderDetails } from '@drip/core';
import { Button, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { adminOrderKey } from '../../api/orderDetails.ts';
import { OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;

const modals = () => import('./OrderModals.tsx');
const FullRefundDialog = lazy(() => modals().then((m) => ({ default: m.FullRefundDialog })));
const PartialRefundDialog = lazy(() => modals().then((m) => ({ default: m.PartialRefundDialog })));

/** How often, and how long, the order is read again after a refund was asked (the engine's worker runs every 5 s). */
export const REFUND_WATCH_MS = 2000;
export const REFUND_WATCH_LIMIT_MS = 60_000;

export const REFUND_PROCESSING = 'Reembolso em processamento…';

/**
 * A refund is carried out by the refund engine's worker seconds after it is asked: the details are read again every
 * 2 s until the cancelled amount moves (or a minute passed), so the page shows the new money without a reload.
 */
function useRefundWatch(order: Order) {
  const queryClient = useQueryClient();
  const [baseline, setBaseline] = useState<number | null>(null);
  useEffect(() => {
    if (baseline === null) return;
    if (order.canceledAmount !== baseline) {
      setBaseline(null);
      return;
    }
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > REFUND_WATCH_LIMIT_MS) setBaseline(null);
      else void queryClient.invalidateQueries({ queryKey: adminOrderKey(order.id) });
    }, REFUND_WATCH_MS);
    return () => clearInterval(timer);
  }, [baseline, order.canceledAmount, order.id, queryClient]);
  return { watching: baseline !== null, start: () => setBaseline(order.canceledAmount) };
}

export function OrderOperations({ order }: { order: Order }) {
  const [open, setOpen] = useState<'full' | 'partial' | null>(null);
  const watch = useRefundWatch(order);
  // Spec 4: the full refund is always offered while something is left to refund; the server says when it may not.
  if (order.status === 'CANCELED' || order.canceledAmount >= order.amount) return null;
  const close = () => setOpen(null);
  return (
    <Group gap="sm" wrap="wrap">
      {watch.watching ? (
        <Group gap={6} role="status">
          <Loader size="xs" />
          <Text size="sm">{REFUND_PROCESSING}</Text>
        </Group>
      ) : null}
      <Button color="red" variant="light" onClick={() => setOpen('full')} disabled={watch.watching}>
        {T.fullRefund}
      </Button>
      <Button variant="light" onClick={() => setOpen('partial')} disabled={watch.watching}>
        {T.partialRefund}
      </Button>
      <Suspense fallback={null}>
        {open === 'full' ? (
          <FullRefundDialog order={order} onClose={close} onRequested={watch.start} />
        ) : null}
        {open === 'partial' ? (
          <PartialRefundDialog order={order} onClose={close} onRequested={watch.start} />
        ) : null}
      </Suspense>
    </Group>
  );
}
