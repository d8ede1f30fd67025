/**
 * The order slot's dialogs (full refund confirmation, partial refund), fetched when first opened: the order details'
 * first load carries none of them.
 */
import {
  type AdminOrderDetails,
  adminCancelOrder,
  adminCancelOrderPartially,
  type Cents,
  cents,
  centsToReais,
  formatBRL,
  refundMessages,
} from '@drip/core';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { failureStatus, unwrap } from '../../../shared/api.ts';
import {
  CONFIRMATIONS,
  ConfirmDialog,
  MoneyInput,
  notifyError,
  notifySuccess,
} from '../../../shared/kit/index.ts';
import { refusalOf, useOrderOperation } from './api.ts';
import { OperationForm, RefusalAlert } from './OperationForm.tsx';
import { OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;

/** What is left to refund (principal not yet cancelled or refunded). */
export const leftToRefund = (order: Order): Cents => cents(Math.max(0, order.amount - order.canceledAmount));

/** 'Você tem certeza?' then the whole order through the refund engine (asynchronous: `onRequested` follows it). */
export function FullRefundDialog({
  order,
  onClose,
  onRequested,
}: {
  order: Order;
  onClose: () => void;
  onRequested: () => void;
}) {
  const refund = useOrderOperation(order.id, async (client, _: undefined) =>
    unwrap(await client.call(adminCancelOrder, { params: { id: order.id } })),
  );
  const left = formatBRL(leftToRefund(order));
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      question={CONFIRMATIONS.sure}
      details={T.fullRefundDetails(left)}
      confirmLabel={T.refundConfirm(left)}
      cancelLabel={T.keep}
      color="red"
      onConfirm={async () => {
        try {
          const answer = await refund.mutateAsync(undefined);
          notifySuccess(answer.message);
          onRequested();
        } catch (error) {
          const status = failureStatus(error);
          // Only an answer says the refund was refused; without one it may have gone through.
          notifyError(status > 0 ? T.refundFailed(status) : T.noAnswer);
          const refusal = refusalOf(error);
          if (refusal) notifyError(refusal);
        }
      }}
    />
  );
}

/**
 * 'Reembolso parcial' (spec 2.2, 5, 8): an amount in R$ (step 0.01, centavos inside), more than 0 and no more than
 * what is left, then 'Você tem certeza?' with the formatted amount. A refusal of the server stays in the dialog.
 */
export function PartialRefundDialog({
  order,
  onClose,
  onRequested,
}: {
  order: Order;
  onClose: () => void;
  onRequested: () => void;
}) {
  const [amount, setAmount] = useState<Cents | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refund = useOrderOperation(order.id, async (client, value: Cents) =>
    unwrap(
      await client.call(adminCancelOrderPartially, {
        params: { id: order.id },
        body: { amount: centsToReais(value) },
      }),
    ),
  );
  const left = leftToRefund(order);

  const review = () => {
    setRefusal(null);
    if (amount === null || amount <= 0) return setError(T.amountRequired);
    if (amount > left) return setError(`${refundMessages.amountTooHigh} (${formatBRL(left)})`);
    setConfirming(true);
  };
  const submit = async () => {
    if (amount === null || refund.isPending) return;
    try {
      await refund.mutateAsync(amount);
      notifySuccess(T.partialRefundDone);
      onRequested();
      onClose();
    } catch (failure) {
      notifyError(failureStatus(failure) > 0 ? T.partialRefundFailed : T.noAnswer);
      setRefusal(refusalOf(failure));
      setConfirming(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => (refund.isPending ? undefined : onClose())}
      title={confirming ? CONFIRMATIONS.sure : T.partialRefund}
      centered
    >
      {confirming && amount !== null ? (
        <Stack gap="md">
          <Text>{T.partialRefundDetails(formatBRL(amount))}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={refund.isPending} onClick={() => setConfirming(false)}>
              {T.keep}
            </Button>
            <Button loading={refund.isPending} onClick={() => void submit()}>
              {T.refundConfirm(formatBRL(amount))}
            </Button>
          </Group>
        </Stack>
      ) : (
        <OperationForm onSubmit={() => review()}>
          <RefusalAlert title={T.partialRefundFailed} refusal={refusal} />
          <MoneyInput
            label={T.refundAmountLabel}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(undefined);
            }}
            error={error}
            description={`Ainda não reembolsado: ${formatBRL(left)}`}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit">{T.partialRefund}</Button>
          </Group>
        </OperationForm>
      )}
    </Modal>
  );
}
