import { refundMessages } from '@drip/core';
import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Answer, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, ORDER_ID, orderDetails } from './orders/fixtures.ts';
import { PRODUCT_OPERATION_TEXTS } from './orders/operations/productTexts.ts';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET ${ADMIN_API}/orders/${ORDER_ID}`;
const CANCEL = `PUT ${ADMIN_API}/orders/${ORDER_ID}/products/cancel`;
const UPDATE = `POST ${ADMIN_API}/orders/${ORDER_ID}/products/update-amount`;
const CAMISETA = 'p0000000-0000-4000-8000-000000000001';
const PAGE = `/admin/orders/${ORDER_ID}`;

signInAdminBeforeEach();

beforeEach(() => {
  // Toasts live in Mantine's global store: one left by an earlier test would queue this test's.
  act(() => notifications.clean());
});

function refund(overrides: Record<string, unknown> = {}) {
  return {
    id: 'r0000000-0000-4000-8000-000000000001',
    orderId: ORDER_ID,
    type: 'PRODUCTS',
    status: 'PENDING',
    requestedAmount: 200,
    amount: 0,
    returnedAmount: 0,
    productIds: [CAMISETA],
    rejectionReason: null,
    failureReason: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    processedAt: null,
    ...overrides,
  };
}

const refused = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: 'REFUSED', message } },
});

/** The products table's row of a product. */
async function productRow(name: string) {
  const region = within(await screen.findByRole('region', { name: 'Produtos' }));
  const row = region.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row as HTMLElement);
}

const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });

describe('admin order details: product refund', () => {
  it('asks the spec question, refunds, toasts, reads the order again until the product is cancelled', async () => {
    let cancelled = false;
    let reads = 0;
    const api = server({
      [DETAILS]: () => {
        reads += 1;
        const order = orderDetails();
        return ok(
          cancelled
            ? {
                ...order,
                products: order.products.map((p) => (p.id === CAMISETA ? { ...p, status: 'CANCELED' } : p)),
              }
            : order,
        );
      },
      [CANCEL]: () => ({ status: 202, body: { message: refundMessages.requested, refund: refund() } }),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    await user.click((await productRow('Camiseta')).getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Você tem certeza que deseja cancelar esse produto?',
    });
    expect(api.last(CANCEL)).toBeUndefined();
    const readsBefore = reads;
    cancelled = true;
    await user.click(within(dialog).getByRole('button', { name: /^Estornar R\$\s200,00$/ }));
    await waitFor(() => expect(api.last(CANCEL)?.body).toEqual({ productIds: [CAMISETA] }));
    expect(
      await toast(
        'Solicitação de reembolso feita com sucesso, dentro de alguns minutos o reembolso será realizado',
      ),
    ).toBeTruthy();
    // The order is read again: the product shows cancelled and offers nothing more.
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
    const row = await productRow('Camiseta');
    await waitFor(() => expect(row.getByText('Cancelado')).toBeTruthy());
    expect(row.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    expect(screen.queryByText('Falha ao reembolsar')).toBeNull();
  });

  it('a refused refund toasts the spec failure and changes nothing; giving up sends nothing', async () => {
    const api = server({
      [DETAILS]: () => ok(orderDetails()),
      [CANCEL]: () => refused(422, 'Este produto já foi estornado'),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    const row = await productRow('Camiseta');
    await user.click(row.getByRole('button', { name: 'Reembolsar' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Não estornar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.last(CANCEL)).toBeUndefined();
    await user.click(row.getByRole('button', { name: 'Reembolsar' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Estornar/ }));
    expect(await toast('Falha ao reembolsar')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Reembolsar' })).toBeTruthy();
  });

  it('offers nothing on a cancelled product or an order that is not active', async () => {
    const order = orderDetails();
    const api = server({
      [DETAILS]: () =>
        ok({
          ...order,
          products: order.products.map((p) => (p.id === CAMISETA ? { ...p, status: 'CANCELED' } : p)),
        }),
    });
    renderApp(PAGE, api.fetch);
    const camiseta = await productRow('Camiseta');
    expect(camiseta.queryByRole('button')).toBeNull();
    expect((await productRow('Calça')).getByRole('button', { name: 'Alterar valor' })).toBeTruthy();
  });

  it('offers nothing when the order is closed', async () => {
    const api = server({ [DETAILS]: () => ok(orderDetails({ status: 'CLOSED', displayStatus: 'CLOSED' })) });
    renderApp(PAGE, api.fetch);
    expect((await productRow('Camiseta')).queryByRole('button')).toBeNull();
  });
});

describe('admin order details: product amount update', () => {
  it('starts at the amount, submits only once confirmed, sends reais, toasts and reads the order again', async () => {
    let reads = 0;
    let amount = 200;
    const api = server({
      [DETAILS]: () => {
        reads += 1;
        const order = orderDetails();
        return ok({
          ...order,
          products: order.products.map((p) => (p.id === CAMISETA ? { ...p, amount } : p)),
        });
      },
      [UPDATE]: () => {
        amount = 150.5;
        return ok({
          message: 'Valor do produto atualizado com sucesso',
          refund: refund({ type: 'PRODUCT_AMOUNT', status: 'DONE', requestedAmount: 49.5, amount: 49.5 }),
        });
      },
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    await user.click((await productRow('Camiseta')).getByRole('button', { name: 'Alterar valor' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Alterar valor do produto' }));
    const input = dialog.getByRole('textbox', { name: /Novo valor/ }) as HTMLInputElement;
    // Spec 5: the initial value is the product's amount (the sum of its instalment shares).
    expect(input.value).toBe('R$ 200,00');
    const submit = dialog.getByRole('button', { name: 'Atualizar valor' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(dialog.getByRole('checkbox', { name: 'Confirmo que o valor está correto' }));
    expect(submit.disabled).toBe(false);
    await user.clear(input);
    await user.type(input, '150,50');
    const readsBefore = reads;
    await user.click(submit);
    await waitFor(() => expect(api.last(UPDATE)?.body).toEqual({ productId: CAMISETA, amount: 150.5 }));
    expect(await toast('Valor do produto atualizado com sucesso')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
    expect(await (await productRow('Camiseta')).findByText('R$ 150,50')).toBeTruthy();
  });

  it('unchecking the confirmation disables the submit again', async () => {
    renderApp(PAGE, server({ [DETAILS]: () => ok(orderDetails()) }).fetch);
    const user = userEvent.setup();
    await user.click((await productRow('Calça')).getByRole('button', { name: 'Alterar valor' }));
    const dialog = within(await screen.findByRole('dialog'));
    const box = dialog.getByRole('checkbox', { name: 'Confirmo que o valor está correto' });
    const submit = dialog.getByRole('button', { name: 'Atualizar valor' }) as HTMLButtonElement;
    await user.click(box);
    await user.click(box);
    expect(submit.disabled).toBe(true);
  });

  it('refuses zero, a higher and the same amount before asking the server', async () => {
    const api = server({ [DETAILS]: () => ok(orderDetails()) });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    await user.click((await productRow('Camiseta')).getByRole('button', { name: 'Alterar valor' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('textbox', { name: /Novo valor/ });
    await user.click(dialog.getByRole('checkbox', { name: 'Confirmo que o valor está correto' }));
    const submit = dialog.getByRole('button', { name: 'Atualizar valor' });
    const cases: [string, string][] = [
      ['0', PRODUCT_OPERATION_TEXTS.amountRequired],
      ['250', refundMessages.productAmountRaised],
      ['200', refundMessages.productAmountUnchanged],
    ];
    for (const [typed, message] of cases) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(submit);
      expect(await dialog.findByText(message)).toBeTruthy();
    }
    await user.clear(input);
    await user.click(submit);
    expect(await dialog.findByText(PRODUCT_OPERATION_TEXTS.amountRequired)).toBeTruthy();
    expect(api.last(UPDATE)).toBeUndefined();
  });

  it("a refusal toasts the spec failure and shows the server's reason; the modal stays", async () => {
    const api = server({
      [DETAILS]: () => ok(orderDetails()),
      [UPDATE]: () =>
        refused(422, 'Já existe um estorno ou alteração de valor em processamento para este produto'),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    await user.click((await productRow('Camiseta')).getByRole('button', { name: 'Alterar valor' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('textbox', { name: /Novo valor/ });
    await user.clear(input);
    await user.type(input, '100');
    await user.click(dialog.getByRole('checkbox', { name: 'Confirmo que o valor está correto' }));
    await user.click(dialog.getByRole('button', { name: 'Atualizar valor' }));
    expect(await toast('Falha ao atualizar o valor do produto')).toBeTruthy();
    expect(
      await dialog.findByText(
        'Já existe um estorno ou alteração de valor em processamento para este produto',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
