import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/harness.tsx';
import {
  instalment,
  orderDetails,
  orderRoutes,
  orderSummary,
  ordersPage,
  pixOf,
  products,
  uniquePayment,
} from './order-fixtures.ts';

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
}
type Answer = { status: number; body?: unknown };
type Route = (call: Call) => Answer;

/** A fake `fetch` keyed by 'METHOD /path' whose handlers also see the query string. */
function server(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    );
    const call = { method: init?.method ?? 'GET', path: url.pathname, search: url.searchParams };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = route
      ? route(call)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const count = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { fetch: fetchFn, calls, count };
}

beforeEach(() => {
  window.sessionStorage.setItem(SESSION_KEYS.customer.token, 't');
  window.sessionStorage.setItem(SESSION_KEYS.customer.refreshToken, 'r');
});
afterEach(() => vi.restoreAllMocks());

const ok = (body: unknown): Answer => ({ status: 200, body });

describe('Minhas compras (list)', () => {
  it('shows every column, the app promotion and links to the details', async () => {
    const api = server({
      [orderRoutes.list]: () =>
        ok({
          ...ordersPage(0, 2),
          content: [
            orderSummary(1, { lateInstalments: 1 }),
            orderSummary(2, { status: 'CLOSED', canceledAmount: 300, unpaidInstalmentsCount: 0 }),
          ],
        }),
    });
    const { router } = renderApp('/cliente/pedidos', api.fetch);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Loja',
      'Código Drip',
      'Código do pedido',
      'Total',
      'Pagamentos pendentes',
      'Status',
      'Data de criação',
      'Ações',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Casa Ipê')).toBeTruthy();
    expect(first.getByText('DRP-000001')).toBeTruthy();
    expect(first.getByText('LOJA-1001')).toBeTruthy();
    expect(first.getByText(/R\$\s300,00/)).toBeTruthy();
    expect(first.getByText('2 de 3')).toBeTruthy();
    expect(first.getByText('1 em atraso')).toBeTruthy();
    expect(first.getByText('Ativa')).toBeTruthy();
    expect(first.getByText('01/06/2026')).toBeTruthy();
    // A closed order whose whole amount was cancelled shows as cancelled (spec 4).
    expect(within(rows[1] as HTMLElement).getByText('Cancelada')).toBeTruthy();
    expect(screen.getByText('Baixe o app Drip para pagar as suas parcelas')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar o app' }).getAttribute('href')).toBe('/app-download');
    expect(api.calls[0]?.search.get('page')).toBe('0');
    expect(api.calls[0]?.search.get('size')).toBe('10');
    await userEvent.setup().click(first.getByRole('link', { name: 'Detalhes da compra DRP-000001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/pedidos/ord-1'));
  });

  it("on a 390 px phone each order is a card with Total, Status and 'Detalhes', and a tap opens it", async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 690px'),
    });
    try {
      const api = server({
        [orderRoutes.list]: () =>
          ok({ ...ordersPage(0, 1), content: [orderSummary(1, { lateInstalments: 1 })] }),
      });
      const { router } = renderApp('/cliente/pedidos', api.fetch);
      const list = await screen.findByRole('list', { name: 'Suas compras' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(within(list).getByRole('listitem'));
      expect(card.getByText('Casa Ipê')).toBeTruthy();
      expect(card.getByText('Total').nextElementSibling?.textContent).toMatch(/R\$\s300,00/);
      expect(card.getByText('Status').nextElementSibling?.textContent).toBe('Ativa');
      expect(card.getByText('1 em atraso')).toBeTruthy();
      expect(card.getByRole('link', { name: 'Detalhes da compra DRP-000001' })).toBeTruthy();
      await userEvent.setup().click(card.getByText('LOJA-1001'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/pedidos/ord-1'));
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows the empty state', async () => {
    renderApp('/cliente/pedidos', server({ [orderRoutes.list]: () => ok(ordersPage(0, 0)) }).fetch);
    expect(await screen.findByText('Você ainda não tem compras para exibir')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });

  it('shows a load error with the status and retries', async () => {
    let status = 500;
    const api = server({
      [orderRoutes.list]: () =>
        status === 200 ? ok(ordersPage(0, 1)) : { status, body: { error: { code: 'X', message: 'x' } } },
    });
    renderApp('/cliente/pedidos', api.fetch);
    expect(
      await screen.findByText('O servidor respondeu com erro (500).', {}, { timeout: 4000 }),
    ).toBeTruthy();
    status = 200;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('DRP-000001')).toBeTruthy();
  });

  it('paginates: first, previous, current ±1, next, last, kept in ?page=', async () => {
    const api = server({
      [orderRoutes.list]: (call) => ok(ordersPage(Number(call.search.get('page')), 95)),
    });
    const { router } = renderApp('/cliente/pedidos?page=4', api.fetch);
    const user = userEvent.setup();
    expect(await screen.findByText('DRP-000041')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Primeira página',
      'Página anterior',
      'Página 4',
      'Página 5',
      'Página 6',
      'Próxima página',
      'Última página',
    ]);
    expect(within(nav).getByRole('button', { name: 'Página 5' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(nav).getByRole('button', { name: 'Última página' }));
    expect(await screen.findByText('DRP-000091')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=9');
    const lastNav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(lastNav).getByRole('button', { name: 'Próxima página' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(lastNav).queryByRole('button', { name: 'Página 11' })).toBeNull();

    await user.click(within(lastNav).getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('DRP-000081')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Primeira página' }));
    expect(await screen.findByText('DRP-000001')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Página anterior' }).hasAttribute('disabled')).toBe(true);
    expect(api.calls.map((c) => c.search.get('page'))).toEqual(['4', '9', '8', '0']);
  });
});

describe('order details', () => {
  it('shows the order and the instalment table with fees, cashback, late mark and grouped products', async () => {
    renderApp(
      '/cliente/pedidos/ord-1',
      server({ [orderRoutes.details('ord-1')]: () => ok(orderDetails()) }).fetch,
    );
    expect(await screen.findByText('DRP-000001')).toBeTruthy();
    expect(screen.getByText('Casa Ipê')).toBeTruthy();
    expect(screen.getByText('LOJA-1001')).toBeTruthy();
    expect(screen.getByText('Ativa')).toBeTruthy();
    expect(screen.getByText('01/06/2026')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Parcelas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [paid, late, last] = rows.map((r) => within(r));
    expect(paid?.getByText('1/3')).toBeTruthy();
    expect(paid?.getByText('Pago')).toBeTruthy();
    expect(late?.getByText('16/07/2026')).toBeTruthy();
    expect(late?.getByText(/R\$\s2,35/)).toBeTruthy();
    expect(late?.getByText(/R\$\s102,35/)).toBeTruthy();
    expect(late?.getByText('Em atraso')).toBeTruthy();
    expect(rows[1]?.getAttribute('data-late')).toBe('true');
    expect(last?.getByText(/- R\$\s15,00/)).toBeTruthy();
    expect(last?.getByText(/R\$\s85,00/)).toBeTruthy();
    expect(last?.getByText('2x Camiseta básica')).toBeTruthy();
    expect(last?.getByText('1x Boné')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar parcela 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pague todas as parcelas' })).toBeTruthy();
  });

  it('shows the quantity the server sends for a line of identical products', async () => {
    const details = orderDetails({
      instalments: [instalment(1, { instalmentProducts: products([['Meia esportiva', 3]]) })],
    });
    renderApp('/cliente/pedidos/ord-1', server({ [orderRoutes.details('ord-1')]: () => ok(details) }).fetch);
    const table = await screen.findByRole('table', { name: 'Parcelas' });
    expect(within(table).getByText('3x Meia esportiva')).toBeTruthy();
  });

  it("reloads the order as soon as the modal sees the payment: behind 'Parcela paga!' the table says paid", async () => {
    let paid = false;
    const pending = instalment(2, { payment: pixOf('inst-2') });
    const paidInstalment = { ...pending, status: 'PAID' as const, payment: pixOf('inst-2', 'PAID') };
    const api = server({
      [orderRoutes.details('ord-1')]: () =>
        ok(
          orderDetails({
            instalments: [instalment(1, { status: 'PAID' }), paid ? paidInstalment : pending, instalment(3)],
          }),
        ),
      [orderRoutes.pay('ord-1')]: () => ok(pending),
      [orderRoutes.instalment('inst-2')]: () => {
        paid = true;
        return ok(paidInstalment);
      },
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pagar parcela 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar parcela 2' });
    expect(await within(dialog).findByText('Parcela paga!', {}, { timeout: 6000 })).toBeTruthy();
    // The modal is still open; the order behind it was fetched again and shows the instalment paid.
    await waitFor(() => expect(api.count(orderRoutes.details('ord-1'))).toBe(2));
    const table = screen.getByRole('table', { name: 'Parcelas', hidden: true });
    const second = within(table).getAllByRole('row', { hidden: true })[2];
    await waitFor(() => expect(second?.textContent).toContain('Pago'));
    expect(second?.textContent).not.toContain('Pendente');
    expect(screen.getByRole('dialog')).toBeTruthy();
  }, 15_000);

  it('offers no payment when nothing is pending', async () => {
    const details = orderDetails({
      status: 'CLOSED',
      instalments: [1, 2, 3].map((n) =>
        instalment(n, { status: 'PAID', payment: pixOf(`inst-${n}`, 'PAID') }),
      ),
    });
    renderApp('/cliente/pedidos/ord-1', server({ [orderRoutes.details('ord-1')]: () => ok(details) }).fetch);
    expect(await screen.findByText('Fechada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pagar parcela/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pague todas as parcelas' })).toBeNull();
  });

  it('says when the order does not exist', async () => {
    renderApp('/cliente/pedidos/nope', server({}).fetch);
    expect(await screen.findByText('Compra não encontrada')).toBeTruthy();
  });

  it("pays the next instalment: QR, copy, polling every 3 s until 'Parcela paga!', reload on close", async () => {
    let polls = 0;
    let paid = false;
    const pending = instalment(2, {
      late: true,
      feesAmount: 2.35,
      amountToPay: 102.35,
      payment: pixOf('inst-2'),
    });
    const api = server({
      [orderRoutes.details('ord-1')]: () =>
        ok(
          paid
            ? orderDetails({
                instalments: [
                  instalment(1, { status: 'PAID' }),
                  { ...pending, status: 'PAID', late: false, payment: pixOf('inst-2', 'PAID') },
                  instalment(3),
                ],
              })
            : orderDetails(),
        ),
      [orderRoutes.pay('ord-1')]: () => ok(pending),
      [orderRoutes.instalment('inst-2')]: () => {
        polls += 1;
        if (polls >= 2) paid = true;
        return ok(paid ? { ...pending, status: 'PAID', payment: pixOf('inst-2', 'PAID') } : pending);
      },
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Pagar parcela 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar parcela 2' });
    const modal = within(dialog);
    expect(modal.getByRole('img', { name: 'QR Code do Pix' }).getAttribute('src')).toBe(
      '/api/v1/pix/qr/tx-inst-2.png',
    );
    expect(modal.getByText(/R\$\s102,35/)).toBeTruthy();
    const text = modal.getByLabelText('Pix copia e cola');
    expect(text instanceof HTMLTextAreaElement && text.readOnly && text.value).toBe('00020126PIX-inst-2');
    await user.click(modal.getByRole('button', { name: 'Copiar código Pix' }));
    expect(writeText).toHaveBeenCalledWith('00020126PIX-inst-2');
    expect(await screen.findByText('Copiado')).toBeTruthy();
    expect(modal.getByText('Aguardando a confirmação do pagamento…')).toBeTruthy();

    expect(await modal.findByText('Parcela paga!', {}, { timeout: 6000 })).toBeTruthy();
    expect(polls).toBe(2);
    await user.click(modal.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Pagar parcela 3' })).toBeTruthy();
    // Loaded, reloaded when the payment was seen, and again on close.
    expect(api.count(orderRoutes.details('ord-1'))).toBe(3);
  }, 15_000);

  it('falls back to selecting the text when the clipboard refuses, with the failure toast', async () => {
    const pending = instalment(2, { payment: pixOf('inst-2') });
    const api = server({
      [orderRoutes.details('ord-1')]: () => ok(orderDetails()),
      [orderRoutes.pay('ord-1')]: () => ok(pending),
      [orderRoutes.instalment('inst-2')]: () => ok(pending),
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Pagar parcela 2' }));
    const modal = within(await screen.findByRole('dialog'));
    await user.click(modal.getByRole('button', { name: 'Copiar código Pix' }));
    expect(
      await screen.findByText(
        'Não conseguimos copiar a chave pix na sua área de transferência, tente copiar manualmente',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(modal.getByLabelText('Pix copia e cola'));
  });

  it('pays all remaining instalments with one Pix and polls the unique payment', async () => {
    let paid = false;
    const api = server({
      [orderRoutes.details('ord-1')]: () =>
        ok(
          paid
            ? orderDetails({
                status: 'CLOSED',
                instalments: [1, 2, 3].map((n) => instalment(n, { status: 'PAID' })),
              })
            : orderDetails(),
        ),
      [orderRoutes.payAll('ord-1')]: () => ok(uniquePayment()),
      [orderRoutes.uniquePayment('up-1')]: () => {
        const answer = ok(uniquePayment(paid ? 'PAID' : 'PENDING'));
        paid = true;
        return answer;
      },
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pague todas as parcelas' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Pague todas as parcelas' }));
    expect(modal.getByText(/R\$\s187,35/)).toBeTruthy();
    expect((modal.getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe('00020126PIX-ALL');
    expect(await modal.findByText('Parcela paga!', {}, { timeout: 6000 })).toBeTruthy();
    expect(modal.getByText('Todas as parcelas desta compra foram pagas.')).toBeTruthy();
    await user.click(modal.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByText('Fechada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pague todas as parcelas' })).toBeNull();
    expect(api.count(orderRoutes.payAll('ord-1'))).toBe(1);
  }, 15_000);

  it("checks at once with 'Pagamento ja feito'", async () => {
    let paid = false;
    const pending = instalment(2, { payment: pixOf('inst-2') });
    const api = server({
      [orderRoutes.details('ord-1')]: () => ok(orderDetails()),
      [orderRoutes.pay('ord-1')]: () => ok(pending),
      [orderRoutes.instalment('inst-2')]: () => ok(paid ? { ...pending, status: 'PAID' } : pending),
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pagar parcela 2' }));
    const modal = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(api.count(orderRoutes.instalment('inst-2'))).toBe(1));
    paid = true;
    await user.click(modal.getByRole('button', { name: 'Pagamento ja feito' }));
    expect(await modal.findByText('Parcela paga!', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('treats a 404 from pay_instalment as nothing pending and reloads the order', async () => {
    const api = server({
      [orderRoutes.details('ord-1')]: () => ok(orderDetails()),
      [orderRoutes.pay('ord-1')]: () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'x' } },
      }),
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pagar parcela 2' }));
    expect(await screen.findByText('Esta compra não tem parcelas pendentes.')).toBeTruthy();
    await waitFor(() => expect(api.count(orderRoutes.details('ord-1'))).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the status when the Pix cannot be created', async () => {
    const api = server({
      [orderRoutes.details('ord-1')]: () => ok(orderDetails()),
      [orderRoutes.payAll('ord-1')]: () => ({ status: 502, body: { error: { code: 'PSP', message: 'x' } } }),
    });
    renderApp('/cliente/pedidos/ord-1', api.fetch);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pague todas as parcelas' }));
    expect(await screen.findByText('Não foi possível gerar o Pix das parcelas (502)')).toBeTruthy();
  });
});
