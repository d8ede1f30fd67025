/** The instalments slot's dialogs (first-date change), fetched when first opened. */
import { type AdminOrderDetails, addDaysIso, adminUpdateFirstDueDate, isoDateInSaoPaulo } from '@drip/core';
import { useState } from 'react';
import { unwrap } from '../../../shared/api.ts';
import { DateField, notifySuccess } from '../../../shared/kit/index.ts';
import { useOrderOperation } from './api.ts';
import { OperationDialog, useDialogRun } from './OperationForm.tsx';
import { OPERATION_TEXTS as T } from './texts.ts';

type Order = AdminOrderDetails;

/** Spec 9: the first instalment's date, 1 to 30 days after the order's creation (São Paulo calendar). */
export function firstDueDateWindow(order: Pick<Order, 'createdAt'>): { min: string; max: string } {
  const created = isoDateInSaoPaulo(new Date(order.createdAt));
  return { min: addDaysIso(created, 1), max: addDaysIso(created, 30) };
}

export function FirstDueDateDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { min, max } = firstDueDateWindow(order);
  const first = order.instalments.find((i) => i.number === 1);
  const [date, setDate] = useState(first?.dueDate ?? min);
  const [error, setError] = useState<string | undefined>();
  const { busy, refusal, run } = useDialogRun(T.dateFailed, onClose);
  const change = useOrderOperation(order.id, async (client, value: string) =>
    unwrap(await client.call(adminUpdateFirstDueDate, { params: { id: order.id }, body: { date: value } })),
  );
  const submit = () => {
    // ISO dates compare as text.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < min || date > max)
      return setError(T.dateOutOfWindow(min, max));
    void run(
      () => change.mutateAsync(date),
      () => notifySuccess(T.dateChanged),
    );
  };
  return (
    <OperationDialog
      title={T.changeDate}
      busy={busy}
      refusal={refusal}
      failedTitle={T.dateFailed}
      confirmLabel={T.save}
      cancelLabel={T.cancel}
      onSubmit={submit}
      onClose={onClose}
    >
      <DateField
        label={T.dateLabel}
        value={date}
        min={min}
        max={max}
        onChange={(event) => {
          setDate(event.currentTarget.value);
          setError(undefined);
        }}
        error={error}
        required
      />
    </OperationDialog>
  );
}
