import { type DeadTask, formatDate, formatDateTime, QUEUE_NAMES } from '@drip/core';
import { Code, Group, Stack, Text } from '@mantine/core';
import { ApiFailure, failureStatus } from '../../shared/api.ts';
import {
  ChoiceSelect,
  CONFIRMATIONS,
  ConfirmAction,
  type DataListColumn,
  ListHeader,
  notifyError,
  notifySuccess,
  PagedList,
  useListQuery,
} from '../../shared/kit/index.ts';
import { type DeadTasksPage as Page, useAdminDeadTasks, useRetryDeadTask } from '../api/deadTasks.ts';

export const DEAD_TASKS_TEXTS = {
  title: 'Tarefas com falha',
  description:
    'As tarefas das filas que falharam de vez (estornos, devoluções Pix, webhooks, repasses…). Corrija a causa e coloque a tarefa de volta na fila.',
  queue: 'Fila',
  allQueues: 'Todas as filas',
  retry: 'Tentar novamente',
  retryDetails: (task: DeadTask) =>
    `A tarefa volta para a fila ${task.queue} e será executada em alguns segundos (já foi tentada ${task.attempts} ${task.attempts === 1 ? 'vez' : 'vezes'}).`,
  retried: 'Tarefa recolocada na fila',
  retryFailed: (status: number, message: string | null) =>
    `Não foi possível recolocar a tarefa (${status > 0 ? status : 'sem resposta'})${message ? `: ${message}` : ''}`,
  empty: 'Nenhuma tarefa com falha',
  emptyFiltered: 'Nenhuma tarefa com falha nesta fila.',
  emptyAll: 'Todas as tarefas das filas terminaram ou ainda estão sendo tentadas.',
  loadError: 'Não foi possível carregar as tarefas com falha',
  total: (n: number) => (n === 1 ? '1 tarefa com falha' : `${n} tarefas com falha`),
  sinceStart: 'Paradas desde o início do servidor',
  noneSinceStart: 'nenhuma',
} as const;

const isQueue = (value: string | undefined): boolean =>
  (QUEUE_NAMES as readonly string[]).includes(value ?? '');

/** How long a payload's summary may be before it is cut: the whole JSON is one click away. */
const SUMMARY_MAX = 80;

/**
 * A payload as a line an operator reads at a glance: `refundId: …, attempt: 2` for an object of plain values (the
 * queues' payloads are ids), the JSON otherwise.
 */
export function payloadSummary(payload: unknown): string {
  const plain = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value) || value === null;
  const line =
    payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? // The plain values (the ids) first: the database keeps a payload's keys in its own order.
        Object.entries(payload)
          .sort(([, a], [, b]) => Number(!plain(a)) - Number(!plain(b)))
          .map(([key, value]) => `${key}: ${plain(value) ? String(value) : JSON.stringify(value)}`)
          .join(', ')
      : (JSON.stringify(payload) ?? '');
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}

function TaskPayload({ task }: { task: DeadTask }) {
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {payloadSummary(task.payload) || '—'}
      </Text>
      <details>
        <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
          Ver dados da tarefa
        </Text>
        {/* Left-aligned even in a phone's card, whose values sit at the right. */}
        <Code block fz="xs" ta="left" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(task.payload, null, 2)}
        </Code>
      </details>
    </Stack>
  );
}

function RetryButton({ task }: { task: DeadTask }) {
  const retry = useRetryDeadTask();
  return (
    <ConfirmAction
      size="xs"
      variant="light"
      aria-label={`${DEAD_TASKS_TEXTS.retry}: tarefa ${task.id}`}
      question={CONFIRMATIONS.sure}
      details={DEAD_TASKS_TEXTS.retryDetails(task)}
      onConfirm={async () => {
        try {
          await retry.mutateAsync(task.id);
          notifySuccess(DEAD_TASKS_TEXTS.retried);
        } catch (error) {
          const message = error instanceof ApiFailure ? error.error.message || null : null;
          notifyError(DEAD_TASKS_TEXTS.retryFailed(failureStatus(error), message));
        }
      }}
    >
      {DEAD_TASKS_TEXTS.retry}
    </ConfirmAction>
  );
}

/** The total of the list and the deaths this server instance counted per queue (the metrics' counter). */
function Summary({ page }: { page: Page | undefined }) {
  if (!page) return null;
  const counts = Object.entries(page.diedSinceStart)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return (
    <Text size="sm" c="dimmed" role="note" aria-label="Resumo">
      {DEAD_TASKS_TEXTS.total(page.totalElements)} · {DEAD_TASKS_TEXTS.sinceStart}:{' '}
      {counts.length === 0
        ? DEAD_TASKS_TEXTS.noneSinceStart
        : counts.map(([queue, n]) => `${queue} ${n}`).join(', ')}
    </Text>
  );
}

/**
 * 'Tarefas com falha': the durable queue's dead tasks (docs/jobs.md), filtered by queue and paged in the URL, each
 * with its payload, tries, last error and dates, and a retry after 'Você tem certeza?'. Not in the top navigation
 * (the spec fixes it): linked from the admin's profile, under 'Operações'.
 */
export function DeadTasksPage() {
  const list = useListQuery(['queue'] as const);
  const queue = isQueue(list.filters.queue) ? list.filters.queue : undefined;
  const tasks = useAdminDeadTasks(list.page, list.size, queue);
  const columns: DataListColumn<DeadTask>[] = [
    {
      id: 'queue',
      header: 'Fila',
      phone: 'title',
      // A queue name reads as one word: never broken at its hyphens.
      cell: (t) => <span style={{ whiteSpace: 'nowrap' }}>{t.queue}</span>,
    },
    { id: 'payload', header: 'Tarefa', cell: (t) => <TaskPayload task={t} /> },
    { id: 'attempts', header: 'Tentativas', cell: (t) => t.attempts },
    {
      id: 'lastError',
      header: 'Último erro',
      cell: (t) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} lineClamp={4} title={t.lastError ?? undefined}>
          {t.lastError ?? 'N/A'}
        </Text>
      ),
    },
    { id: 'createdAt', header: 'Criada em', cell: (t) => formatDate(t.createdAt) },
    { id: 'diedAt', header: 'Parada em', cell: (t) => formatDateTime(t.diedAt) },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      stickyEnd: true,
      cell: (t) => <RetryButton task={t} />,
    },
  ];
  return (
    <Stack gap="lg">
      <ListHeader title={DEAD_TASKS_TEXTS.title} description={DEAD_TASKS_TEXTS.description} />
      <Group align="flex-end" gap="md" wrap="wrap">
        <ChoiceSelect
          label={DEAD_TASKS_TEXTS.queue}
          data={QUEUE_NAMES}
          value={queue ?? null}
          clearable
          placeholder={DEAD_TASKS_TEXTS.allQueues}
          onChange={(next) => list.setFilters({ queue: next ?? undefined })}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <Summary page={tasks.data} />
      <PagedList
        label={DEAD_TASKS_TEXTS.title}
        columns={columns}
        query={tasks}
        list={list}
        minWidth={1000}
        errorTitle={DEAD_TASKS_TEXTS.loadError}
        empty={{
          searched: queue !== undefined,
          found: { title: DEAD_TASKS_TEXTS.empty, description: DEAD_TASKS_TEXTS.emptyFiltered },
          none: { title: DEAD_TASKS_TEXTS.empty, description: DEAD_TASKS_TEXTS.emptyAll },
        }}
      />
    </Stack>
  );
}
