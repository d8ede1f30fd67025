/** The instalment slot's dialogs (fee removal, record payment), fetched when first opened. */
import {
  type AdminOrderDetails,
  type AdminOrderInstalment,
  adminCloseInstalmentsWithDebt,
  adminRemoveInstalmentFee,
  DEBT_REASON_LABELS,
  DEBT_REASONS,
  DEFAULT_DEBT_REASON,
  type DebtReason,
  FEE_REMOVAL_REASONS,
  type FeeRemovalReason,
  formatBRL,
} from '@drip/core';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { unwrap } from '../../../shared/api.ts';
import { ChoiceSelect, CONFIRMATIONS, notifyInfo, notifySuccess } from '../../../shared/kit/index.ts';
import { useOrderOperation } from './api.ts';
import { OperationDialog, useDialogRun } from './OperationForm.tsx';
import { FEE_REMOVAL_REASON_LABELS, OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;
type Instalment = AdminOrderInstalment;

const FEE_REASON_OPTIONS = FEE_REMOVAL_REASONS.map((value) => ({
  value,
  label: FEE_REMOVAL_REASON_LABELS[value],
}));
const DEBT_REASON_OPTIONS = DEBT_REASONS.map((value) => ({ value, label: DEBT_REASON_LABELS[value] }));

/**
 * 'Tem certeza que deseja remover a multa para essa parcela?' (spec 5) with the reason (spec 9), then the order's
 * details read again (spec 7): the customer owes the new amount at once.
 */
export function FeeRemovalDialog({
  order,
  instalment,
  onClose,
}: {
  order: Order;
  instalment: Instalment;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<FeeRemovalReason | null>(null);
  const [error, setError] = useState<string | undefined>();
  const { busy, refusal, run } = useDialogRun(T.feeFailed, onClose);
  const remove = useOrderOperation(order.id, async (client, value: FeeRemovalReason) =>
    unwrap(
      await client.call(adminRemoveInstalmentFee, { params: { id: instalment.id }, body: { reason: value } }),
    ),
  );
  const submit = () => {
    if (!reason) return setError(T.feeReasonRequired);
    void run(
      () => remove.mutateAsync(reason),
      () => notifySuccess(T.feeRemoved),
    );
  };
  return (
    <OperationDialog
      title={CONFIRMATIONS.removeFee}
      busy={busy}
      refusal={refusal}
      failedTitle={T.feeFailed}
      confirmLabel={T.removeFee}
      cancelLabel={T.cancel}
      color="red"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        Parcela {instalment.number}/{instalment.total}: multa de {formatBRL(instalment.feesAmount)}.
      </Text>
      <ChoiceSelect
        label={T.feeReasonLabel}
        data={FEE_REASON_OPTIONS}
        value={reason}
        onChange={(value) => {
          setReason(value as FeeRemovalReason | null);
          setError(undefined);
        }}
        placeholder="Selecione"
        error={error}
        required
      />
    </OperationDialog>
  );
}

/**
 * 'Dar baixa pagamento' (spec 2.2, 6): the instalment settled outside Drip's Pix through the PGF call, with the debt
 * reason (spec 9), after a confirmation. Closes the order when nothing else is owed (docs/pgf.md).
 */
export function RecordPaymentDialog({
  order,
  instalment,
  onClose,
}: {
  order: Order;
  instalment: Instalment;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<DebtReason>(DEFAULT_DEBT_REASON);
  const { busy, refusal, run } = useDialogRun(T.recordPaymentFailed, onClose);
  const record = useOrderOperation(order.id, async (client, type: DebtReason) =>
    unwrap(
      await client.call(adminCloseInstalmentsWithDebt, { body: { instalmentsIds: [instalment.id], type } }),
    ),
  );
  return (
    <OperationDialog
      title={CONFIRMATIONS.sure}
      busy={busy}
      refusal={refusal}
      failedTitle={T.recordPaymentFailed}
      confirmLabel={T.recordPayment}
      cancelLabel={T.cancel}
      color="red"
      onSubmit={() =>
        void run(
          () => record.mutateAsync(reason),
          (result) =>
            result.settledInstalmentIds.length > 0
              ? notifySuccess(T.recordPaymentDone)
              : notifyInfo(T.recordPaymentNothing),
        )
      }
      onClose={onClose}
    >
      <Text>{T.recordPaymentDetails(instalment.number, formatBRL(instalment.amountToPay))}</Text>
      <ChoiceSelect
        label={T.debtReasonLabel}
        data={DEBT_REASON_OPTIONS}
        value={reason}
        onChange={(value) => value && setReason(value as DebtReason)}
        required
      />
    </OperationDialog>
  );
}
