import { customerMessages, formatBRL, formatDate } from '@drip/core';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../shared/EmptyState.tsx';
import { LoadError, PageLoader } from '../shared/QueryState.tsx';
import { useCustomerOrders } from './api/orders.ts';
import { displayOrderStatus } from './orderLabels.ts';
import { Pager } from './Pager.tsx';

/** The page of the list kept in the query (`?page=`, 0-based as the API); anything else is page 0. */
function pageOf(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 0;
  return Number(raw);
}

/** Spec 2.3: the app-download promotion shown on the orders list. */
export function AppDownloadPromo() {
  return (
    <Paper withBorder radius="lg" p="lg" bg="drip.0">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text fw={700}>Baixe o app Drip para pagar as suas parcelas</Text>
          <Text size="sm" c="dimmed">
            Receba lembretes dos vencimentos, pague no Pix em poucos toques e acompanhe seu cashback.
          </Text>
        </Stack>
        <Button component="a" href="/app-download">
          Baixar o app
        </Button>
      </Group>
    </Paper>
  );
}

export function CustomerOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const orders = useCustomerOrders(page);
  const goTo = (next: number) => setSearchParams(next === 0 ? {} : { page: String(next) });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{customerMessages.nav.orders}</Title>
        <Text c="dimmed">Acompanhe suas compras parceladas com Drip e pague suas parcelas no Pix.</Text>
      </div>
      <AppDownloadPromo />
      {orders.isPending ? (
        <PageLoader label="Carregando suas compras…" />
      ) : orders.isError ? (
        <LoadError
          title="Não foi possível carregar suas compras"
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.totalElements === 0 ? (
        <EmptyState
          title="Você ainda não tem compras para exibir"
          description="Quando você comprar com a Drip em uma loja parceira, suas compras e parcelas aparecem aqui."
        />
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-busy={orders.isPlaceholderData}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Loja</Table.Th>
                  <Table.Th>Código Drip</Table.Th>
                  <Table.Th>Código do pedido</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Pagamentos pendentes</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Data de criação</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.content.map((order) => {
                  const status = displayOrderStatus(order);
                  return (
                    <Table.Tr key={order.id}>
                      <Table.Td>{order.merchantName}</Table.Td>
                      <Table.Td>{order.code}</Table.Td>
                      <Table.Td>{order.merchantOrderCode}</Table.Td>
                      <Table.Td>{formatBRL(order.amount)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{`${order.unpaidInstalmentsCount} de ${order.instalmentsCount}`}</Text>
                          {order.lateInstalments > 0 ? (
                            <Badge color="red" variant="light">
                              {`${order.lateInstalments} em atraso`}
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={status.color} variant="light">
                          {status.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatDate(order.createdAt)}</Table.Td>
                      <Table.Td>
                        <Button
                          component={Link}
                          to={`/cliente/pedidos/${encodeURIComponent(order.id)}`}
                          size="xs"
                          variant="light"
                          aria-label={`${customerMessages.details} da compra ${order.code}`}
                        >
                          {customerMessages.details}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={orders.data.number} totalPages={orders.data.totalPages} onChange={goTo} />
        </Stack>
      )}
    </Stack>
  );
}
