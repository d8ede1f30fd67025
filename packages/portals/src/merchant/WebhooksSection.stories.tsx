import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { SESSION_KEYS, type WebhookDelivery, type WebhookEndpoint } from '@drip/core';
import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';
import { MemoryStorage } from '../../../../.storybook/portals.tsx';
import { createAppDeps } from '../app/deps.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { WebhooksSection, webhookTexts } from './WebhooksSection.tsx';

const API = '/merchant_backoffice/api/v1';

const ENDPOINTS: WebhookEndpoint[] = [
  {
    id: 'wh1',
    url: 'https://lojaaurora.com.br/webhooks/drip',
    events: ['ORDER_CREATED', 'ORDER_CANCELED', 'CHECKOUT_STATUS_CHANGED'],
    createdAt: '2026-03-02T14:30:00.000Z',
  },
  {
    id: 'wh2',
    url: 'https://erp.lojaaurora.com.br/drip/repasses',
    events: ['SETTLEMENT_CREATED'],
    createdAt: '2026-03-05T09:10:00.000Z',
  },
];

const DELIVERIES: WebhookDelivery[] = [
  {
    id: 'd3',
    messageId: 'msg_8f2c41d0a9b34e7f9c1d2e3f4a5b6c7d',
    event: 'ORDER_CREATED',
    status: 'DELIVERED',
    attempts: 1,
    lastResponseCode: 200,
    createdAt: '2026-03-10T15:02:00.000Z',
    replayOf: 'd1',
    log: [{ attempt: 1, at: '2026-03-10T15:02:00.000Z', responseCode: 200, error: null, durationMs: 84 }],
  },
  {
    id: 'd2',
    messageId: 'msg_1b2c3d4e5f60718293a4b5c6d7e8f901',
    event: 'CHECKOUT_STATUS_CHANGED',
    status: 'PENDING',
    attempts: 2,
    lastResponseCode: 503,
    createdAt: '2026-03-10T14:40:00.000Z',
    replayOf: null,
    log: [
      { attempt: 1, at: '2026-03-10T14:40:00.000Z', responseCode: null, error: 'timeout', durationMs: 15000 },
      { attempt: 2, at: '2026-03-10T14:41:00.000Z', responseCode: 503, error: 'HTTP 503', durationMs: 41 },
    ],
  },
  {
    id: 'd1',
    messageId: 'msg_8f2c41d0a9b34e7f9c1d2e3f4a5b6c7d',
    event: 'ORDER_CREATED',
    status: 'FAILED',
    attempts: 21,
    lastResponseCode: 500,
    createdAt: '2026-03-07T10:00:00.000Z',
    replayOf: null,
    log: [
      { attempt: 21, at: '2026-03-10T10:00:00.000Z', responseCode: 500, error: 'HTTP 500', durationMs: 120 },
    ],
  },
];

/** An unsigned token with the merchant's permissions (the portal only reads the claims). */
function token(permissions: string[]): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions, iat, exp })}.story`;
}

/** Answers the section's calls from fixtures (a story never reaches a server). */
function fixtureFetch(endpoints: WebhookEndpoint[]): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'GET' && path === `${API}/webhooks`) return json(200, { content: endpoints });
    if (method === 'GET' && path.endsWith('/deliveries'))
      return json(200, { content: DELIVERIES, number: 0, size: 10, totalPages: 1, totalElements: 3 });
    if (method === 'POST' && path === `${API}/webhooks`)
      return json(201, { id: 'wh3', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Rota não encontrada' } });
  };
}

function WebhooksStory({ permissions, endpoints }: { permissions: string[]; endpoints: WebhookEndpoint[] }) {
  const [app] = useState(() => {
    const session = new MemoryStorage();
    session.setItem(SESSION_KEYS.merchant.token, token(permissions));
    session.setItem(SESSION_KEYS.merchant.refreshToken, 'story');
    const deps = createAppDeps({
      fetch: fixtureFetch(endpoints),
      local: new MemoryStorage(),
      session,
      onLogout: () => undefined,
    });
    return { deps, queryClient: createQueryClient() };
  });
  return (
    <Providers deps={app.deps} queryClient={app.queryClient} env="test">
      <Box p="md" maw={900}>
        <WebhooksSection />
      </Box>
    </Providers>
  );
}

/** 'Meu Perfil' → Webhooks, with fixture answers for each kind of merchant user. */
const meta = {
  title: 'Portals/Merchant profile webhooks',
  component: WebhooksStory,
  args: { permissions: ['ADMIN', 'READ'], endpoints: ENDPOINTS },
} satisfies Meta<typeof WebhooksStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  parameters: { keyText: [webhookTexts.add, 'https://lojaaurora.com.br/webhooks/drip', 'Repasse criado'] },
};

export const DeliveryLog: Story = {
  parameters: { keyText: ['sem resposta, 503', 'Entregue', 'Falhou', 'Pedido criado (reenvio)'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [open] = await canvas.findAllByRole('button', { name: webhookTexts.deliveries });
    if (open) await userEvent.click(open);
  },
};

export const SecretShownOnce: Story = {
  parameters: { keyText: [webhookTexts.secretHelp, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/URL do webhook/), 'https://lojaaurora.com.br/novo');
    await userEvent.click(canvas.getByRole('button', { name: webhookTexts.add }));
  },
};

export const ReadOnly: Story = {
  args: { permissions: ['READ'] },
  parameters: { keyText: [webhookTexts.readOnly, 'https://erp.lojaaurora.com.br/drip/repasses'] },
};

export const Empty: Story = {
  args: { endpoints: [] },
  parameters: { keyText: webhookTexts.none },
};
