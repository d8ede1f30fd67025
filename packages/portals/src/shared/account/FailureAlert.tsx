import { Alert } from '@mantine/core';

/** The red banner of an account form's failure (role alert, read at once by screen readers). */
export function FailureAlert({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  ) : null;
}
