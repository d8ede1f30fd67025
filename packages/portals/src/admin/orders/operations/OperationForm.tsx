import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { notifyError } from '../../../shared/kit/index.ts';
import { refusalOf } from './api.ts';

/**
 * A dialog's form: submitted by its button or Enter, checked by the dialog itself (`noValidate`: the browser's own
 * bubbles would speak another language than the spec's messages, and a date's min/max only guide its picker).
 */
export function OperationForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/** The server's own refusal (pt-BR), kept in the dialog under the failure's title until the next try. */
export function RefusalAlert({ title, refusal }: { title: string; refusal: string | null }) {
  return refusal ? (
    <Alert color="red" role="alert" title={title}>
      {refusal}
    </Alert>
  ) : null;
}

/**
 * Runs one operation from a dialog: once at a time; on success `done` then the dialog closes; on failure the failure
 * toast and, when the server answered with a refusal, that refusal kept for the dialog to show.
 */
export function useDialogRun(failed: string, onClose: () => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref as well as the state: two clicks within one render would both see `busy` false.
  const running = useRef(false);
  const run = async <R,>(operation: () => Promise<R>, done: (result: R) => void) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      done(await operation());
      onClose();
    } catch (failure) {
      notifyError(failed);
      setRefusal(refusalOf(failure));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, refusal, run };
}

/**
 * The modal of one operation: its form, the refusal of the last try, and the two buttons that name what they do.
 * It cannot be dismissed while the call is under way (the answer decides what the page shows next).
 */
export function OperationDialog({
  title,
  busy,
  refusal,
  failedTitle,
  confirmLabel,
  cancelLabel,
  color,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  refusal: string | null;
  failedTitle: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Red for what moves or forgives money. */
  color?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={() => (busy ? undefined : onClose())} title={title} centered>
      <OperationForm onSubmit={onSubmit}>
        <RefusalAlert title={failedTitle} refusal={refusal} />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={busy} onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" color={color} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </OperationForm>
    </Modal>
  );
}
