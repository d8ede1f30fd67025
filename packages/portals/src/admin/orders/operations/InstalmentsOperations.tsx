/**
 * The instalments slot (above the table, spec 2.2): the single payment for every unpaid instalment (shown only when
 * there are some) and the first instalment's date change (instalment 1 PENDING, spec 4).
 */
import { type AdminOrderDetails, adminCreateUniquePayment } from '@drip/core';
import { Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { failureStatus, unwrap } from '../../../shared/api.ts';
import { notifyError } from '../../../shared/kit/index.ts';
import { useOrderOperation } from './api.ts';
import type { ShownPix } from './PixView.tsx';
import { OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;

const PixModal = lazy(() => import('./PixView.tsx').then((m) => ({ default: m.PixModal })));
const FirstDueDateDialog = lazy(() =>
  import('./InstalmentsModals.tsx').then((m) => ({ default: m.FirstDueDateDialog })),
);

/** Spec 4: only instalment 1, only while PENDING, of an active order. */
export const canChangeFirstDate = (order: Order) =>
  order.status === 'ACTIVE' && order.instalments.some((i) => i.number === 1 && i.status === 'PENDING');

export function InstalmentsOperations({ order }: { order: Order }) {
  const [pix, setPix] = useState<ShownPix | null>(null);
  const [dateOpen, setDateOpen] = useState(false);
  const unique = useOrderOperation(order.id, async (client, _: undefined) =>
    unwrap(await client.call(adminCreateUniquePayment, { params: { id: order.id } })),
  );
  const unpaid = order.status === 'ACTIVE' && order.instalments.some((i) => i.status === 'PENDING');
  const changeDate = canChangeFirstDate(order);
  if (!unpaid && !changeDate) return null;

  const createUnique = async () => {
    if (unique.isPending) return;
    try {
      const payment = await unique.mutateAsync(undefined);
      setPix({
        qrCode: payment.qrCode,
        qrCodeText: payment.qrCodeText,
        amount: payment.amount,
        expiresAt: payment.expiresAt,
      });
    } catch (error) {
      notifyError(T.uniquePaymentFailed(failureStatus(error)));
    }
  };

  return (
    <Group gap="sm" wrap="wrap">
      {unpaid ? (
        <Button variant="light" loading={unique.isPending} onClick={() => void createUnique()}>
          {T.uniquePayment}
        </Button>
      ) : null}
      {changeDate ? (
        <Button variant="light" onClick={() => setDateOpen(true)}>
          {T.changeDate}
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {pix ? <PixModal title={T.uniquePaymentTitle} pix={pix} onClose={() => setPix(null)} /> : null}
        {dateOpen ? <FirstDueDateDialog order={order} onClose={() => setDateOpen(false)} /> : null}
      </Suspense>
    </Group>
  );
}
