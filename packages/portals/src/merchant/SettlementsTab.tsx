import {
  type Cents,
  formatBRL,
  formatDate,
  formatDateTime,
  SETTLEMENT_PERIODS,
  type SettlementPage,
  type SettlementPeriod,
  settlementPeriodLabels,
  todayInSaoPaulo,
} from '@drip/core';
import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMainContentArrived } from '../shared/contentFirst.tsx';
import { DetailList, InfiniteList, LoadError } from '../shared/kit/index.ts';
import { MOBILE_MAX_WIDTH } from '../shared/theme.ts';
import { useSettlementBigNumbers, useSettlements } from './api/settlements.ts';

// The month picker (@mantine/dates and dayjs) is fetched when the modal opens, not with the extract.
const ExportExtractModal = lazy(() =>
  import('./settlements/ExportExtractModal.tsx').then((m) => ({ default: m.ExportExtractModal })),
);

type SettlementDay = SettlementPage['content'][number];
type SettlementTransferDate = SettlementDay['transferDates'][number];

const PHONE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** Spec 9: the extract's period, kept in the URL as `period`; the current month when none (or an unknown one) is given. */
export function useSettlementPeriod(): [SettlementPeriod, (period: SettlementPeriod) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('period');
  const period = (SETTLEMENT_PERIODS as readonly string[]).includes(raw ?? '')
    ? (raw as SettlementPeriod)
    : 'CURRENT_MONTH';
  const set = (next: SettlementPeriod) =>
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === 'CURRENT_MONTH') query.delete('period');
        else query.set('period', next);
        return query;
      },
      { replace: true },
    );
  return [period, set];
}

/** Spec 9: '1º repasse', '2º repasse', … */
export const transferLabel = (index: number) => `${index + 1}º repasse`;

/** The day's transfers by date, one per column; a day has at most as many as the table has columns. */
function transfersOf(day: SettlementDay): SettlementTransferDate[] {
  return [...day.transferDates].sort((a, b) => a.transferDate.localeCompare(b.transferDate));
}

function Money({ cents }: { cents: Cents }) {
  return (
    <Text span inherit c={cents < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatBRL(cents)}
    </Text>
  );
}

function Transfer({ transfer }: { transfer: SettlementTransferDate | undefined }) {
  if (!transfer) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{formatDate(transfer.transferDate)}</Text>
      <Text size="sm" fw={600}>
        <Money cents={transfer.amount} />
      </Text>
      <Badge size="xs" variant="light" color={transfer.status === 'PAID' ? 'teal' : 'gray'}>
        {transferState(transfer)}
      </Badge>
    </Stack>
  );
}

/**
 * Where a transfer stands. Taken by a settlement: received ('Repassado'), netted against the debt with nothing
 * transferred ('Compensado') or on its way to the bank. Not taken yet: scheduled until its day, on its way from then.
 */
export function transferState(
  transfer: Pick<SettlementTransferDate, 'transferDate' | 'status'>,
  today = todayInSaoPaulo(),
): string {
  switch (transfer.status) {
    case 'PAID':
      return 'Repassado';
    case 'NONE':
      return 'Compensado';
    case 'PENDING':
      return 'Em processamento';
    case 'SCHEDULED':
      return transfer.transferDate > today ? 'Agendado' : 'Em processamento';
  }
}

/** The settlement made on a day: what the bank received, the shares due and the debt netted and carried. */
function DayTransfer({ transfer }: { transfer: NonNullable<SettlementDay['transfer']> }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="day-transfer">
      <Text fw={600} mb="xs">
        Repasse do dia · {transferState({ transferDate: '', status: transfer.status })}
      </Text>
      <DetailList
        cols={4}
        items={[
          { label: 'Repasses devidos', value: <Money cents={transfer.partsAmount} /> },
          { label: 'Saldo devedor compensado', value: <Money cents={transfer.debtIn} /> },
          { label: 'Valor repassado', value: <Money cents={transfer.amount} /> },
          { label: 'Saldo devedor após o repasse', value: <Money cents={transfer.debtOut} /> },
        ]}
      />
    </Paper>
  );
}

/** The grid's least width: its columns' minimums, the gaps between them and the row's padding. */
const gridMinWidth = (columns: number) => 150 + 110 + columns * 110 + (columns + 1) * 12 + 2 * 16;

const gridOf = (columns: number) => ({
  display: 'grid',
  gridTemplateColumns: `minmax(150px, 1.3fr) minmax(110px, 1fr) repeat(${columns}, minmax(110px, 1fr))`,
  gap: 'var(--mantine-spacing-sm)',
  alignItems: 'start',
});

/** The per-order detail of a day and its debt row. */
function DayDetail({ day, phone }: { day: SettlementDay; phone: boolean }) {
  const debt = (
    // Beside its label on a desktop: with many transfer columns the day is wider than the window, and the far end
    // of the row would be out of sight.
    <Group
      justify={phone ? 'space-between' : 'flex-start'}
      gap="xl"
      px={phone ? 0 : 'sm'}
      py="xs"
      data-testid="debt-row"
    >
      <Text fw={600}>Saldo devedor</Text>
      <Text fw={600}>
        <Money cents={day.outstandingBalance} />
      </Text>
    </Group>
  );
  const made = day.transfer ? <DayTransfer transfer={day.transfer} /> : null;
  if (phone)
    return (
      <Stack gap="sm">
        {made}
        {day.orders.map((order) => (
          <Paper key={`${order.type}-${order.code}-${order.createdDate}`} withBorder p="sm" radius="md">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {order.code}
              </Text>
              <Badge variant="light" color={order.type === 'Venda' ? 'teal' : 'red'}>
                {order.type}
              </Badge>
            </Group>
            <DetailList
              cols={2}
              items={[
                { label: 'Cliente', value: order.customerName },
                { label: 'Data do pedido', value: formatDateTime(order.createdDate) },
                { label: 'Valor', value: <Money cents={order.amount} /> },
                { label: 'Taxa', value: <Money cents={order.merchantFee.totalAmount} /> },
                { label: 'Repasse', value: <Money cents={order.settlementAmount} /> },
              ]}
            />
          </Paper>
        ))}
        {debt}
      </Stack>
    );
  return (
    <Stack gap={0}>
      {made}
      {day.orders.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={`Pedidos de ${formatDate(day.date)}`} striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Pedido</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Data do pedido</Table.Th>
                <Table.Th>Valor</Table.Th>
                <Table.Th>Taxa</Table.Th>
                <Table.Th>Repasse</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {day.orders.map((order) => (
                <Table.Tr key={`${order.type}-${order.code}-${order.createdDate}`}>
                  <Table.Td>
                    <Badge variant="light" color={order.type === 'Venda' ? 'teal' : 'red'}>
                      {order.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{order.code}</Table.Td>
                  <Table.Td>{order.customerName?.trim() ? order.customerName : 'N/A'}</Table.Td>
                  <Table.Td>{formatDateTime(order.createdDate)}</Table.Td>
                  <Table.Td>
                    <Money cents={order.amount} />
                  </Table.Td>
                  <Table.Td>
                    <Money cents={order.merchantFee.totalAmount} />
                  </Table.Td>
                  <Table.Td>
                    <Money cents={order.settlementAmount} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {debt}
    </Stack>
  );
}

/** One day of the extract: its date, the day's amount and its transfers; opens on its orders and its debt. */
function DayRow({ day, columns, phone }: { day: SettlementDay; columns: number; phone: boolean }) {
  const [open, setOpen] = useState(false);
  const transfers = transfersOf(day);
  const detailId = `extrato-${day.date}`;
  const toggle = (
    <UnstyledButton
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      aria-controls={detailId}
      aria-label={`${open ? 'Recolher' : 'Expandir'} o dia ${formatDate(day.date)}`}
    >
      <Group gap="xs" wrap="nowrap">
        <Text aria-hidden fw={700} c="drip" style={{ width: 14 }}>
          {open ? '−' : '+'}
        </Text>
        <Stack gap={0}>
          <Text fw={700}>{formatDate(day.date)}</Text>
          <Text size="xs" c="dimmed">
            {day.orders.length} {day.orders.length === 1 ? 'pedido' : 'pedidos'}
          </Text>
          {day.transfer ? (
            <Text size="xs" c="dimmed">
              Repasse do dia: <Money cents={day.transfer.amount} />
            </Text>
          ) : null}
        </Stack>
      </Group>
    </UnstyledButton>
  );
  const cells = Array.from({ length: columns }, (_, i) => ({
    label: transferLabel(i),
    transfer: transfers[i],
  }));
  return (
    <Paper withBorder radius="md" p="sm">
      {phone ? (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {toggle}
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Valor do dia
              </Text>
              <Text fw={700}>
                <Money cents={day.amount} />
              </Text>
            </Stack>
          </Group>
          {/* Only the transfers the day has: twelve mostly empty columns made a phone's page 7.742 px long. */}
          {transfers.length === 0 ? (
            <Text size="xs" c="dimmed">
              Sem repasses
            </Text>
          ) : null}
          <SimpleGrid cols={2} spacing="xs">
            {cells.slice(0, transfers.length).map((cell) => (
              <div key={cell.label}>
                <Text size="xs" c="dimmed">
                  {cell.label}
                </Text>
                <Transfer transfer={cell.transfer} />
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      ) : (
        <Box style={gridOf(columns)}>
          {toggle}
          <Text fw={600}>
            <VisuallyHidden>Valor do dia: </VisuallyHidden>
            <Money cents={day.amount} />
          </Text>
          {cells.map((cell) => (
            <div key={cell.label}>
              <VisuallyHidden>{cell.label}</VisuallyHidden>
              <Transfer transfer={cell.transfer} />
            </div>
          ))}
        </Box>
      )}
      <Collapse expanded={open} id={detailId}>
        {open ? (
          <Box pt="sm">
            <DayDetail day={day} phone={phone} />
          </Box>
        ) : null}
      </Collapse>
    </Paper>
  );
}

function NumberCard({ label, cents }: { label: string; cents: Cents }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        <Money cents={cents} />
      </Text>
    </Paper>
  );
}

/** The period's totals of the extract (GET v1/settlements/big_numbers, same period). */
function SettlementNumbers({ period }: { period: SettlementPeriod }) {
  const numbers = useSettlementBigNumbers(period);
  if (numbers.isError)
    return (
      <LoadError
        title="Não foi possível carregar o resumo dos repasses"
        error={numbers.error}
        onRetry={() => void numbers.refetch()}
      />
    );
  const n = numbers.data;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      component="section"
      aria-label="Resumo dos repasses"
      aria-busy={!n}
    >
      {n ? (
        <>
          <NumberCard label="Vendas" cents={n.salesAmount} />
          <NumberCard label="Taxas" cents={n.feeAmount} />
          <NumberCard label="Cancelamentos" cents={n.cancellationAmount} />
          <NumberCard label="Valor líquido" cents={n.settlementAmount} />
          <NumberCard label="Repassado" cents={n.transferredAmount} />
          <NumberCard label="A repassar" cents={n.scheduledAmount} />
          <NumberCard label="Saldo devedor" cents={n.outstandingBalance} />
        </>
      ) : (
        Array.from({ length: 7 }, (_, i) => <Skeleton key={String(i)} h={64} radius="md" />)
      )}
    </SimpleGrid>
  );
}

/**
 * 'Minhas Vendas' → 'Extrato de vendas' (/parceira/pedidos/extrato, spec 2.4, 3, 7, 9): the period filter, the
 * period's totals, the result count with its date range, the days (infinite scroll) with their transfer columns,
 * each opening on its orders and debt, and 'Exportar extrato'.
 */
export function SettlementsTab() {
  const [period, setPeriod] = useSettlementPeriod();
  const days = useSettlements(period);
  // The sales chart above waits for the extract (shared/contentFirst.tsx).
  useMainContentArrived(days.isSuccess || days.isError);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [exporting, setExporting] = useState(false);
  const first = days.data?.pages[0];
  // max(3, maxInstalments) from the server; a day whose sale was cut in more transfers (the merchant's instalments
  // were lowered since) still shows every one of them.
  const pages = days.data?.pages ?? [];
  const columns = Math.max(
    3,
    ...pages.map((page) => page.transferColumns),
    ...pages.flatMap((page) => page.content.map((day) => day.transferDates.length)),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Período do extrato"
          data={SETTLEMENT_PERIODS.map((p) => ({ value: p, label: settlementPeriodLabels[p] }))}
          value={period}
          onChange={(value) => value && setPeriod(value as SettlementPeriod)}
          allowDeselect={false}
          w={220}
        />
        <Button variant="light" onClick={() => setExporting(true)}>
          Exportar extrato
        </Button>
      </Group>
      <SettlementNumbers period={period} />
      {first ? (
        <Text size="sm" c="dimmed" role="status">
          {first.totalElements} {first.totalElements === 1 ? 'resultado' : 'resultados'} de{' '}
          {formatDate(first.from)} a {formatDate(first.to)}
        </Text>
      ) : null}
      {/* Up to 12 transfer columns do not fit a laptop's width: the days scroll sideways inside their own box,
          header included, and the page itself never does (width 0 and min-width 100 %: the box takes its parent's
          width and gives none of its content's width to the layout around it; positioned, so that it clips the visually
          hidden labels inside it too). */}
      <Box
        style={phone ? undefined : { overflowX: 'auto', width: 0, minWidth: '100%', position: 'relative' }}
      >
        <Stack gap="md" style={phone ? undefined : { minWidth: gridMinWidth(columns) }}>
          {!phone && first && first.totalElements > 0 ? (
            <Box px="sm" style={gridOf(columns)} aria-hidden>
              <Text size="sm" fw={600} c="dimmed">
                Data
              </Text>
              <Text size="sm" fw={600} c="dimmed">
                Valor do dia
              </Text>
              {Array.from({ length: columns }, (_, i) => (
                <Text key={transferLabel(i)} size="sm" fw={600} c="dimmed">
                  {transferLabel(i)}
                </Text>
              ))}
            </Box>
          ) : null}
          <InfiniteList
            label="Extrato de vendas"
            query={days}
            getRowId={(day) => day.date}
            renderItem={(day) => <DayRow day={day} columns={columns} phone={phone} />}
            errorTitle="Não foi possível carregar o extrato"
            empty={{
              title: 'Nenhuma venda no período',
              description: 'Escolha outro período para ver as vendas e os repasses.',
            }}
          />
        </Stack>
      </Box>
      {exporting ? (
        <Suspense fallback={null}>
          <ExportExtractModal onClose={() => setExporting(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
