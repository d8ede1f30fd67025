import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** Spec 5's confirmations, word for word. */
export const CONFIRMATIONS = {
  /** Disabling a merchant, resetting an API key, revoking a link. */
  sure: 'Você tem certeza?',
  removeFee: 'Tem certeza que deseja remover a multa para essa parcela?',
  removeProduct: 'Tem certeza que deseja remover esse produto?',
  /** Refunding (cancelling) products of an order. */
  cancelProduct: 'Você tem certeza que deseja cancelar esse produto?',
  invalidCpfs: (cpfs: readonly string[]) =>
    `Os seguintes cpfs parecem inválidos: ${cpfs.join(', ')}. Deseja continuar?`,
} as const;

export const confirmLabels = { confirm: 'Confirmar', cancel: 'Cancelar' } as const;

export interface ConfirmActionProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /** The button that asks. */
  children: ReactNode;
  /** The question; 'Você tem certeza?' unless the spec words this action differently. */
  question?: string;
  /** What will happen, e.g. the formatted refund amount. */
  details?: ReactNode;
  /** The confirming button; name it by what it does when it does something with money ('Estornar R$ 30,00'). */
  confirmLabel?: string;
  /** The button that gives up; 'Cancelar' reads as "cancel the order" in a refund, so a refund names it. */
  cancelLabel?: string;
  /** Runs once on confirmation; the dialog stays open, its button spinning, until the promise settles. */
  onConfirm: () => unknown;
  /** Checked when the button is pressed: false keeps the dialog closed (the caller shows why, e.g. a bad amount). */
  canOpen?: () => boolean;
}

/**
 * The confirmation dialog on its own, for an action chosen elsewhere (a menu entry): open while `opened`; runs
 * `onConfirm` once, the dialog waiting for its promise, then closes.
 */
export function ConfirmDialog({
  opened,
  onClose,
  question = CONFIRMATIONS.sure,
  details,
  confirmLabel = confirmLabels.confirm,
  cancelLabel = confirmLabels.cancel,
  color,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  question?: string;
  details?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: ButtonProps['color'];
  onConfirm: () => unknown;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={() => (busy ? undefined : onClose())} title={question} centered>
      <Stack gap="md">
        {details ? <Text component="div">{details}</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={busy} onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color={color} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A button that runs its action only after a 'Você tem certeza?' dialog. */
export function ConfirmAction({
  children,
  question = CONFIRMATIONS.sure,
  details,
  confirmLabel = confirmLabels.confirm,
  cancelLabel = confirmLabels.cancel,
  onConfirm,
  canOpen,
  ...button
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(canOpen ? canOpen() : true)}>
        {children}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        question={question}
        details={details}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        color={button.color}
        onConfirm={onConfirm}
      />
    </>
  );
}
