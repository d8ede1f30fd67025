import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody, type FakeRequest, fakeFetch, fakeJwt, renderApp } from '../test/harness.tsx';
import { webhookTexts } from './WebhooksSection.tsx';

const API = '/merchant_backoffice/api/v1';
const HOOK = {
  id: 'wh1',
  url: 'https://loja.example/hooks',
  events: ['ORDER_CREATED'],
  createdAt: '2026-03-10T12:00:00.000Z',
};
const DELIVERY = {
  id: 'd1',
  messageId: 'msg_1',
  event: 'ORDER_CREATED',
  status: 'FAILED',
  attempts: 2,
  lastResponseCode: 500,
  createdAt: '2026-03-10T12:00:00.000Z',
  replayOf: null,
  log: [
    { attempt: 1, at: '2026-03-10T12:00:00.000Z', responseCode: null, error: 'timeout', durationMs: 15000 },
    { attempt: 2, at: '2026-03-10T12:01:00.000Z', responseCode: 500, error: 'HTTP 500', durationMs: 20 },
  ],
};

function signIn(permissions: string[]) {
  window.sessionStorage.setItem(
    SESSION_KEYS.merchant.token,
    fakeJwt({ sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions }),
  );
  window.sessionStorage.setItem(SESSION_KEYS.merchant.refreshToken, 'r');
}

function server(extra: Record<string, (r: FakeRequest) => { status: number; body?: unknown }> = {}) {
  let hooks = [HOOK];
  return fakeFetch({
    [`GET ${API}/user`]: () => ({
      status: 200,
      body: {
        id: 'u1',
        merchantId: 'm1',
        email: 'ana@aurora.demo',
        phone: '+5511987654321',
        name: 'Ana',
        post: null,
        permissions: ['ADMIN'],
      },
    }),
    [`GET ${API}/merchant`]: () => ({
      status: 200,
      body: {
        id: 'm1',
        name: 'Loja Aurora',
        ecommPlatform: null,
        onlyRead: false,
        permissions: ['ADMIN'],
        logo: null,
        logoB2b: null,
        initials: 'LA',
      },
    }),
    [`GET ${API}/webhooks`]: () => ({ status: 200, body: { content: hooks } }),
    [`POST ${API}/webhooks`]: ({ body }) => {
      const b = body as { url: string; events: string[] };
      hooks = [...hooks, { id: 'wh2', url: b.url, events: b.events, createdAt: '2026-03-11T12:00:00.000Z' }];
      return { status: 201, body: { id: 'wh2', secret: 'whsec_c2VncmVkby1kZS10ZXN0ZQ==' } };
    },
    [`DELETE ${API}/webhooks/wh1`]: () => {
      hooks = hooks.filter((h) => h.id !== 'wh1');
      return { status: 200, body: { id: 'wh1', deleted: true } };
    },
    [`GET ${API}/webhooks/wh1/deliveries`]: () => ({
      status: 200,
      body: { content: [DELIVERY], number: 0, size: 10, totalPages: 1, totalElements: 1 },
    }),
    [`POST ${API}/webhooks/wh1/deliveries/d1/replay`]: () => ({
      status: 201,
      body: { id: 'd2', status: 'PENDING' },
    }),
    ...extra,
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('Meu Perfil → Webhooks', () => {
  it('registers an endpoint and shows its secret once, with a copy button', async () => {
    signIn(['ADMIN', 'READ']);
    const s = server();
    renderApp('/parceira/perfil', s.fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/URL do webhook/), 'https://loja.example/novo');
    await user.click(screen.getByLabelText('Pedido cancelado'));
    await user.click(screen.getByRole('button', { name: webhookTexts.add }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_c2VncmVkby1kZS10ZXN0ZQ==');
    expect(screen.getByRole('button', { name: webhookTexts.copySecret })).toBeTruthy();
    expect(s.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://loja.example/novo',
      events: ['ORDER_CREATED', 'SETTLEMENT_CREATED', 'CHECKOUT_STATUS_CHANGED'],
    });
    expect(await screen.findByText('https://loja.example/novo')).toBeTruthy();
  });

  it('checks the form with the contract before calling, and shows the server’s refusal on the field', async () => {
    signIn(['ADMIN']);
    const s = server({
      [`POST ${API}/webhooks`]: () => ({
        status: 400,
        body: {
          error: {
            code: 'WEBHOOK_URL_INVALID',
            message: 'A URL do webhook deve usar https',
            issues: [{ path: 'url', message: 'A URL do webhook deve usar https' }],
          },
        },
      }),
    });
    renderApp('/parceira/perfil', s.fetch);
    const user = userEvent.setup();
    const url = await screen.findByLabelText(/URL do webhook/);
    await user.click(screen.getByRole('button', { name: webhookTexts.add }));
    expect(await screen.findByText('Informe a URL do webhook')).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(url, 'http://loja.example/x');
    await user.click(screen.getByRole('button', { name: webhookTexts.add }));
    expect(await screen.findByText('A URL do webhook deve usar https')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(`${webhookTexts.addFailed} (400)`);
  });

  it('shows the delivery log with its response codes, replays a delivery and removes an endpoint after confirming', async () => {
    signIn(['ADMIN', 'READ']);
    const s = server();
    renderApp('/parceira/perfil', s.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: webhookTexts.deliveries }));
    const log = await screen.findByRole('table', { name: /Entregas de https:\/\/loja.example\/hooks/ });
    expect(within(log).getByText('Falhou')).toBeTruthy();
    expect(within(log).getByText('sem resposta, 500')).toBeTruthy();

    await user.click(within(log).getByRole('button', { name: webhookTexts.replay }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(s.calls.some((c) => c.path.endsWith('/d1/replay'))).toBe(true));

    await user.click(screen.getByRole('button', { name: webhookTexts.remove }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(webhookTexts.none)).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'DELETE' && c.path === `${API}/webhooks/wh1`)).toBe(true);
  });

  it('lets a READ user see the endpoints and their log, without the form, removal or replay', async () => {
    signIn(['READ']);
    renderApp('/parceira/perfil', server().fetch);
    const user = userEvent.setup();
    expect(await screen.findByText(webhookTexts.readOnly)).toBeTruthy();
    expect(await screen.findByText(HOOK.url)).toBeTruthy();
    expect(screen.queryByLabelText(/URL do webhook/)).toBeNull();
    expect(screen.queryByRole('button', { name: webhookTexts.remove })).toBeNull();
    await user.click(screen.getByRole('button', { name: webhookTexts.deliveries }));
    expect(await screen.findByText('Falhou')).toBeTruthy();
    expect(screen.queryByRole('button', { name: webhookTexts.replay })).toBeNull();
  });

  it('shows a load error with its status', async () => {
    signIn(['ADMIN']);
    renderApp(
      '/parceira/perfil',
      server({ [`GET ${API}/webhooks`]: () => ({ status: 500, body: errorBody('INTERNAL', 'x') }) }).fetch,
    );
    // One retry (the query client's) before the error shows.
    expect(await screen.findByText(webhookTexts.loadFailed, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('O servidor respondeu com erro (500).')).toBeTruthy();
  });
});
