/** The instalments slot's dialogs (first-date change), fetched when first opened. */
import { type AdminOrderDetails, addDaysIso, adminUpdateFirstDueDate, isoDateInSaoPaulo } from '@drip/core';
import { Alert, Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { unwrap } from '../../../shared/api.ts';
import { DateField, notifyError, notifySuccess } from '../../../shared/kit/index.ts';
import { refusalOf, useOrderOperation } from './api.ts';
import { OperationForm } from './OperationForm.tsx';
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useOrderOperation(order.id, async (client, value: string) =>
    unwrap(await client.call(adminUpdateFirstDueDate, { params: { id: order.id }, body: { date: value } })),
  );
  const submit = async () => {
    if (change.isPending) return;
    setRefusal(null);
    // ISO dates compare as text.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < min || date > max)
      return setError(T.dateOutOfWindow(min, max));
    try {
      await change.mutateAsync(date);
      notifySuccess(T.dateChanged);
      onClose();
    } catch (failure) {
      notifyError(T.dateFailed);
      setRefusal(refusalOf(failure));
    }
  };
  return (
    <Modal opened onClose={() => (change.isPending ? undefined : onClose())} title={T.changeDate} centered>
      <OperationForm onSubmit={() => void submit()}>
        {refusal ? (
          <Alert color="red" role="alert" title={T.dateFailed}>
            {refusal}
          </Alert>
        ) : null}
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={change.isPending} onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {T.save}
          </Button>
        </Group>
      </OperationForm>
    </Modal>
  );
}
