/**
 * The instalment slot (end of each row, spec 2.2 and 6): 'Remover multa' (a PENDING instalment with a fee),
 * 'Dar baixa pagamento' and 'Criar/atualizar Pix' (a PENDING instalment of an active order), 'Verificar pagamento'
 * (an instalment with a Pix, asked to the PSP).
 */
import {
  type AdminOrderDetails,
  type AdminOrderInstalment,
  adminCreateInstalmentPayments,
  adminVerifyPayment,
  type PaymentCheck,
} from '@drip/core';
import { Button, Flex } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type * as v from 'valibot';
import { failureStatus, unwrap } from '../../../shared/api.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../shared/kit/index.ts';
import { useOrderOperation } from './api.ts';
import type { ShownPix } from './PixView.tsx';
import { OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;
type Instalment = AdminOrderInstalment;

const PixModal = lazy(() => import('./PixView.tsx').then((m) => ({ default: m.PixModal })));
const modals = () => import('./InstalmentModals.tsx');
const FeeRemovalDialog = lazy(() => modals().then((m) => ({ default: m.FeeRemovalDialog })));
const RecordPaymentDialog = lazy(() => modals().then((m) => ({ default: m.RecordPaymentDialog })));

/** The charge's status as the PSP answered it (Drip's wording; spec 8 gives only the failure). */
export const CHARGE_STATUS_LABELS: Record<v.InferOutput<typeof PaymentCheck>['status'], string> = {
  ACTIVE: 'aguardando pagamento',
  PAID: 'pago',
  EXPIRED: 'expirado',
  CANCELED: 'cancelado',
  REFUNDED: 'devolvido',
};

export function InstalmentOperations({ order, instalment }: { order: Order; instalment: Instalment }) {
  const [open, setOpen] = useState<'fee' | 'record' | null>(null);
  const [pix, setPix] = useState<ShownPix | null>(null);
  const createPix = useOrderOperation(order.id, async (client, _: undefined) =>
    unwrap(
      await client.call(adminCreateInstalmentPayments, {
        params: { id: order.id },
        body: { instalmentIds: [instalment.id] },
      }),
    ),
  );
  const verify = useOrderOperation(order.id, async (client, paymentId: string) =>
    unwrap(await client.call(adminVerifyPayment, { params: { paymentId } })),
  );
  const pending = instalment.status === 'PENDING';
  const active = order.status === 'ACTIVE';
  const payment = instalment.payment;

  const pixNow = async () => {
    if (createPix.isPending) return;
    try {
      const answer = await createPix.mutateAsync(undefined);
      notifySuccess(T.pixDone);
      const created = answer.instalments.find((i) => i.id === instalment.id)?.payment;
      if (created)
        setPix({
          qrCode: created.qrCode,
          qrCodeText: created.qrCodeText,
          amount:
            answer.instalments.find((i) => i.id === instalment.id)?.amountToPay ?? instalment.amountToPay,
          expiresAt: created.expiresAt,
        });
    } catch (error) {
      notifyError(T.pixFailed(failureStatus(error)));
    }
  };
  const verifyNow = async (paymentId: string) => {
    if (verify.isPending) return;
    try {
      const check = await verify.mutateAsync(paymentId);
      if (check.booked) notifySuccess(T.verifyBooked);
      else notifyInfo(T.verifyStatus(CHARGE_STATUS_LABELS[check.status]));
    } catch {
      notifyError(T.verifyFailed);
    }
  };

  const close = () => setOpen(null);
  return (
    // One column of buttons beside a desktop row (a narrow pinned column), a wrapping row at a phone card's foot.
    <Flex
      direction={{ base: 'row', sm: 'column' }}
      wrap="wrap"
      gap={6}
      justify="flex-end"
      align={{ base: 'center', sm: 'stretch' }}
    >
      {pending && instalment.feesAmount > 0 ? (
        <Button size="compact-sm" variant="light" color="orange" onClick={() => setOpen('fee')}>
          {T.removeFee}
        </Button>
      ) : null}
      {pending && active ? (
        <Button size="compact-sm" variant="light" onClick={() => setOpen('record')}>
          {T.recordPayment}
        </Button>
      ) : null}
      {pending && active ? (
        <Button size="compact-sm" variant="light" loading={createPix.isPending} onClick={() => void pixNow()}>
          {T.pix}
        </Button>
      ) : null}
      {payment ? (
        <Button
          size="compact-sm"
          variant="default"
          loading={verify.isPending}
          onClick={() => void verifyNow(payment.externalPaymentId)}
        >
          {T.verifyPayment}
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {open === 'fee' ? <FeeRemovalDialog order={order} instalment={instalment} onClose={close} /> : null}
        {open === 'record' ? (
          <RecordPaymentDialog order={order} instalment={instalment} onClose={close} />
        ) : null}
        {pix ? (
          <PixModal title={T.pixTitle(instalment.number)} pix={pix} onClose={() => setPix(null)} />
        ) : null}
      </Suspense>
    </Flex>
  );
}
