/**
 * The dialogs of a product's operations (spec 2.2 "Admin order details", 5, 8): the product refund's confirmation and
 * the amount update's modal. Fetched on the first click (ProductOperations.tsx), so that the order details' first
 * load carries no form control and no dialog.
 */
import {
  type AdminOrderDetails,
  adminCancelProducts,
  adminUpdateProductAmount,
  type Cents,
  centsToReais,
  formatBRL,
} from '@drip/core';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiFailure, failureStatus, unwrap } from '../../../shared/api.ts';
import { CONFIRMATIONS, ConfirmDialog } from '../../../shared/kit/ConfirmAction.tsx';
import { MoneyInput } from '../../../shared/kit/form.tsx';
import { notifyError, notifySuccess } from '../../../shared/notify.ts';
import { adminOrderKey } from '../../api/orderDetails.ts';
import { useAdmin } from '../../context.tsx';
import { PRODUCT_OPERATION_TEXTS } from './productTexts.ts';

type Order = AdminOrderDetails;
type Product = Order['products'][number];

const T = PRODUCT_OPERATION_TEXTS;

/** The new amount's problem, if any: positive (spec 5), and only lower than the product's (the server's rule). */
export function amountProblem(amount: Cents | null, current: Cents): string | null {
  if (amount === null || amount <= 0) return T.amountRequired;
  if (amount > current) return T.amountRaised;
  if (amount === current) return T.amountUnchanged;
  return null;
}

/** The server's own refusal (pt-BR) under a failure toast, when there was an answer. */
function Refusal({ error }: { error: unknown }) {
  if (!(error instanceof ApiFailure) || error.error.status === 0 || !error.error.message) return null;
  return (
    <Alert color="red" role="alert" title={`${T.amountFailure} (${failureStatus(error)})`}>
      {error.error.message}
    </Alert>
  );
}

/** Spec 8: 'Você tem certeza que deseja cancelar esse produto?', then the refund through the refund engine. */
export function ProductRefundDialog({
  order,
  product,
  onClose,
  onRequested,
}: {
  order: Order;
  product: Product;
  onClose: () => void;
  /** The refund was accepted: it is carried out within seconds by the engine's queue. */
  onRequested: () => void;
}) {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.call(adminCancelProducts, {
          params: { id: order.id },
          body: { productIds: [product.id] },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKey(order.id) }),
  });
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      question={CONFIRMATIONS.cancelProduct}
      details={`${product.name} (${formatBRL(product.amount)})`}
      confirmLabel={T.refundLabel(product.amount)}
      cancelLabel={T.keep}
      color="red"
      onConfirm={async () => {
        try {
          await refund.mutateAsync();
          notifySuccess(T.refundSuccess);
          onRequested();
        } catch {
          notifyError(T.refundFailure);
        }
      }}
    />
  );
}

/**
 * Spec 2.2 and 5: the product's new amount in R$ (step 0,01, starting at its amount, the sum of its instalment
 * shares), submitted only once 'Confirmo que o valor está correto' is checked.
 */
export function ProductAmountModal({
  order,
  product,
  onClose,
}: {
  order: Order;
  product: Product;
  onClose: () => void;
}) {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<Cents | null>(product.amount);
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: async (value: Cents) =>
      unwrap(
        await client.call(adminUpdateProductAmount, {
          params: { id: order.id },
          body: { productId: product.id, amount: centsToReais(value) },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKey(order.id) }),
  });
  const submit = () => {
    const found = amountProblem(amount, product.amount);
    setProblem(found);
    if (found || amount === null || !confirmed) return;
    update.mutate(amount, {
      onSuccess: () => {
        notifySuccess(T.amountSuccess);
        onClose();
      },
      onError: () => notifyError(T.amountFailure),
    });
  };
  return (
    <Modal opened onClose={() => (update.isPending ? undefined : onClose())} title={T.amountTitle} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {product.name} · atual {formatBRL(product.amount)}
          </Text>
          <Refusal error={update.error} />
          <MoneyInput
            label={T.amountLabel}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setProblem(null);
            }}
            error={problem ?? undefined}
            required
            data-autofocus
          />
          <Checkbox
            label={T.amountConfirm}
            checked={confirmed}
            onChange={(e) => setConfirmed(e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={update.isPending} onClick={onClose}>
              {T.close}
            </Button>
            <Button type="submit" disabled={!confirmed} loading={update.isPending}>
              {T.amountSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
