import {
  BIG_NUMBER_PERIODS,
  type BigNumberPeriod,
  comparisonText,
  formatBRL,
  todayInSaoPaulo,
  VOLUME_PERIODS,
} from '@drip/core';
import { Chip, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAfterMainContent } from '../../shared/contentFirst.tsx';
import { LoadError } from '../../shared/kit/index.ts';
import { useSalesStatistics } from '../api/sales.ts';

// The chart brings recharts: loaded after the numbers, so that the list does not wait for it.
const SalesChart = lazy(() => import('./SalesChart.tsx').then((m) => ({ default: m.SalesChart })));

/** Spec 9: the period of the big numbers, kept in the URL as `volume_period` (Hoje by default). */
export function useVolumePeriod(): [BigNumberPeriod, (period: BigNumberPeriod) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('volume_period');
  const period = (BIG_NUMBER_PERIODS as readonly string[]).includes(raw ?? '')
    ? (raw as BigNumberPeriod)
    : 'DAILY';
  const set = (next: BigNumberPeriod) =>
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === 'DAILY') query.delete('volume_period');
        else query.set('volume_period', next);
        return query;
      },
      { replace: true },
    );
  return [period, set];
}

function NumberCard({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Spec 2.4 and 3: the big numbers of the period (approved volume with its comparison, approved, denied) and the chart. */
export function BigNumbers() {
  const [period, setPeriod] = useVolumePeriod();
  const stats = useSalesStatistics(period);
  const afterContent = useAfterMainContent();
  const comparison =
    stats.data && stats.data.comparisonPercentage !== null
      ? comparisonText(period, stats.data.comparisonPercentage, todayInSaoPaulo())
      : null;
  return (
    <Stack gap="md" aria-label="Resumo de vendas" component="section">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>Resumo de vendas</Text>
        {/* One choice of three as radio chips (the status filters' chips): no sliding indicator to load. */}
        <Chip.Group multiple={false} value={period} onChange={(value) => setPeriod(value as BigNumberPeriod)}>
          <Group gap="xs" role="radiogroup" aria-label="Período">
            {VOLUME_PERIODS.map((p) => (
              <Chip key={p.value} value={p.value} size="sm">
                {p.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      {stats.isError ? (
        <LoadError
          title="Não foi possível carregar o resumo de vendas"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : stats.data ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberCard label="Volume aprovado" value={formatBRL(stats.data.amount)} note={comparison} />
          <NumberCard label="Pedidos aprovados" value={String(stats.data.checkoutsApproved)} />
          <NumberCard label="Pedidos negados" value={String(stats.data.checkoutsDenied)} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label="Carregando resumo de vendas">
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </SimpleGrid>
      )}
      {/* Its 130 KB of charting code load once the list or the extract below is on screen (contentFirst.tsx);
          the placeholder keeps its place meanwhile. */}
      {afterContent ? (
        <Suspense fallback={<Skeleton height={240} radius="lg" />}>
          <SalesChart period={period} />
        </Suspense>
      ) : (
        <Skeleton height={240} radius="lg" />
      )}
    </Stack>
  );
}
