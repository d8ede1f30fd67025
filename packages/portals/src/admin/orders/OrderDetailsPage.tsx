import {
  type AdminHistoryEntry,
  type AdminOrderDetails,
  type AdminOrderInstalment,
  formatBRL,
  formatCep,
  formatCpf,
  formatDate,
  formatDateTime,
  formatPhone,
} from '@drip/core';
import { Anchor, Button, Code, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { failureStatus } from '../../shared/api.ts';
import {
  AuditHistory,
  CopyButton,
  DetailList,
  EmptyState,
  INSTALMENT_TABLE_TEXTS,
  InstalmentTable,
  LoadError,
  PageLoader,
  ResponsiveTable,
  SectionCard,
  StatusBadge,
  type TableColumn,
} from '../../shared/kit/index.ts';
import { useAdminOrder } from '../api/orderDetails.ts';
import { ORDER_OPERATIONS } from './operations/index.ts';

type Order = AdminOrderDetails;
type Product = Order['products'][number];

/** Texts of the order details (spec 2.2; Drip's wording where the spec gives none). */
export const ORDER_DETAILS_TEXTS = {
  title: 'Detalhes do pedido',
  back: 'Voltar para os pedidos',
  pgf: 'Registrar baixa total (PGF)',
  customerLink: 'Ver cliente',
  merchantLink: 'Ver comerciante',
  loadFailed: 'Não foi possível carregar o pedido',
  notFoundTitle: 'Pedido não encontrado',
  notFound: 'Nenhum pedido tem este identificador.',
  noHistory: 'Nenhuma ação de administrador registrada neste pedido.',
  noCheckout: 'O checkout deste pedido não está disponível.',
} as const;

export const ORDERS_PATH = '/admin/orders';
export const orderPath = (orderId: string) => `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;
export const customerPath = (customerId: string) => `/admin/customers/${encodeURIComponent(customerId)}`;
export const merchantPath = (merchantId: string) => `/admin/merchants/${encodeURIComponent(merchantId)}`;
/** Spec 2.2: 'Baixa Parcela/Pedido (PGF)' with the order prefilled, opened in a new tab from the order details. */
export const pgfPath = (orderId: string) =>
  `/admin/add-debt-negotiation-payment?type=ORDER&id=${encodeURIComponent(orderId)}`;

/**
 * Where the order's operations plug in (refunds, product refund and amount update, late-fee removal, record payment,
 * first-date change, instalment Pix, single payment, payment check): each slot renders the buttons, modals and
 * confirmations of its place on the page. The page itself only reads.
 */
export interface OrderOperationSlots {
  /** Next to the order's status: full and partial refund. */
  order?: (order: Order) => ReactNode;
  /** Above the instalment table: the single payment for every unpaid instalment, the first-date change. */
  instalments?: (order: Order) => ReactNode;
  /** At the end of an instalment's row: fee removal, record payment, Pix creation or update, payment check. */
  instalment?: (order: Order, instalment: AdminOrderInstalment) => ReactNode;
  /** At the end of a product's row: product refund, amount update. */
  product?: (order: Order, product: Product) => ReactNode;
}

const orEmpty = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);

function address(c: Order['customer']): string | null {
  const street = [c.addressStreet, c.addressNumber, c.addressComplement].filter(orEmpty).join(', ');
  const city = [c.addressNeighborhood, c.addressCity, c.addressState].filter(orEmpty).join(' - ');
  const cep = c.addressCep ? `CEP ${formatCep(c.addressCep)}` : '';
  const parts = [street, city, cep].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(' · ') : null;
}

function subjectOf(order: Order, e: AdminHistoryEntry): string {
  if (e.entityType === 'INSTALMENT') {
    const instalment = order.instalments.find((i) => i.id === e.entityId);
    return instalment ? `Parcela ${instalment.number}` : 'Parcela';
  }
  return 'Pedido';
}

function CheckoutSection({ order }: { order: Order }) {
  const checkout = order.checkout;
  return (
    <SectionCard title="Checkout">
      {checkout ? (
        <Stack gap="md">
          <DetailList
            items={[
              { label: 'ID', value: checkout.id },
              { label: 'Status', value: <StatusBadge kind="checkout" status={checkout.status} /> },
              {
                label: 'Status do pagamento',
                value: checkout.paymentStatus ? (
                  <StatusBadge kind="payment" status={checkout.paymentStatus} />
                ) : null,
              },
              {
                label: 'ID do pagamento',
                value: checkout.paymentId ? (
                  checkout.paymentQrCode ? (
                    <Anchor href={checkout.paymentQrCode} target="_blank" rel="noopener noreferrer">
                      {checkout.paymentId}
                    </Anchor>
                  ) : (
                    checkout.paymentId
                  )
                ) : null,
              },
              { label: 'Criado por', value: checkout.creatorEmail },
              { label: 'Data de criação', value: formatDateTime(checkout.createdAt) },
            ]}
          />
          {checkout.paymentQrCode && checkout.paymentQrCodeText ? (
            <Group align="flex-start" gap="md" wrap="wrap">
              <Image src={checkout.paymentQrCode} alt="QR Code do Pix do checkout" w={160} h={160} />
              <Stack gap="xs" style={{ flex: '1 1 200px', minWidth: 0 }}>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {checkout.paymentQrCodeText}
                </Code>
                <CopyButton
                  value={checkout.paymentQrCodeText}
                  copiedMessage={INSTALMENT_TABLE_TEXTS.pixCopied}
                >
                  {INSTALMENT_TABLE_TEXTS.copyPix}
                </CopyButton>
              </Stack>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed">{ORDER_DETAILS_TEXTS.noCheckout}</Text>
      )}
    </SectionCard>
  );
}

function ProductsSection({ order, operations }: { order: Order; operations: OrderOperationSlots }) {
  const productActions = operations.product;
  const columns: TableColumn<Product>[] = [
    { id: 'name', header: 'Produto', phone: 'title', cell: (p) => p.name },
    { id: 'quantity', header: 'Quantidade', cell: (p) => String(p.quantity) },
    { id: 'amount', header: 'Valor', cell: (p) => formatBRL(p.amount) },
    { id: 'status', header: 'Status', cell: (p) => (p.status === 'CANCELED' ? 'Cancelado' : 'Ativo') },
    ...(productActions
      ? [
          {
            id: 'actions',
            header: 'Ações',
            hideHeader: true,
            phone: 'action' as const,
            cell: (p: Product) => productActions(order, p),
          },
        ]
      : []),
  ];
  return (
    <SectionCard title="Produtos">
      <ResponsiveTable label="Produtos" columns={columns} rows={order.products} getRowId={(p) => p.id} />
    </SectionCard>
  );
}

/** The order details as read (spec 2.2), with the operations of `operations` in their places. */
export function OrderDetailsView({
  order,
  operations = ORDER_OPERATIONS,
  phone,
}: {
  order: Order;
  operations?: OrderOperationSlots;
  /** Cards or tables; by default from the window's width (stories pin it). */
  phone?: boolean;
}) {
  const instalmentActions = operations.instalment;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ORDERS_PATH} size="sm">
        {ORDER_DETAILS_TEXTS.back}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{ORDER_DETAILS_TEXTS.title}</Title>
          <Text c="dimmed">{order.code}</Text>
        </div>
        <Group gap="sm" wrap="wrap">
          {operations.order?.(order)}
          {order.status === 'ACTIVE' ? (
            <Button component="a" href={pgfPath(order.id)} target="_blank" rel="noopener" variant="light">
              {ORDER_DETAILS_TEXTS.pgf}
            </Button>
          ) : null}
        </Group>
      </Group>
      <SectionCard title="Pedido">
        <DetailList
          items={[
            { label: 'ID', value: order.id },
            { label: 'Código Drip', value: order.code },
            { label: 'Código do pedido', value: order.merchantOrderCode },
            { label: 'Total', value: formatBRL(order.amount) },
            { label: 'Total cancelado/reembolsado', value: formatBRL(order.canceledAmount) },
            { label: 'Cashback', value: formatBRL(order.cashbackAmount) },
            { label: 'Status', value: <StatusBadge kind="order" status={order.displayStatus} /> },
            { label: 'Data de criação', value: formatDate(order.createdAt) },
            { label: 'Parcelas em atraso', value: String(order.lateInstalments) },
          ]}
        />
      </SectionCard>
      <SectionCard title="Parcelas" action={operations.instalments?.(order)}>
        <InstalmentTable
          audience="admin"
          instalments={order.instalments}
          actions={instalmentActions ? (i) => instalmentActions(order, i) : undefined}
          phone={phone}
        />
      </SectionCard>
      <ProductsSection order={order} operations={operations} />
      <SectionCard
        title="Cliente"
        action={
          <Button component={Link} to={customerPath(order.customer.id)} variant="light">
            {ORDER_DETAILS_TEXTS.customerLink}
          </Button>
        }
      >
        <DetailList
          items={[
            { label: 'ID', value: order.customer.id },
            { label: 'CPF', value: formatCpf(order.customer.cpf) },
            { label: 'Nome', value: order.customer.name },
            { label: 'E-mail', value: order.customer.email },
            { label: 'Telefone', value: formatPhone(order.customer.phone) },
            { label: 'Endereço', value: address(order.customer) },
          ]}
        />
      </SectionCard>
      <SectionCard
        title="Comerciante"
        action={
          <Button component={Link} to={merchantPath(order.merchant.id)} variant="light">
            {ORDER_DETAILS_TEXTS.merchantLink}
          </Button>
        }
      >
        <DetailList
          items={[
            { label: 'ID', value: order.merchant.id },
            { label: 'Nome', value: order.merchant.name },
          ]}
        />
      </SectionCard>
      <CheckoutSection order={order} />
      <AuditHistory
        entries={order.history}
        subjectOf={(e) => subjectOf(order, e)}
        empty={ORDER_DETAILS_TEXTS.noHistory}
        phone={phone}
      />
    </Stack>
  );
}

/** `/admin/orders/:orderId` (spec 2.2 "Admin order details"). */
export function AdminOrderDetailsPage() {
  const { orderId = '' } = useParams();
  const query = useAdminOrder(orderId);
  if (query.isPending) return <PageLoader label="Carregando o pedido…" />;
  if (query.isError) {
    const status = failureStatus(query.error);
    // 404 an unknown order, 400 an id that is not one: either way there is no such order.
    if (status === 404 || status === 400)
      return (
        <EmptyState title={ORDER_DETAILS_TEXTS.notFoundTitle} description={ORDER_DETAILS_TEXTS.notFound} />
      );
    return (
      <LoadError
        title={ORDER_DETAILS_TEXTS.loadFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <OrderDetailsView order={query.data} />;
}
