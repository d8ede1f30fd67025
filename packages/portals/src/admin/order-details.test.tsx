import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, CUSTOMER_ID, ORDER_ID, ORDER_MERCHANT_ID, orderDetails } from './orders/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

signInAdminBeforeEach();

const details = (body: unknown) => server({ [`GET ${ADMIN_API}/orders/${ORDER_ID}`]: () => ok(body) });

describe('admin order details', () => {
  it('shows the order, every instalment line, products, customer, merchant, checkout and history', async () => {
    renderApp(`/admin/orders/${ORDER_ID}`, details(orderDetails()).fetch);
    const order = within(await screen.findByRole('region', { name: 'Pedido' }));
    expect(order.getByText('PED-1001')).toBeTruthy();
    expect(order.getByText('DRP-7K2M9Q')).toBeTruthy();
    expect(order.getByText('Ativa')).toBeTruthy();

    const instalments = within(screen.getByRole('region', { name: 'Parcelas' }));
    const table = within(instalments.getByRole('table', { name: 'Parcelas' }));
    // The admin sees every line of spec 2.2, admin-only ones included.
    for (const header of [
      'Valor da parcela',
      'Multa por atraso',
      'Desconto de cashback',
      'Desconto de itens cancelados',
      'Valor final',
      'Vencimento',
      'Status do pagamento',
      'Pago',
      'Valor pago',
      'Valor reembolsado',
      'Pix',
    ])
      expect(table.getByRole('columnheader', { name: header })).toBeTruthy();
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(4);
    const late = within(rows[2] as HTMLElement);
    expect(late.getByText('R$ 102,35')).toBeTruthy();
    expect(late.getByText('Em atraso')).toBeTruthy();
    expect(late.getByRole('link', { name: 'QR Code' }).getAttribute('href')).toBe(
      '/api/v1/pix/qr/TXID123.png',
    );
    expect(late.getByRole('button', { name: 'Copiar Pix' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Sim')).toBeTruthy();

    const customer = within(screen.getByRole('region', { name: 'Cliente' }));
    expect(customer.getByText('529.982.247-25')).toBeTruthy();
    expect(customer.getByRole('link', { name: 'Ver cliente' }).getAttribute('href')).toBe(
      `/admin/customers/${CUSTOMER_ID}`,
    );
    const merchant = within(screen.getByRole('region', { name: 'Comerciante' }));
    expect(merchant.getByRole('link', { name: 'Ver comerciante' }).getAttribute('href')).toBe(
      `/admin/merchants/${ORDER_MERCHANT_ID}`,
    );
    const checkout = within(screen.getByRole('region', { name: 'Checkout' }));
    expect(checkout.getByText('TXIDCHECKOUT')).toBeTruthy();
    expect(checkout.getByRole('img', { name: 'QR Code do Pix do checkout' })).toBeTruthy();

    const history = within(screen.getByRole('region', { name: 'Histórico' }));
    expect(history.getByText('LATE_FEE_REMOVED')).toBeTruthy();
    expect(history.getByText('Ana Operações (ana@drip.dev)')).toBeTruthy();
    expect(history.getByText('Parcela 2')).toBeTruthy();
  });

  it("opens 'Registrar baixa total (PGF)' in a new tab while the order is active, and not after", async () => {
    const { unmount } = renderApp(`/admin/orders/${ORDER_ID}`, details(orderDetails()).fetch);
    const pgf = await screen.findByRole('link', { name: 'Registrar baixa total (PGF)' });
    expect(pgf.getAttribute('href')).toBe(`/admin/add-debt-negotiation-payment?type=ORDER&id=${ORDER_ID}`);
    expect(pgf.getAttribute('target')).toBe('_blank');
    unmount();

    renderApp(
      `/admin/orders/${ORDER_ID}`,
      details(orderDetails({ status: 'CLOSED', displayStatus: 'CLOSED' })).fetch,
    );
    await screen.findByRole('region', { name: 'Pedido' });
    expect(screen.queryByRole('link', { name: 'Registrar baixa total (PGF)' })).toBeNull();
  });

  it('says so when the order does not exist', async () => {
    renderApp(`/admin/orders/${ORDER_ID}`, server({}).fetch);
    expect(await screen.findByText('Pedido não encontrado')).toBeTruthy();
  });
});
