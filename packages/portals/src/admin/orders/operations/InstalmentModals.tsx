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
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { unwrap } from '../../../shared/api.ts';
import {
  ChoiceSelect,
  CONFIRMATIONS,
  notifyError,
  notifyInfo,
  notifySuccess,
} from '../../../shared/kit/index.ts';
import { refusalOf, useOrderOperation } from './api.ts';
import { OperationForm } from './OperationForm.tsx';
import { FEE_REMOVAL_REASON_LABELS, OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;
type Instalment = AdminOrderInstalment;

const FEE_REASON_OPTIONS = FEE_REMOVAL_REASONS.map((value) => ({
  value,
  label: FEE_REMOVAL_REASON_LABELS[value],
}));
const DEBT_REASON_OPTIONS = DEBT_REASONS.map((value) => ({ value, label: DEBT_REASON_LABELS[value] }));

/** The buttons of a confirmation that does something with money: name what they do, wait for the answer. */
function Actions({ busy, confirm, onCancel }: { busy: boolean; confirm: string; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" disabled={busy} onClick={onCancel}>
        {T.cancel}
      </Button>
      <Button type="submit" color="red" loading={busy}>
        {confirm}
      </Button>
    </Group>
  );
}

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useOrderOperation(order.id, async (client, value: FeeRemovalReason) =>
    unwrap(
      await client.call(adminRemoveInstalmentFee, { params: { id: instalment.id }, body: { reason: value } }),
    ),
  );
  const submit = async () => {
    if (remove.isPending) return;
    setRefusal(null);
    if (!reason) return setError(T.feeReasonRequired);
    try {
      await remove.mutateAsync(reason);
      notifySuccess(T.feeRemoved);
      onClose();
    } catch (failure) {
      notifyError(T.feeFailed);
      setRefusal(refusalOf(failure));
    }
  };
  return (
    <Modal
      opened
      onClose={() => (remove.isPending ? undefined : onClose())}
      title={CONFIRMATIONS.removeFee}
      centered
    >
      <OperationForm onSubmit={() => void submit()}>
        {refusal ? (
          <Alert color="red" role="alert" title={T.feeFailed}>
            {refusal}
          </Alert>
        ) : null}
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
        <Actions busy={remove.isPending} confirm={T.removeFee} onCancel={onClose} />
      </OperationForm>
    </Modal>
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const record = useOrderOperation(order.id, async (client, type: DebtReason) =>
    unwrap(
      await client.call(adminCloseInstalmentsWithDebt, { body: { instalmentsIds: [instalment.id], type } }),
    ),
  );
  const submit = async () => {
    if (record.isPending) return;
    setRefusal(null);
    try {
      const result = await record.mutateAsync(reason);
      if (result.settledInstalmentIds.length > 0) notifySuccess(T.recordPaymentDone);
      else notifyInfo(T.recordPaymentNothing);
      onClose();
    } catch (failure) {
      notifyError(T.recordPaymentFailed);
      setRefusal(refusalOf(failure));
    }
  };
  return (
    <Modal
      opened
      onClose={() => (record.isPending ? undefined : onClose())}
      title={CONFIRMATIONS.sure}
      centered
    >
      <OperationForm onSubmit={() => void submit()}>
        {refusal ? (
          <Alert color="red" role="alert" title={T.recordPaymentFailed}>
            {refusal}
          </Alert>
        ) : null}
        <Text>{T.recordPaymentDetails(instalment.number, formatBRL(instalment.amountToPay))}</Text>
        <ChoiceSelect
          label={T.debtReasonLabel}
          data={DEBT_REASON_OPTIONS}
          value={reason}
          onChange={(value) => value && setReason(value as DebtReason)}
          required
        />
        <Actions busy={record.isPending} confirm={T.recordPayment} onCancel={onClose} />
      </OperationForm>
    </Modal>
  );
}
