import {
  type CustomerOrderDetails,
  customerMessages,
  formatBRL,
  formatDate,
  payInstalmentLabel,
} from '@drip/core';
import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { failureStatus } from '../shared/api.ts';
import { EmptyState } from '../shared/EmptyState.tsx';
import { DetailList, InstalmentTable, StatusBadge } from '../shared/kit/index.ts';
import { notifyError, notifyInfo } from '../shared/notify.ts';
import { LoadError, PageLoader } from '../shared/QueryState.tsx';
import { customerOrderKey, useCustomerOrder } from './api/order.ts';
import { customerOrdersKey } from './api/orders.ts';
import { usePayInstalment } from './api/payInstalment.ts';
import { useUniquePayment } from './api/uniquePayment.ts';
import { displayOrderStatus, nextPendingInstalment } from './orderLabels.ts';
import { PaymentModal, type PaymentTarget } from './PaymentModal.tsx';

/** Texts of the order details (Drip's wording where the spec gives none). */
export const orderDetailsMessages = {
  nothingPending: 'Esta compra não tem parcelas pendentes.',
  payFailed: (status: number) => `Não foi possível gerar o Pix da parcela (${status})`,
  payAllFailed: (status: number) => `Não foi possível gerar o Pix das parcelas (${status})`,
  notFoundTitle: 'Compra não encontrada',
  notFound: 'Não encontramos esta compra na sua conta.',
} as const;

function OrderDetails({ order }: { order: CustomerOrderDetails }) {
  const queryClient = useQueryClient();
  const payInstalment = usePayInstalment(order.id);
  const payAll = useUniquePayment(order.id);
  const [target, setTarget] = useState<PaymentTarget | null>(null);
  const next = nextPendingInstalment(order.instalments);
  const status = displayOrderStatus(order);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: customerOrderKey(order.id) });
    void queryClient.invalidateQueries({ queryKey: customerOrdersKey });
  };
  /** 404: nothing is pending any more (paid elsewhere meanwhile); the order is reloaded. */
  const failed = (error: unknown, message: (status: number) => string) => {
    const status = failureStatus(error);
    if (status === 404) {
      notifyInfo(orderDetailsMessages.nothingPending);
      reload();
    } else notifyError(message(status));
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="xl">
        <DetailList
          items={[
            { label: 'Loja', value: order.merchantName },
            { label: 'Código Drip', value: order.code },
            { label: 'Código do pedido', value: order.merchantOrderCode },
            { label: 'Total', value: formatBRL(order.amount) },
            { label: 'Status', value: <StatusBadge kind="order" status={status} /> },
            { label: 'Data de criação', value: formatDate(order.createdAt) },
          ]}
        />
      </Paper>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="lg">
            Parcelas
          </Title>
          {next ? (
            <Group gap="sm">
              <Button
                loading={payInstalment.isPending}
                disabled={payAll.isPending}
                onClick={() =>
                  payInstalment.mutate(undefined, {
                    onSuccess: (instalment) => setTarget({ kind: 'instalment', instalment }),
                    onError: (error) => failed(error, orderDetailsMessages.payFailed),
                  })
                }
              >
                {payInstalmentLabel(next.number)}
              </Button>
              <Button
                variant="light"
                loading={payAll.isPending}
                disabled={payInstalment.isPending}
                onClick={() =>
                  payAll.mutate(undefined, {
                    onSuccess: (payment) => setTarget({ kind: 'all', payment }),
                    onError: (error) => failed(error, orderDetailsMessages.payAllFailed),
                  })
                }
              >
                {customerMessages.payAllInstalments}
              </Button>
            </Group>
          ) : null}
        </Group>
        <InstalmentTable audience="customer" instalments={order.instalments} />
      </Stack>
      <PaymentModal
        target={target}
        onPaid={reload}
        onClose={() => {
          setTarget(null);
          reload();
        }}
      />
    </Stack>
  );
}

export function CustomerOrderDetailsPage() {
  const { orderId = '' } = useParams();
  const order = useCustomerOrder(orderId);
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/cliente/pedidos" size="sm">
          ← {customerMessages.nav.orders}
        </Anchor>
        <Title order={2}>Detalhes da compra</Title>
      </div>
      {order.isPending ? (
        <PageLoader label="Carregando a compra…" />
      ) : order.isError ? (
        failureStatus(order.error) === 404 ? (
          <EmptyState
            title={orderDetailsMessages.notFoundTitle}
            description={orderDetailsMessages.notFound}
          />
        ) : (
          <LoadError
            title="Não foi possível carregar a compra"
            error={order.error}
            onRetry={() => void order.refetch()}
          />
        )
      ) : (
        <OrderDetails order={order.data} />
      )}
    </Stack>
  );
}
