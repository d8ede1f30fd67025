import { type CustomerOrderSummary, customerMessages, formatBRL, formatDate } from '@drip/core';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { DataList, type DataListColumn, StatusBadge, useListQuery } from '../shared/kit/index.ts';
import { ORDERS_PAGE_SIZE, useCustomerOrders } from './api/orders.ts';
import { displayOrderStatus } from './orderLabels.ts';

const detailsPath = (order: CustomerOrderSummary) => `/cliente/pedidos/${encodeURIComponent(order.id)}`;

/**
 * Spec 2.3 columns. On a phone each order is a card headed by the store, with Total, Status and 'Detalhes'
 * visible without scrolling sideways.
 */
const columns: DataListColumn<CustomerOrderSummary>[] = [
  { id: 'store', header: 'Loja', phone: 'title', cell: (order) => order.merchantName },
  { id: 'code', header: 'Código Drip', cell: (order) => order.code },
  { id: 'merchantOrderCode', header: 'Código do pedido', cell: (order) => order.merchantOrderCode },
  { id: 'total', header: 'Total', cell: (order) => formatBRL(order.amount) },
  {
    id: 'pending',
    header: 'Pagamentos pendentes',
    cell: (order) => (
      // Inline and wrapping: follows the alignment of a table cell or of a phone card's value, and wraps on a
      // phone rather than cutting the late badge.
      <Group gap={6} justify="flex-end" style={{ display: 'inline-flex' }}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {`${order.unpaidInstalmentsCount} de ${order.instalmentsCount}`}
        </Text>
        {order.lateInstalments > 0 ? (
          <Badge color="red" variant="light">
            {`${order.lateInstalments} em atraso`}
          </Badge>
        ) : null}
      </Group>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (order) => <StatusBadge kind="order" status={displayOrderStatus(order)} />,
  },
  { id: 'createdAt', header: 'Data de criação', cell: (order) => formatDate(order.createdAt) },
  {
    id: 'actions',
    header: 'Ações',
    hideHeader: true,
    phone: 'action',
    cell: (order) => (
      <Button
        component={Link}
        to={detailsPath(order)}
        size="xs"
        variant="light"
        aria-label={`${customerMessages.details} da compra ${order.code}`}
      >
        {customerMessages.details}
      </Button>
    ),
  },
];

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
  const list = useListQuery([], ORDERS_PAGE_SIZE);
  const orders = useCustomerOrders(list.page, list.size);
  const navigate = useNavigate();

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{customerMessages.nav.orders}</Title>
        <Text c="dimmed">Acompanhe suas compras parceladas com Drip e pague suas parcelas no Pix.</Text>
      </div>
      <AppDownloadPromo />
      <DataList
        label="Suas compras"
        columns={columns}
        query={orders}
        getRowId={(order) => order.id}
        onRowClick={(order) => void navigate(detailsPath(order))}
        onPageChange={list.setPage}
        skeletonRows={list.size}
        errorTitle="Não foi possível carregar suas compras"
        empty={{
          title: 'Você ainda não tem compras para exibir',
          description:
            'Quando você comprar com a Drip em uma loja parceira, suas compras e parcelas aparecem aqui.',
        }}
      />
    </Stack>
  );
}
