import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

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
