import { refundMessages } from '@drip/core';
import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/harness.tsx';
import { FAILED_HINT, NO_ANSWER, PRODUCT_REFUND_FAILURE } from './sales/RefundActions.tsx';
import { type Answer, ok, salesServer, signIn } from './sales-fake-api.ts';
import { merchantOrderView, orderRefund, SALES_API, saleDetails, saleSummary } from './sales-fixtures.ts';

// The pending refund is read again every 2 s: give the waits room for one or two polls on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const DETAIL = `GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`;
const ORDER = `GET ${SALES_API}/v1/orders/ord-1`;
const FULL = `PUT ${SALES_API}/v1/orders/ord-1/cancel`;
const PARTIAL = `PUT ${SALES_API}/v1/orders/ord-1/cancel/partially`;
const PRODUCTS = `PUT ${SALES_API}/v1/orders/ord-1/products/cancel`;
const PAGE = `/parceira/pedidos/${saleSummary(1).id}`;

/** The confirming button of a refund: 'Estornar R$ 100,00' (Intl puts a no-break space after 'R$'). */
const estornar = (amount: string) => new RegExp(`^Estornar R\\$\\s${amount}$`);

/** The alerts that speak of a failure (a success toast is an alert too). */
const failureAlerts = () => screen.queryAllByRole('alert').filter((a) => /Falha/.test(a.textContent ?? ''));

const accepted = (refund: Record<string, unknown>): Answer => ({
  status: 202,
  body: { message: refundMessages.requested, refund },
});
const failed = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: 'REFUND_REFUSED', message } },
});

beforeEach(() => {
  // Toasts live in Mantine's global store: one left by an earlier test would queue this test's.
  act(() => notifications.clean());
  window.localStorage.clear();
  signIn(['ADMIN', 'READ']);
});

describe('Detalhes do pedido: estorno', () => {
  it('refunds a product after the confirmation, shows it pending, polls, then shows it done', async () => {
    let view = merchantOrderView();
    let detailReads = 0;
    const api = salesServer({
      [DETAIL]: () => {
        detailReads += 1;
        return ok(saleDetails());
      },
      [ORDER]: () => ok(view),
      [PRODUCTS]: () => {
        view = merchantOrderView({ refunds: [orderRefund()] });
        return accepted(orderRefund());
      },
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    // Only what can be refunded is offered: the cancelled 'Meia' is not in the picker.
    const picker = await screen.findByRole('group', { name: 'Produtos para estornar' });
    expect(within(picker).queryByLabelText(/Meia/)).toBeNull();
    const button = screen.getByRole('button', { name: 'Estornar produtos' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(picker).getByLabelText('Camiseta · R$ 100,00'));
    await user.click(button);
    const dialog = await screen.findByRole('dialog', {
      name: 'Você tem certeza que deseja cancelar esse produto?',
    });
    expect(api.last(PRODUCTS)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: estornar('100,00') }));
    await waitFor(() => expect(api.last(PRODUCTS)?.body).toEqual({ productIds: ['p1'] }));
    expect(
      await screen.findByText(refundMessages.requested, { selector: '.mantine-Notification-description' }),
    ).toBeTruthy();
    expect(await screen.findByText('Estorno em processamento')).toBeTruthy();
    // Nothing failed: no failure banner.
    expect(failureAlerts()).toEqual([]);
    expect(screen.queryByText(/Falha ao reembolsar/)).toBeNull();
    const table = screen.getByRole('table', { name: 'Estornos' });
    expect(within(table).getByText('Em processamento')).toBeTruthy();
    // The worker carries it out: the next poll sees it done, and the checkout detail is read again.
    const readsBefore = detailReads;
    const ordersBefore = api.calls.filter((c) => `${c.method} ${c.path}` === ORDER).length;
    view = merchantOrderView({
      canceledAmount: 123.45,
      refundable: { full: false, partial: false, products: false },
      products: merchantOrderView().products.map((p) => ({
        ...p,
        status: 'CANCELED',
        canceledAt: '2026-03-12T12:00:05.000Z',
      })),
      refunds: [
        orderRefund({
          status: 'DONE',
          amount: 100,
          returnedAmount: 41.15,
          processedAt: '2026-03-12T12:00:05.000Z',
        }),
      ],
    });
    expect(await within(table).findByText('Concluído')).toBeTruthy();
    expect(api.calls.filter((c) => `${c.method} ${c.path}` === ORDER).length).toBeGreaterThan(ordersBefore);
    expect(within(table).getByText('R$ 41,15')).toBeTruthy();
    expect(screen.queryByText('Estorno em processamento')).toBeNull();
    await waitFor(() => expect(detailReads).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('button', { name: 'Estornar produtos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Estornar pedido' })).toBeNull();
  });

  it('asks for a positive partial amount, then confirms it formatted and sends it in reais', async () => {
    const api = salesServer({
      [DETAIL]: () => ok(saleDetails()),
      [ORDER]: () => ok(merchantOrderView()),
      [PARTIAL]: () => accepted(orderRefund({ type: 'AMOUNT', productIds: [], requestedAmount: 12.5 })),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolso parcial' }));
    expect(await screen.findByText('O valor do reembolso precisa ser maior que 0')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(screen.getByLabelText('Valor do reembolso'), '12,50');
    await user.click(screen.getByRole('button', { name: 'Reembolso parcial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    expect(within(dialog).getByText('Reembolso parcial de R$ 12,50.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Não estornar' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: estornar('12,50') }));
    await waitFor(() => expect(api.last(PARTIAL)?.body).toEqual({ amount: 12.5 }));
  });

  it("shows a refused refund as 'Falha ao reembolsar (status)' with the server's reason", async () => {
    const api = salesServer({
      [DETAIL]: () => ok(saleDetails()),
      [ORDER]: () => ok(merchantOrderView({ refundable: { full: true, partial: false, products: false } })),
      [FULL]: () => failed(422, refundMessages.nothingLeft),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Reembolso parcial' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Estornar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    expect(within(dialog).getByText('O pedido inteiro será estornado: R$ 100,00.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: estornar('100,00') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Falha ao reembolsar (422)')).toBeTruthy();
    expect(screen.getByText(refundMessages.nothingLeft)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Estornar produtos' })).toBeNull();
  });

  it("names the product dialog's buttons by what they do and shows the amount; 'Não estornar' sends nothing", async () => {
    const api = salesServer({
      [DETAIL]: () => ok(saleDetails()),
      [ORDER]: () => ok(merchantOrderView()),
      [PRODUCTS]: () => accepted(orderRefund()),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    const picker = await screen.findByRole('group', { name: 'Produtos para estornar' });
    await user.click(within(picker).getByLabelText('Camiseta · R$ 100,00'));
    await user.click(screen.getByRole('button', { name: 'Estornar produtos' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Você tem certeza que deseja cancelar esse produto?',
    });
    expect(within(dialog).getByText('Valor a estornar: R$ 100,00')).toBeTruthy();
    expect(within(dialog).getByText('Camiseta (R$ 100,00)')).toBeTruthy();
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toContain('Não estornar');
    expect(buttons.some((b) => estornar('100,00').test(b ?? ''))).toBe(true);
    expect(buttons).not.toContain('Cancelar');
    expect(buttons).not.toContain('Confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Não estornar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.last(PRODUCTS)).toBeUndefined();
  });

  it("does not say 'Falha ao reembolsar' when the answer was lost but the refund went through", async () => {
    let view = merchantOrderView();
    const api = salesServer({
      [DETAIL]: () => ok(saleDetails()),
      [ORDER]: () => ok(view),
      [FULL]: () => {
        view = merchantOrderView({ refunds: [orderRefund({ type: 'FULL', productIds: [] })] });
        return accepted(orderRefund({ type: 'FULL', productIds: [] }));
      },
    });
    // The request reaches the server, the answer never comes back (a dropped connection).
    const lossy: typeof fetch = async (input, init) => {
      const answer = await api.fetch(input, init);
      if (init?.method === 'PUT') throw new TypeError('Failed to fetch');
      return answer;
    };
    renderApp(PAGE, lossy);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Estornar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    await user.click(within(dialog).getByRole('button', { name: estornar('100,00') }));
    expect(await screen.findByText('Estorno em processamento')).toBeTruthy();
    expect(screen.getByText(NO_ANSWER, { selector: '.mantine-Alert-message' })).toBeTruthy();
    expect(screen.queryByText(/Falha ao reembolsar/)).toBeNull();
  });

  it("shows a refund that could not be carried out as 'Falha ao reembolsar' with its reason, and offers it again", async () => {
    const reason = 'O PSP não encontrou o Pix desta cobrança: a devolução não pode ser feita';
    let view = merchantOrderView({
      refunds: [
        orderRefund({
          type: 'FULL',
          productIds: [],
          status: 'FAILED',
          failureReason: reason,
          processedAt: '2026-03-12T12:00:05.000Z',
        }),
      ],
    });
    const api = salesServer({
      [DETAIL]: () => ok(saleDetails()),
      [ORDER]: () => ok(view),
      [FULL]: () => {
        view = merchantOrderView({
          refunds: [
            ...view.refunds,
            orderRefund({ id: 'ref-2', type: 'FULL', productIds: [], createdAt: '2026-03-12T13:00:00.000Z' }),
          ],
        });
        return accepted(orderRefund({ id: 'ref-2', type: 'FULL', productIds: [] }));
      },
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PRODUCT_REFUND_FAILURE)).toBeTruthy();
    expect(within(alert).getByText(reason)).toBeTruthy();
    expect(within(alert).getByText(FAILED_HINT)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Estornos' });
    expect(within(table).getByText(`Falhou · ${reason}`)).toBeTruthy();
    // Never stuck 'em processamento': the order is refundable again, and asking again replaces the failure.
    expect(screen.queryByText('Estorno em processamento')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Estornar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    await user.click(within(dialog).getByRole('button', { name: estornar('100,00') }));
    expect(await screen.findByText('Estorno em processamento')).toBeTruthy();
    await waitFor(() => expect(failureAlerts()).toEqual([]));
  });

  it('shows a READ user no refund button and does not read the refund view', async () => {
    signIn(['READ']);
    const api = salesServer({ [DETAIL]: () => ok(saleDetails()), [ORDER]: () => ok(merchantOrderView()) });
    renderApp(PAGE, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Pedido PED-101' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Estornar|Reembolso/ })).toBeNull();
    expect(screen.queryByText('Estorno')).toBeNull();
    expect(api.last(ORDER)).toBeUndefined();
  });
});
