import {
  type Cents,
  cents,
  centsToReais,
  formatBRL,
  formatDateTime,
  type MerchantOrder,
  refundMessages,
} from '@drip/core';
import { Alert, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiFailure, failureStatus } from '../../shared/api.ts';
import {
  CONFIRMATIONS,
  ConfirmAction,
  FailureBanner,
  MoneyInput,
  notifyError,
  notifySuccess,
  ResponsiveTable,
  type TableColumn,
} from '../../shared/kit/index.ts';
import { hasPendingRefund, type RefundAsk, useMerchantOrder, useRefundOrder } from '../api/refunds.ts';

/** Spec 5: the partial refund's amount must be positive. */
export const AMOUNT_REQUIRED = 'O valor do reembolso precisa ser maior que 0';
/** Spec 8, merchant portal "Order refund": the failures (the order's with its status, the products' without). */
export const refundFailure = (status: number) => `Falha ao reembolsar (${status})`;
export const PRODUCT_REFUND_FAILURE = 'Falha ao reembolsar';
/**
 * The refund dialogs' buttons, named by what they do (docs/merchant-sales.md): 'Cancelar' would read as "cancel the
 * product" under the spec's 'Você tem certeza que deseja cancelar esse produto?', the opposite of what it did.
 */
export const KEEP_LABEL = 'Não estornar';
export const refundLabel = (amount: Cents) => `Estornar ${formatBRL(amount)}`;
/** A request that got no answer: it may have gone through, so the list below says what happened, not a failure. */
export const NO_ANSWER =
  'Não recebemos a resposta do servidor. Confira a lista de estornos abaixo antes de pedir de novo.';
/** Under the reason of a refund that could not be carried out. */
export const FAILED_HINT = 'Nenhum valor foi alterado: o pedido pode ser estornado de novo.';

const TYPE_LABELS = {
  FULL: 'Total',
  AMOUNT: 'Parcial (valor)',
  PRODUCTS: 'Produtos',
  PRODUCT_AMOUNT: 'Valor de produto',
} as const;
const STATUS_LABELS = {
  PENDING: 'Em processamento',
  DONE: 'Concluído',
  REJECTED: 'Recusado',
  FAILED: 'Falhou',
} as const;

type OrderRefund = MerchantOrder['refunds'][number];

function RefundsTable({ order }: { order: MerchantOrder }) {
  if (order.refunds.length === 0) return null;
  const names = new Map(order.products.map((p) => [p.id, p.name]));
  const columns: TableColumn<OrderRefund>[] = [
    { id: 'type', header: 'Tipo', phone: 'title', cell: (r) => TYPE_LABELS[r.type] },
    {
      id: 'what',
      header: 'Pedido',
      cell: (r) =>
        r.type === 'PRODUCTS'
          ? r.productIds.map((id) => names.get(id) ?? id).join(', ')
          : r.type === 'PRODUCT_AMOUNT'
            ? `${r.productIds.map((id) => names.get(id) ?? id).join(', ')} · ${formatBRL(r.requestedAmount)}`
            : formatBRL(r.requestedAmount),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) =>
        `${STATUS_LABELS[r.status]}${r.rejectionReason ? ` · ${r.rejectionReason}` : ''}${
          r.status === 'FAILED' && r.failureReason ? ` · ${r.failureReason}` : ''
        }`,
    },
    { id: 'amount', header: 'Estornado', cell: (r) => (r.status === 'DONE' ? formatBRL(r.amount) : '—') },
    {
      id: 'returned',
      header: 'Devolvido por Pix',
      cell: (r) => (r.status === 'DONE' ? formatBRL(r.returnedAmount) : '—'),
    },
    { id: 'date', header: 'Data', cell: (r) => formatDateTime(r.processedAt ?? r.createdAt) },
  ];
  // On a phone each refund is a card: six columns are 581 px wide, more than a 390 px screen.
  return <ResponsiveTable label="Estornos" columns={columns} rows={order.refunds} getRowId={(r) => r.id} />;
}

/**
 * The refund buttons of the order detail (spec 2.4, 4, 5, 6, 8), for ADMIN users only (the caller checks): the whole
 * order, an amount (merchants whose platform allows it) and products, each offered as the server's `refundable`
 * says, each after a confirmation. A refund is asynchronous: it shows as pending, the order is read again every
 * 2 s until it is carried out, then the checkout detail above is read again (refunded amount, products).
 */
export function RefundActions({ orderId, checkoutId }: { orderId: string; checkoutId: string }) {
  const order = useMerchantOrder(orderId);
  const refund = useRefundOrder(orderId);
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<Cents | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);

  const pending = hasPendingRefund(order.data);
  const wasPending = useRef(false);
  useEffect(() => {
    // A refund just carried out (or refused): the checkout detail shows the refunded amount and products again.
    if (wasPending.current && !pending)
      void queryClient.invalidateQueries({ queryKey: ['merchant', 'sale', checkoutId] });
    wasPending.current = pending;
  }, [pending, queryClient, checkoutId]);

  if (order.isError)
    return <FailureBanner title="Não foi possível carregar os estornos do pedido" error={order.error} />;
  if (!order.data) return <Loader size="sm" aria-label="Carregando estornos" />;
  const o = order.data;

  const ask = async (request: RefundAsk, failureText: (status: number) => string) => {
    setFailure(null);
    try {
      const answer = await refund.mutateAsync(request);
      notifySuccess(answer.message || refundMessages.requested);
      if (request.type === 'AMOUNT') setAmount(null);
      if (request.type === 'PRODUCTS') setSelected([]);
    } catch (error) {
      setFailure(error);
      const status = failureStatus(error);
      // Only an answer says the refund was refused; without one it may have gone through (the order is read again).
      notifyError(status > 0 ? failureText(status) : NO_ANSWER);
    }
  };

  // A refund carried out by the worker that could not be: the latest refund FAILED (a later one supersedes it).
  const latest = o.refunds.at(-1);
  const failedRefund = latest?.status === 'FAILED' ? latest : null;
  const refused = failure instanceof ApiFailure && failure.error.status > 0 ? failure : null;

  const refundableProducts = o.products.filter((p) => p.status === 'ACTIVE' && p.hasInstalmentProducts);
  const selectedProducts = refundableProducts.filter((p) => selected.includes(p.id));
  // What is left to refund, less what pending refunds have reserved (the server's own arithmetic): the full
  // refund's amount, and the cap of a product refund's.
  const reserved = o.refunds
    .filter((r) => r.status === 'PENDING')
    .reduce((sum, r) => sum + r.requestedAmount, 0);
  const left = cents(Math.max(0, o.amount - o.canceledAmount - reserved));
  const productsAmount = cents(
    Math.min(
      left,
      selectedProducts.reduce((sum, p) => sum + p.amount, 0),
    ),
  );
  const pendingProducts = new Set(
    o.refunds.filter((r) => r.status === 'PENDING').flatMap((r) => r.productIds),
  );
  const offered = o.refundable.full || o.refundable.partial || o.refundable.products;

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={4}>Estorno</Title>
        {refused ? (
          <Stack gap={4}>
            <FailureBanner title={PRODUCT_REFUND_FAILURE} error={refused} />
            {refused.error.message ? (
              <Text size="sm" c="red">
                {refused.error.message}
              </Text>
            ) : null}
          </Stack>
        ) : failure ? (
          <Alert color="yellow" role="status" title="Sem resposta">
            {NO_ANSWER}
          </Alert>
        ) : failedRefund && !pending ? (
          <Alert color="red" role="alert" title={PRODUCT_REFUND_FAILURE}>
            <Stack gap={4}>
              {failedRefund.failureReason ? <Text size="sm">{failedRefund.failureReason}</Text> : null}
              <Text size="sm">{FAILED_HINT}</Text>
            </Stack>
          </Alert>
        ) : null}
        {pending ? (
          <Alert color="yellow" title="Estorno em processamento" role="status">
            {refundMessages.requested}
          </Alert>
        ) : null}
        {o.refundedLabel ? <Text>{o.refundedLabel}</Text> : null}
        {!offered && !pending && !o.refundedLabel ? (
          <Text c="dimmed" size="sm">
            Nenhum estorno disponível para este pedido.
          </Text>
        ) : null}
        {o.refundable.full ? (
          <Group>
            <ConfirmAction
              color="red"
              variant="light"
              question={CONFIRMATIONS.sure}
              details={`O pedido inteiro será estornado: ${formatBRL(left)}.`}
              confirmLabel={refundLabel(left)}
              cancelLabel={KEEP_LABEL}
              onConfirm={() => ask({ type: 'FULL' }, refundFailure)}
            >
              Estornar pedido
            </ConfirmAction>
          </Group>
        ) : null}
        {o.refundable.partial ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <MoneyInput
              label="Valor do reembolso"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setAmountError(undefined);
              }}
              error={amountError}
              w={200}
            />
            <ConfirmAction
              variant="light"
              question={CONFIRMATIONS.sure}
              details={amount ? `Reembolso parcial de ${formatBRL(amount)}.` : undefined}
              confirmLabel={amount ? refundLabel(amount) : undefined}
              cancelLabel={KEEP_LABEL}
              canOpen={() => {
                const valid = amount !== null && amount > 0;
                setAmountError(valid ? undefined : AMOUNT_REQUIRED);
                return valid;
              }}
              onConfirm={() =>
                amount === null
                  ? undefined
                  : ask({ type: 'AMOUNT', amount: centsToReais(amount) }, refundFailure)
              }
            >
              Reembolso parcial
            </ConfirmAction>
          </Group>
        ) : null}
        {o.refundable.products && refundableProducts.length > 0 ? (
          <Stack gap="xs">
            <Checkbox.Group label="Produtos para estornar" value={selected} onChange={setSelected}>
              <Stack gap={4} mt={4}>
                {refundableProducts.map((product) => (
                  <Checkbox
                    key={product.id}
                    value={product.id}
                    disabled={pendingProducts.has(product.id)}
                    label={`${product.name} · ${formatBRL(product.amount)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group>
              <ConfirmAction
                variant="light"
                disabled={selected.length === 0}
                question={CONFIRMATIONS.cancelProduct}
                details={
                  <Stack gap={4}>
                    <Text>
                      {selectedProducts.map((p) => `${p.name} (${formatBRL(p.amount)})`).join(', ')}
                    </Text>
                    <Text fw={600}>Valor a estornar: {formatBRL(productsAmount)}</Text>
                  </Stack>
                }
                confirmLabel={refundLabel(productsAmount)}
                cancelLabel={KEEP_LABEL}
                onConfirm={() =>
                  ask({ type: 'PRODUCTS', productIds: selected }, () => PRODUCT_REFUND_FAILURE)
                }
              >
                Estornar produtos
              </ConfirmAction>
            </Group>
          </Stack>
        ) : null}
        <RefundsTable order={o} />
      </Stack>
    </Paper>
  );
}
