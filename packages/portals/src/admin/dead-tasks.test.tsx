import type { DeadTask } from '@drip/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { payloadSummary } from './jobs/DeadTasksPage.tsx';
import { ADMIN_API } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const LIST = `GET ${ADMIN_API}/jobs/dead`;
const retryKey = (id: string) => `POST ${ADMIN_API}/jobs/dead/${id}/retry`;

const REFUND: DeadTask = {
  id: '11111111-1111-4111-8111-111111111111',
  queue: 'order-refunds',
  payload: { refundId: 'b3c1f0a2-5d4e-4f6a-9b8c-7d6e5f4a3b2c' },
  attempts: 10,
  lastError: 'PSP indisponível (503)',
  createdAt: '2026-03-10T12:00:00.000Z',
  diedAt: '2026-03-10T15:30:00.000Z',
};
const WEBHOOK: DeadTask = {
  id: '22222222-2222-4222-8222-222222222222',
  queue: 'merchant-webhooks',
  payload: { deliveryId: 'd-42' },
  attempts: 3,
  lastError: null,
  createdAt: '2026-03-09T12:00:00.000Z',
  diedAt: '2026-03-09T13:00:00.000Z',
};

/** The fake list: the given tasks of the asked queue (all without one), 23 in all to page. */
function deadServer(tasks: DeadTask[], extra: Record<string, (call: Call) => Answer> = {}) {
  return server({
    [LIST]: (call) => {
      const queue = call.search.get('queue');
      const rows = tasks.filter((t) => queue === null || t.queue === queue);
      return ok({
        total: rows.length === 0 ? 0 : 23,
        diedSinceStart: { 'order-refunds': 2, 'pix-refunds': 0 },
        tasks: rows,
      });
    },
    ...extra,
  });
}

signInAdminBeforeEach();

const rowOf = (table: HTMLElement, text: string) =>
  within(table).getByText(text).closest('tr') as HTMLElement;

describe('admin dead tasks', () => {
  it('lists the dead tasks with the payload summary, tries, last error, dates and the summary line', async () => {
    const api = deadServer([REFUND, WEBHOOK]);
    renderApp('/admin/dead-tasks', api.fetch);
    const table = await screen.findByRole('table', { name: 'Tarefas com falha' });
    const refund = rowOf(table, 'order-refunds');
    expect(within(refund).getByText('refundId: b3c1f0a2-5d4e-4f6a-9b8c-7d6e5f4a3b2c')).toBeTruthy();
    expect(within(refund).getByText('10')).toBeTruthy();
    expect(within(refund).getByText('PSP indisponível (503)')).toBeTruthy();
    expect(within(refund).getByText('10/03/2026')).toBeTruthy();
    expect(within(refund).getByText('10/03/2026 12:30')).toBeTruthy();
    // The whole payload, folded.
    expect(within(refund).getByText(/"refundId": "b3c1f0a2/)).toBeTruthy();
    const webhook = rowOf(table, 'merchant-webhooks');
    expect(within(webhook).getByText('deliveryId: d-42')).toBeTruthy();
    expect(within(webhook).getByText('N/A')).toBeTruthy();
    expect(
      screen.getByText(/23 tarefas com falha · Paradas desde o início do servidor: order-refunds 2$/),
    ).toBeTruthy();
    expect(api.last(LIST)?.search.get('page')).toBe('0');
    expect(api.last(LIST)?.search.get('queue')).toBeNull();
  });

  it('filters by queue from page 0, kept in the URL, and sends the queue', async () => {
    const api = deadServer([REFUND, WEBHOOK]);
    const { router } = renderApp('/admin/dead-tasks?page=1', api.fetch);
    await screen.findByRole('table', { name: 'Tarefas com falha' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Fila'), 'merchant-webhooks');
    await waitFor(() => expect(router.state.location.search).toBe('?queue=merchant-webhooks'));
    await waitFor(() => expect(api.last(LIST)?.search.get('queue')).toBe('merchant-webhooks'));
    expect(api.last(LIST)?.search.get('page')).toBe('0');
    const table = screen.getByRole('table', { name: 'Tarefas com falha' });
    await waitFor(() => expect(within(table).queryByText('order-refunds')).toBeNull());
    expect(within(table).getByText('merchant-webhooks')).toBeTruthy();
  });

  it('retries after the confirmation, toasts, and reads the list again', async () => {
    let retried = false;
    const api = deadServer([REFUND], {
      [retryKey(REFUND.id)]: () => {
        retried = true;
        return ok({ id: REFUND.id, queue: REFUND.queue, status: 'PENDING' });
      },
    });
    renderApp('/admin/dead-tasks', api.fetch);
    const table = await screen.findByRole('table', { name: 'Tarefas com falha' });
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'order-refunds')).getByRole('button', { name: /Tentar novamente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    // Nothing is sent before the confirmation.
    expect(api.last(retryKey(REFUND.id))).toBeUndefined();
    const listsBefore = api.calls.filter((c) => c.path.endsWith('/jobs/dead')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Tarefa recolocada na fila')).toBeTruthy();
    expect(retried).toBe(true);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.endsWith('/jobs/dead')).length).toBeGreaterThan(listsBefore),
    );
  });

  it("shows the server's refusal of a retry (404) in the failure toast", async () => {
    const api = deadServer([REFUND], {
      [retryKey(REFUND.id)]: () => ({
        status: 404,
        body: { error: { code: 'TASK_NOT_FOUND', message: 'Tarefa parada não encontrada' } },
      }),
    });
    renderApp('/admin/dead-tasks', api.fetch);
    const table = await screen.findByRole('table', { name: 'Tarefas com falha' });
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'order-refunds')).getByRole('button', { name: /Tentar novamente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByText('Não foi possível recolocar a tarefa (404): Tarefa parada não encontrada'),
    ).toBeTruthy();
  });

  it('says so when no task failed', async () => {
    renderApp('/admin/dead-tasks', deadServer([]).fetch);
    expect(await screen.findByText('Nenhuma tarefa com falha')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Tarefas com falha' })).toBeNull();
  });

  it('is linked from the profile, under Operações', async () => {
    const api = server({
      [`GET ${ADMIN_API}/user`]: () => ok({ id: 'admin-1', username: 'admin@drip.dev' }),
      [LIST]: () => ok({ total: 0, diedSinceStart: {}, tasks: [] }),
    });
    const { router } = renderApp('/admin/profile', api.fetch);
    const section = await screen.findByRole('region', { name: 'Operações' });
    await userEvent.setup().click(within(section).getByRole('link', { name: 'Tarefas com falha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dead-tasks'));
  });
});

describe('payloadSummary', () => {
  it('reads an object of ids as key: value, cut when long', () => {
    expect(payloadSummary({ refundId: 'r-1', attempt: 2 })).toBe('refundId: r-1, attempt: 2');
    expect(payloadSummary({ ids: ['a'] })).toBe('ids: ["a"]');
    expect(payloadSummary({ data: { n: 1 }, event: 'E', messageId: 'm-1' })).toBe(
      'event: E, messageId: m-1, data: {"n":1}',
    );
    expect(payloadSummary('x'.repeat(200)).length).toBe(80);
    expect(payloadSummary(null)).toBe('null');
  });
});
