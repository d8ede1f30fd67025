import { Button, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../shared/EmptyState.tsx';

export function CustomerOrdersPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Minhas compras</Title>
        <Text c="dimmed">Acompanhe suas compras parceladas com Drip e pague suas parcelas no Pix.</Text>
      </div>
      <EmptyState
        title="Você ainda não tem compras para exibir"
        description="Em breve suas compras e parcelas aparecem aqui. Enquanto isso, você pode acompanhar tudo pelo app Drip."
        action={
          <Button component="a" href="/app-download" variant="light">
            Baixar o app
          </Button>
        }
      />
    </Stack>
  );
}

export function CustomerOrderDetailsPage() {
  return (
    <EmptyState
      title="Detalhes da compra em breve"
      description="Os detalhes da compra e o pagamento das parcelas por aqui chegam em breve."
    />
  );
}
