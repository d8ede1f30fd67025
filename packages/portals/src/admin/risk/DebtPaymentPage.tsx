import {
  DEBT_PAYMENT_TYPE_LABELS,
  DEBT_PAYMENT_TYPES,
  DEBT_REASON_LABELS,
  DEBT_REASONS,
  DEFAULT_DEBT_REASON,
  type DebtPaymentType,
  type DebtReason,
  notFoundDebtIds,
} from '@drip/core';
import { Alert, Box, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '../../shared/api.ts';
import { ChoiceSelect, ConfirmAction, notifyError, notifySuccess } from '../../shared/kit/index.ts';
import { useCloseInstalmentsWithDebt, useCloseOrdersWithDebt } from '../api/risk.ts';
import { RISK_TEXTS, splitIds } from './texts.ts';

const T = RISK_TEXTS.pgf;
const TYPE_OPTIONS = DEBT_PAYMENT_TYPES.map((value) => ({ value, label: DEBT_PAYMENT_TYPE_LABELS[value] }));
const REASON_OPTIONS = DEBT_REASONS.map((value) => ({ value, label: DEBT_REASON_LABELS[value] }));

const isType = (s: string | null): s is DebtPaymentType => s === 'INSTALMENT' || s === 'ORDER';

/**
 * /admin/add-debt-negotiation-payment (spec 2.2 'Baixa Parcela/Pedido (PGF)'): ?type=INSTALMENT|ORDER&id=… prefill;
 * opened in a new tab from the order details. The ids the server does not know are listed under a red border and
 * stay in the field, so the operator corrects them and sends again (nothing was applied: docs/pgf.md).
 */
export function DebtPaymentPage() {
  const [query] = useSearchParams();
  const queryType = query.get('type');
  const [type, setType] = useState<DebtPaymentType>(isType(queryType) ? queryType : 'ORDER');
  const [ids, setIds] = useState(query.get('id') ?? '');
  const [reason, setReason] = useState<DebtReason>(DEFAULT_DEBT_REASON);
  const [problem, setProblem] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<{ type: DebtPaymentType; ids: string[] } | null>(null);
  const orders = useCloseOrdersWithDebt();
  const instalments = useCloseInstalmentsWithDebt();

  const list = () => {
    const values = splitIds(ids);
    setProblem(values.length === 0 ? T.idsRequired : null);
    return values.length === 0 ? null : values;
  };

  const submit = async () => {
    const values = list();
    if (!values) return;
    setNotFound(null);
    try {
      if (type === 'ORDER') await orders.mutateAsync({ orderIds: values, type: reason });
      else await instalments.mutateAsync({ instalmentsIds: values, type: reason });
      notifySuccess(T.success);
    } catch (error) {
      const missing =
        error instanceof ApiFailure && error.error.kind === 'http' ? notFoundDebtIds(error.error) : [];
      if (missing.length > 0) {
        setNotFound({ type, ids: missing });
        notifyError(T.notFound);
      } else notifyError(T.failure);
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{T.title}</Title>
      {problem ? <Alert color="red" title={problem} /> : null}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <ChoiceSelect
            label="Tipo"
            required
            data={TYPE_OPTIONS}
            value={type}
            onChange={(value) => isType(value) && setType(value)}
          />
          <Textarea
            label={type === 'ORDER' ? 'Ids dos pedidos' : 'Ids das parcelas'}
            required
            description="Separados por vírgula, espaço ou um por linha"
            rows={3}
            value={ids}
            onChange={(e) => setIds(e.currentTarget.value)}
          />
          <ChoiceSelect
            label="Motivo"
            data={REASON_OPTIONS}
            value={reason}
            onChange={(value) => value && setReason(value as DebtReason)}
          />
          {notFound ? (
            <Box
              data-testid="pgf-not-found"
              aria-live="polite"
              p="md"
              style={{
                border: '2px solid var(--mantine-color-red-6)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Text fw={600} c="red.7">
                {notFound.type === 'ORDER' ? T.notFoundOrders : T.notFoundInstalments}
              </Text>
              <List size="sm">
                {notFound.ids.map((id) => (
                  <List.Item key={id}>{id}</List.Item>
                ))}
              </List>
            </Box>
          ) : null}
          <Group justify="flex-end">
            <ConfirmAction
              color="red"
              onConfirm={submit}
              canOpen={() => list() !== null}
              confirmLabel="Dar baixa"
            >
              Dar baixa
            </ConfirmAction>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
