import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from './Logo.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Route error boundary: the 404 page for unknown routes, otherwise a pt-BR error with a reload button. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} role="alert">
        <Logo size={36} />
        <Title order={1} fz={24} ta="center">
          Algo deu errado
        </Title>
        <Text c="dimmed" ta="center">
          Ocorreu um erro inesperado ao abrir esta página. Tente recarregar; se o problema continuar, fale com
          o suporte.
        </Text>
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
      </Stack>
    </Center>
  );
}
