import {
  formatBRL,
  formatCep,
  formatCpf,
  formatDate,
  formatDateTime,
  formatPhone,
  type MerchantCheckoutDetails,
  merchantCheckoutDisplay,
  refusalReasonLabel,
} from '@drip/core';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { type DetailItem, DetailList, LoadError, PageLoader, StatusBadge } from '../../shared/kit/index.ts';
import { useSale } from '../api/sales.ts';
import { useMerchantIsAdmin } from '../role.ts';
import { RefundActions } from './RefundActions.tsx';

const ORDERS = '/parceira/pedidos';

function Products({ sale }: { sale: MerchantCheckoutDetails }) {
  if (sale.products.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" p={0}>
      {sale.products.map((product) => (
        <List.Item key={product.id}>
          {`${product.name} · ${formatBRL(product.amount)}`}
          {product.status === 'CANCELED'
            ? ` (Estornado${product.canceledAt ? ` em ${formatDate(product.canceledAt)}` : ''})`
            : ''}
        </List.Item>
      ))}
    </List>
  );
}

function StatusLine({ sale }: { sale: MerchantCheckoutDetails }) {
  const display = merchantCheckoutDisplay(sale, 'detail');
  return (
    <Group gap="xs" style={{ display: 'inline-flex' }}>
      <StatusBadge kind="sale" status={display} />
      {display === 'REFUNDED' && sale.order?.canceledAt ? (
        <Text size="sm">{`Estornado em ${formatDate(sale.order.canceledAt)}`}</Text>
      ) : null}
    </Group>
  );
}

/** Spec 2.4 order detail: every field, 'N/A' when empty, and the refund buttons (ADMIN); no big numbers or tabs. */
export function OrderDetailsPage() {
  const { checkoutId = '' } = useParams();
  const sale = useSale(checkoutId);
  // Spec 6: a read-only session sees no refund button (the server answers 403 anyway).
  const isAdmin = useMerchantIsAdmin();
  const back = (
    <Button component={Link} to={ORDERS} variant="subtle" px={0}>
      ← Voltar para a lista de pedidos
    </Button>
  );
  if (sale.isError)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <LoadError
          title="Não foi possível carregar o pedido"
          error={sale.error}
          onRetry={() => void sale.refetch()}
        />
      </Stack>
    );
  if (!sale.data) return <PageLoader />;
  const s = sale.data;
  const fee = s.merchantFee;
  const order: DetailItem[] = [
    { label: 'Código Drip', value: s.order?.code },
    { label: 'Código do pedido', value: s.code },
    { label: 'Nome do cliente', value: s.customerName },
    { label: 'Total', value: formatBRL(s.amount) },
    { label: 'Produtos', value: s.products.length > 0 ? <Products sale={s} /> : null },
    { label: 'Valor estornado', value: s.order ? formatBRL(s.order.canceledAmount) : null },
    { label: 'Status', value: <StatusLine sale={s} /> },
    { label: 'Motivo da recusa', value: refusalReasonLabel(s.status, s.koReason) },
    { label: 'Taxa', value: fee ? `${(fee.percentage * 100).toFixed(2).replace('.', ',')}%` : null },
    { label: 'Valor do repasse', value: s.settlementAmount == null ? null : formatBRL(s.settlementAmount) },
    { label: 'Data do pedido', value: formatDateTime(s.order?.createdDate ?? s.createdAt) },
    { label: 'Criado por', value: s.creatorEmail },
  ];
  const customer: DetailItem[] = [
    { label: 'Nome', value: s.customerName },
    { label: 'CPF', value: s.customerCpf ? formatCpf(s.customerCpf) : null },
    { label: 'E-mail', value: s.customerEmail },
    { label: 'Telefone', value: s.customerPhone ? formatPhone(s.customerPhone) : null },
    { label: 'CEP', value: s.addressCep ? formatCep(s.addressCep) : null },
    { label: 'Rua', value: s.addressStreet },
    { label: 'Número', value: s.addressNumber },
    { label: 'Bairro', value: s.addressNeighborhood },
    { label: 'Complemento', value: s.addressComplement },
    { label: 'Cidade', value: s.addressCity },
    { label: 'Estado', value: s.addressState },
  ];
  return (
    <Stack gap="lg" align="stretch">
      <div>{back}</div>
      <Title order={3}>{`Pedido ${s.code}`}</Title>
      <Paper withBorder radius="lg" p="lg">
        <DetailList items={order} />
      </Paper>
      {isAdmin && s.order ? <RefundActions orderId={s.order.id} checkoutId={s.id} /> : null}
      <Title order={4}>Cliente</Title>
      <Paper withBorder radius="lg" p="lg">
        <DetailList items={customer} />
      </Paper>
    </Stack>
  );
}
