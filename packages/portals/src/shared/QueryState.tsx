import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { failureStatus } from './api.ts';

export function PageLoader({ label = 'Carregando…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A failed load, with the HTTP status and a retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const status = failureStatus(error);
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {status > 0
            ? `O servidor respondeu com erro (${status}).`
            : 'Não foi possível falar com o servidor.'}
        </Text>
        <Button variant="light" color="red" size="xs" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
