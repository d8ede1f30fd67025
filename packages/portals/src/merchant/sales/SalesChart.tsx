import '@mantine/charts/styles.css';
import { type BigNumberPeriod, type CheckoutChartItem, refusalReasonLabel, SAO_PAULO_TZ } from '@drip/core';
import { BarChart } from '@mantine/charts';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '../../shared/kit/index.ts';
import { useSalesGraphic } from '../api/sales.ts';

const hour = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO_TZ, hour: '2-digit' });
const day = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO_TZ, day: '2-digit', month: '2-digit' });
/** The axis counts orders: whole numbers, written the Brazilian way (1.250, not 1,250 or 1250.5). */
const orders = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
export const formatOrderCount = (value: number) => orders.format(value);

function sliceLabel(period: BigNumberPeriod, item: CheckoutChartItem): string {
  const start = new Date(item.initialDate);
  return period === 'DAILY' ? `${hour.format(start)}h` : day.format(start);
}

interface ChartRow {
  slice: string;
  Aprovados: number;
  Negados: number;
  reasons: CheckoutChartItem['reasons'];
}

function ReasonsTooltip({ payload }: { payload?: readonly { payload?: ChartRow }[] }) {
  const row = payload?.[0]?.payload;
  if (!row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="md">
      <Text size="sm" fw={600}>
        {row.slice}
      </Text>
      <Text size="sm">{`Aprovados: ${row.Aprovados}`}</Text>
      <Text size="sm">{`Negados: ${row.Negados}`}</Text>
      {row.reasons.map((r) => (
        <Text key={r.reason} size="xs" c="dimmed">
          {`${refusalReasonLabel('KO', r.reason)}: ${r.quantity}`}
        </Text>
      ))}
    </Paper>
  );
}

/**
 * Spec 3 "Chart item": approved and denied per hour (Hoje) or day (Semana, Mês), the refusals on hover, by spec 8's
 * groups ('Risco de Fraude', …, 'Outros'), as the server counts them.
 */
export function SalesChart({ period }: { period: BigNumberPeriod }) {
  const graphic = useSalesGraphic(period);
  if (graphic.isError)
    return (
      <LoadError
        title="Não foi possível carregar o gráfico de vendas"
        error={graphic.error}
        onRetry={() => void graphic.refetch()}
      />
    );
  if (!graphic.data) return <Skeleton height={240} radius="lg" aria-label="Carregando gráfico de vendas" />;
  const data: ChartRow[] = graphic.data.map((item) => ({
    slice: sliceLabel(period, item),
    Aprovados: item.checkoutsApproved,
    Negados: item.checkoutsDenied,
    reasons: item.reasons,
  }));
  const denied = graphic.data.flatMap((item) => item.reasons);
  const totals = new Map<string, number>();
  for (const r of denied) totals.set(r.reason, (totals.get(r.reason) ?? 0) + r.quantity);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600}>Pedidos aprovados e negados</Text>
        <BarChart
          h={220}
          data={data}
          dataKey="slice"
          type="stacked"
          withLegend
          series={[
            { name: 'Aprovados', color: 'drip.6' },
            { name: 'Negados', color: 'red.6' },
          ]}
          tooltipProps={{ content: ({ payload }) => <ReasonsTooltip payload={payload as never} /> }}
          // Whole orders only: recharts would put ticks at 0,5 and 1,5 for small counts.
          yAxisProps={{ allowDecimals: false }}
          valueFormatter={formatOrderCount}
        />
        {totals.size > 0 ? (
          <Stack gap={2} aria-label="Motivos das recusas">
            <Text size="sm" c="dimmed">
              Motivos das recusas
            </Text>
            {[...totals].map(([reason, quantity]) => (
              <Text key={reason} size="sm">
                {`${refusalReasonLabel('KO', reason)}: ${quantity}`}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
