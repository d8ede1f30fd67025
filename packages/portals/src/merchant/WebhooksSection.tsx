/**
 * 'Meu Perfil' → Webhooks: the merchant's signed webhook endpoints (docs/webhooks.md). ADMIN users register and
 * remove endpoints and replay deliveries; READ users see the endpoints and their delivery logs read-only.
 */
import {
  CreateWebhookRequest,
  formatDateTime,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@drip/core';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiFailure } from '../shared/api.ts';
import {
  ConfirmAction,
  CopyButton,
  DataList,
  type DataListColumn,
  FailureBanner,
  LoadError,
  notifyError,
  notifySuccess,
  PageLoader,
  valibotResolver,
} from '../shared/kit/index.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useReplayDelivery,
  useWebhookDeliveries,
  useWebhooks,
} from './api/webhooks.ts';
import { useMerchantIsAdmin } from './role.ts';

export const webhookTexts = {
  title: 'Webhooks',
  intro:
    'Receba na sua loja avisos assinados (padrão Standard Webhooks) quando pedidos, repasses e checkouts mudarem.',
  readOnly: 'Somente usuários administradores podem cadastrar, remover e reenviar webhooks.',
  url: 'URL do webhook',
  events: 'Eventos',
  add: 'Adicionar webhook',
  addFailed: 'Não foi possível adicionar o webhook',
  secretTitle: 'Webhook adicionado',
  secretHelp:
    'Guarde o segredo de assinatura agora: ele não será mostrado de novo. Use-o para verificar o cabeçalho webhook-signature.',
  copySecret: 'Copiar segredo',
  none: 'Nenhum webhook cadastrado',
  deliveries: 'Entregas',
  hideDeliveries: 'Ocultar entregas',
  remove: 'Remover',
  removed: 'Webhook removido',
  removeFailed: 'Não foi possível remover o webhook',
  replay: 'Reenviar',
  replayed: 'Entrega reenviada',
  replayFailed: 'Não foi possível reenviar a entrega',
  noAnswer: 'sem resposta',
  loadFailed: 'Não foi possível carregar os webhooks',
  deliveriesFailed: 'Não foi possível carregar as entregas',
  noDeliveries: 'Nenhuma entrega ainda',
  noDeliveriesHelp: 'As entregas aparecem aqui quando um evento acontecer.',
} as const;

const DELIVERY_PAGE_SIZE = 10;

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'yellow',
  DELIVERED: 'green',
  FAILED: 'red',
};

interface FormValues {
  url: string;
  events: WebhookEvent[];
}

/** The server's message for a field (400 issues), e.g. 'A URL do webhook deve usar https'. */
function serverIssue(error: unknown, field: string): string | null {
  if (!(error instanceof ApiFailure) || error.error.kind !== 'http') return null;
  const issue = error.error.issues?.find((i) => i.path === field || i.path.startsWith(`${field}.`));
  return issue?.message ?? (field === 'url' && error.error.status === 400 ? error.error.message : null);
}

function NewWebhookForm() {
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: { url: '', events: [...WEBHOOK_EVENTS] },
    validate: valibotResolver(CreateWebhookRequest),
  });
  const submit = form.onSubmit((values) => {
    setSecret(null);
    create.mutate(values, {
      onSuccess: (created) => {
        setSecret(created.secret);
        form.reset();
      },
    });
  });
  const urlError = form.errors.url ?? serverIssue(create.error, 'url');
  return (
    <form onSubmit={submit} noValidate aria-label={webhookTexts.add}>
      <Stack gap="sm">
        <FailureBanner title={webhookTexts.addFailed} error={create.error} />
        {secret ? (
          <Alert color="green" title={webhookTexts.secretTitle}>
            <Stack gap="xs">
              <Text size="sm">{webhookTexts.secretHelp}</Text>
              <Code block data-testid="webhook-secret">
                {secret}
              </Code>
              <CopyButton value={secret} size="xs" style={{ alignSelf: 'flex-start' }}>
                {webhookTexts.copySecret}
              </CopyButton>
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label={webhookTexts.url}
          placeholder="https://sualoja.com.br/webhooks/drip"
          type="url"
          required
          {...form.getInputProps('url')}
          error={urlError}
        />
        <Checkbox.Group
          label={webhookTexts.events}
          required
          {...form.getInputProps('events')}
          error={form.errors.events ?? serverIssue(create.error, 'events')}
        >
          <Group gap="md" mt={4}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {webhookTexts.add}
        </Button>
      </Stack>
    </form>
  );
}

function responseCodes(delivery: WebhookDelivery): string {
  if (delivery.log.length === 0) return '—';
  return delivery.log
    .map((a) => (a.responseCode === null ? webhookTexts.noAnswer : String(a.responseCode)))
    .join(', ');
}

function Deliveries({ endpoint, canManage }: { endpoint: WebhookEndpoint; canManage: boolean }) {
  const [page, setPage] = useState(0);
  const query = useWebhookDeliveries(endpoint.id, page, DELIVERY_PAGE_SIZE);
  const replay = useReplayDelivery(endpoint.id);
  const columns: DataListColumn<WebhookDelivery>[] = [
    {
      id: 'event',
      header: 'Evento',
      phone: 'title',
      cell: (d) => (
        <Stack gap={2}>
          <Text size="sm">{`${WEBHOOK_EVENT_LABELS[d.event]}${d.replayOf ? ' (reenvio)' : ''}`}</Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {d.messageId}
          </Text>
        </Stack>
      ),
    },
    { id: 'createdAt', header: 'Criada em', cell: (d) => formatDateTime(d.createdAt) },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => (
        <Badge color={STATUS_COLORS[d.status]} variant="light" style={{ minWidth: 'max-content' }}>
          {WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}
        </Badge>
      ),
    },
    // One answer per attempt, in order: the attempts are counted by it.
    { id: 'codes', header: 'Respostas', cell: responseCodes },
  ];
  if (canManage) {
    columns.push({
      id: 'replay',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (d) => (
        <ConfirmAction
          size="xs"
          variant="light"
          onConfirm={() =>
            replay
              .mutateAsync(d.id)
              .then(() => notifySuccess(webhookTexts.replayed))
              .catch(() => notifyError(webhookTexts.replayFailed))
          }
        >
          {webhookTexts.replay}
        </ConfirmAction>
      ),
    });
  }
  return (
    <DataList
      label={`${webhookTexts.deliveries} de ${endpoint.url}`}
      columns={columns}
      query={query}
      getRowId={(d) => d.id}
      onPageChange={setPage}
      skeletonRows={3}
      minWidth={480}
      errorTitle={webhookTexts.deliveriesFailed}
      empty={{ title: webhookTexts.noDeliveries, description: webhookTexts.noDeliveriesHelp }}
    />
  );
}

function EndpointCard({ endpoint, canManage }: { endpoint: WebhookEndpoint; canManage: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook();
  return (
    <Paper withBorder radius="md" p="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            <Group gap={6}>
              {endpoint.events.map((event) => (
                <Badge key={event} variant="outline" size="sm">
                  {WEBHOOK_EVENT_LABELS[event]}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              Cadastrado em {formatDateTime(endpoint.createdAt)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? webhookTexts.hideDeliveries : webhookTexts.deliveries}
            </Button>
            {canManage ? (
              <ConfirmAction
                size="xs"
                color="red"
                variant="light"
                details={endpoint.url}
                onConfirm={() =>
                  remove
                    .mutateAsync(endpoint.id)
                    .then(() => notifySuccess(webhookTexts.removed))
                    .catch(() => notifyError(webhookTexts.removeFailed))
                }
              >
                {webhookTexts.remove}
              </ConfirmAction>
            ) : null}
          </Group>
        </Group>
        {open ? <Deliveries endpoint={endpoint} canManage={canManage} /> : null}
      </Stack>
    </Paper>
  );
}

/** The profile page's webhooks section. */
export function WebhooksSection() {
  const canManage = useMerchantIsAdmin();
  const endpoints = useWebhooks();
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <div>
          <Title order={3} id="webhooks-title">
            {webhookTexts.title}
          </Title>
          <Text c="dimmed" size="sm">
            {webhookTexts.intro}
          </Text>
        </div>
        {canManage ? (
          <NewWebhookForm />
        ) : (
          <Text size="sm" c="dimmed">
            {webhookTexts.readOnly}
          </Text>
        )}
        {endpoints.isPending ? (
          <PageLoader />
        ) : endpoints.isError ? (
          <LoadError
            title={webhookTexts.loadFailed}
            error={endpoints.error}
            onRetry={() => void endpoints.refetch()}
          />
        ) : endpoints.data.content.length === 0 ? (
          <Text size="sm">{webhookTexts.none}</Text>
        ) : (
          endpoints.data.content.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} canManage={canManage} />
          ))
        )}
      </Stack>
    </Paper>
  );
}
