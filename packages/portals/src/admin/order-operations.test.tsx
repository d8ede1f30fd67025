import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, BR_CODE, ORDER_ID, orderDetails, QR_URL } from './orders/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

signInAdminBeforeEach();

beforeEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

const DETAILS = `GET ${ADMIN_API}/orders/${ORDER_ID}`;
const INSTALMENT_1 = '1a000000-0000-4000-8000-000000000001';
const INSTALMENT_2 = '1a000000-0000-4000-8000-000000000002';
const INSTALMENT_3 = '1a000000-0000-4000-8000-000000000003';
const PAGE = `/admin/orders/${ORDER_ID}`;

const refused = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: 'REFUSED', message } },
});

function open(routes: Record<string, (call: Call) => Answer>, body = orderDetails()) {
  const api = server({ [DETAILS]: () => ok(body), ...routes });
  renderApp(PAGE, api.fetch);
  return { api, reads: () => api.calls.filter((c) => `${c.method} ${c.path}` === DETAILS).length };
}

/** A toast's text (Mantine's notification). */
const toast = (text: string | RegExp) =>
  screen.findByText(text, { selector: '.mantine-Notification-description' });

/** The instalment row numbered `n` in the desktop table. */
async function row(n: number) {
  const table = await screen.findByRole('table', { name: 'Parcelas' });
  const rows = within(table).getAllByRole('row');
  return within(rows[n] as HTMLElement);
}

function refund(type: 'FULL' | 'AMOUNT', requestedAmount: number) {
  return {
    id: 'r0000000-0000-4000-8000-000000000001',
    orderId: ORDER_ID,
    type,
    status: 'PENDING',
    requestedAmount,
    amount: 0,
    returnedAmount: 0,
    productIds: [],
    rejectionReason: null,
    failureReason: null,
    createdAt: '2026-03-30T12:00:00.000Z',
    processedAt: null,
  };
}

const changed = (id: string, n: number) => ({
  message: 'ok',
  instalment: { id, number: n, dueDate: '2026-03-10', status: 'PENDING', feesAmount: 0, amountToPay: 100 },
});

describe('admin order operations: refunds', () => {
  it("refunds the whole order after 'Você tem certeza?', with the server's message, and reads the order again", async () => {
    const FULL = `PUT ${ADMIN_API}/orders/${ORDER_ID}/cancel`;
    const message =
      'Solicitação de reembolso feita com sucesso, dentro de alguns minutos o reembolso será realizado';
    const { api, reads } = open({
      [FULL]: () => ({ status: 202, body: { message, refund: refund('FULL', 300) } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolso total' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    expect(api.last(FULL)).toBeUndefined();
    const before = reads();
    await user.click(within(dialog).getByRole('button', { name: /^Reembolsar R\$\s300,00$/ }));
    expect(await toast(message)).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(await screen.findByText('Reembolso em processamento…')).toBeTruthy();
  });

  it('reads the order again until the refund engine carried the refund out, then shows the new money', async () => {
    const FULL = `PUT ${ADMIN_API}/orders/${ORDER_ID}/cancel`;
    let carriedOut = false;
    const api = server({
      [DETAILS]: () =>
        ok(
          carriedOut
            ? orderDetails({ status: 'CLOSED', displayStatus: 'CANCELED', canceledAmount: 300 })
            : orderDetails(),
        ),
      [FULL]: () => ({ status: 202, body: { message: 'Pedido', refund: refund('FULL', 300) } }),
    });
    renderApp(PAGE, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolso total' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    await user.click(within(dialog).getByRole('button', { name: /^Reembolsar/ }));
    expect(await screen.findByText('Reembolso em processamento…')).toBeTruthy();
    // The worker runs: the next read (2 s later) shows the whole order refunded, and nothing left to refund.
    carriedOut = true;
    const order = within(screen.getByRole('region', { name: 'Pedido' }));
    // 'Total' and 'Total cancelado/reembolsado'.
    await waitFor(() => expect(order.getAllByText('R$ 300,00')).toHaveLength(2), { timeout: 8000 });
    await waitFor(() => expect(screen.queryByText('Reembolso em processamento…')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Reembolso total' })).toBeNull();
  });

  it("shows a refused full refund as 'Falha ao reembolsar (status)' and the server's pt-BR reason", async () => {
    const FULL = `PUT ${ADMIN_API}/orders/${ORDER_ID}/cancel`;
    open({ [FULL]: () => refused(422, 'Este pedido não pode ser estornado') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolso total' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    await user.click(within(dialog).getByRole('button', { name: /^Reembolsar/ }));
    expect(await toast('Falha ao reembolsar (422)')).toBeTruthy();
    expect(await toast('Este pedido não pode ser estornado')).toBeTruthy();
  });

  it('asks a positive partial amount, confirms it formatted, sends reais and toasts the spec text', async () => {
    const PARTIAL = `PUT ${ADMIN_API}/orders/${ORDER_ID}/cancel/partially`;
    const { api, reads } = open({
      [PARTIAL]: () => ({ status: 202, body: { message: 'x', refund: refund('AMOUNT', 30.5) } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolso parcial' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reembolso parcial' }));
    await user.click(dialog.getByRole('button', { name: 'Reembolso parcial' }));
    expect(await dialog.findByText('O valor do reembolso precisa ser maior que 0')).toBeTruthy();
    await user.type(dialog.getByLabelText('Valor do reembolso (R$)'), '400');
    await user.click(dialog.getByRole('button', { name: 'Reembolso parcial' }));
    expect(await dialog.findByText(/excede o valor ainda não estornado/)).toBeTruthy();
    await user.clear(dialog.getByLabelText('Valor do reembolso (R$)'));
    await user.type(dialog.getByLabelText('Valor do reembolso (R$)'), '30,50');
    await user.click(dialog.getByRole('button', { name: 'Reembolso parcial' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Você tem certeza?' }));
    expect(confirm.getByText('Reembolso parcial de R$ 30,50.')).toBeTruthy();
    expect(api.last(PARTIAL)).toBeUndefined();
    const before = reads();
    await user.click(confirm.getByRole('button', { name: /^Reembolsar R\$\s30,50$/ }));
    await waitFor(() => expect(api.last(PARTIAL)?.body).toEqual({ amount: 30.5 }));
    expect(await toast('Reembolso parcial realizado com sucesso')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("keeps a refused partial refund's reason in the dialog with the spec's failure toast", async () => {
    const PARTIAL = `PUT ${ADMIN_API}/orders/${ORDER_ID}/cancel/partially`;
    open({ [PARTIAL]: () => refused(422, 'O reembolso parcial não está disponível para esta loja') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolso parcial' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reembolso parcial' }));
    await user.type(dialog.getByLabelText('Valor do reembolso (R$)'), '10');
    await user.click(dialog.getByRole('button', { name: 'Reembolso parcial' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Você tem certeza?' }));
    await user.click(confirm.getByRole('button', { name: /^Reembolsar/ }));
    expect(await toast('Aconteceu um erro ao realizar o reembolso parcial')).toBeTruthy();
    const again = within(await screen.findByRole('dialog', { name: 'Reembolso parcial' }));
    expect(again.getByText('O reembolso parcial não está disponível para esta loja')).toBeTruthy();
  });

  it('offers no refund on a cancelled order', async () => {
    open({}, orderDetails({ status: 'CANCELED', displayStatus: 'CANCELED', canceledAmount: 300 }));
    await screen.findByRole('region', { name: 'Pedido' });
    expect(screen.queryByRole('button', { name: 'Reembolso total' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reembolso parcial' })).toBeNull();
  });
});

describe('admin order operations: instalments', () => {
  it('creates the single payment for the unpaid instalments and shows its QR code and copia-e-cola', async () => {
    const UNIQUE = `POST ${ADMIN_API}/orders/${ORDER_ID}/create_unique_payment`;
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    open({
      [UNIQUE]: () =>
        ok({
          id: 'u1',
          orderId: ORDER_ID,
          qrCode: QR_URL,
          qrCodeText: BR_CODE,
          amount: 187.35,
          expiresAt: '2026-03-30T13:00:00.000Z',
          instalments: [INSTALMENT_2, INSTALMENT_3],
          status: 'PENDING',
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar pagamento único' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pagamento único' }));
    expect(dialog.getByText('R$ 187,35')).toBeTruthy();
    expect(dialog.getByRole('img', { name: 'QR Code do Pix' }).getAttribute('src')).toBe(QR_URL);
    expect(dialog.getByText(BR_CODE)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Copiar Pix' }));
    expect(writeText).toHaveBeenCalledWith(BR_CODE);
    expect(await toast('Pix copiado para área de transferência')).toBeTruthy();
  });

  it("says 'Não foi possível copiar para área de transferência' when the clipboard refuses", async () => {
    const UNIQUE = `POST ${ADMIN_API}/orders/${ORDER_ID}/create_unique_payment`;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    open({
      [UNIQUE]: () =>
        ok({
          id: 'u1',
          orderId: ORDER_ID,
          qrCode: QR_URL,
          qrCodeText: BR_CODE,
          amount: 187.35,
          expiresAt: '2026-03-30T13:00:00.000Z',
          instalments: [INSTALMENT_2, INSTALMENT_3],
          status: 'PENDING',
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar pagamento único' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pagamento único' }));
    await user.click(dialog.getByRole('button', { name: 'Copiar Pix' }));
    expect(await toast('Não foi possível copiar para área de transferência')).toBeTruthy();
  });

  it("fails the single payment with 'Falha ao criar pago da pagamento unico (status)'", async () => {
    open({ [`POST ${ADMIN_API}/orders/${ORDER_ID}/create_unique_payment`]: () => refused(404, 'x') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar pagamento único' }));
    expect(await toast('Falha ao criar pago da pagamento unico (404)')).toBeTruthy();
  });

  it('offers neither the single payment nor the date change when every instalment is paid', async () => {
    const paid = orderDetails();
    const body = {
      ...paid,
      instalments: paid.instalments.map((i) => ({ ...i, status: 'PAID' as const, payment: null })),
    };
    open({}, body);
    await screen.findByRole('region', { name: 'Pedido' });
    expect(screen.queryByRole('button', { name: 'Criar pagamento único' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alterar data da 1ª parcela' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover multa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dar baixa pagamento' })).toBeNull();
  });

  it('moves the first due date within 1 to 30 days after the order was created, then reads the order again', async () => {
    const DATE = `POST ${ADMIN_API}/orders/${ORDER_ID}/update_due_date`;
    const base = orderDetails();
    const body = {
      ...base,
      instalments: base.instalments.map((i) =>
        i.number === 1
          ? { ...i, status: 'PENDING' as const, paidAt: null, amountPaidIncludingRefunds: 0 }
          : i,
      ),
    };
    const { api, reads } = open({ [DATE]: () => ok(changed(INSTALMENT_1, 1)) }, body);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alterar data da 1ª parcela' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Alterar data da 1ª parcela' }));
    const field = dialog.getByLabelText(/Nova data de vencimento da 1ª parcela/) as HTMLInputElement;
    // Created on 20/02/2026 (São Paulo): from 21/02 to 22/03.
    expect(field.min).toBe('2026-02-21');
    expect(field.max).toBe('2026-03-22');
    await user.clear(field);
    await user.type(field, '2026-03-23');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText(/Escolha uma data entre 21\/02\/2026 e 22\/03\/2026/)).toBeTruthy();
    expect(api.last(DATE)).toBeUndefined();
    await user.clear(field);
    await user.type(field, '2026-03-10');
    const before = reads();
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.last(DATE)?.body).toEqual({ date: '2026-03-10' }));
    expect(await toast('Data alterada com sucesso')).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("fails the date change with 'Falha ao alterar a data da parcela' and the server's reason", async () => {
    const DATE = `POST ${ADMIN_API}/orders/${ORDER_ID}/update_due_date`;
    const base = orderDetails();
    const body = {
      ...base,
      instalments: base.instalments.map((i) =>
        i.number === 1 ? { ...i, status: 'PENDING' as const, paidAt: null, dueDate: '2026-03-07' } : i,
      ),
    };
    open({ [DATE]: () => refused(422, 'A nova data deve ser anterior ao vencimento da parcela 2') }, body);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alterar data da 1ª parcela' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Alterar data da 1ª parcela' }));
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await toast('Falha ao alterar a data da parcela')).toBeTruthy();
    expect(await dialog.findByText('A nova data deve ser anterior ao vencimento da parcela 2')).toBeTruthy();
  });
});

describe('admin order operations: one instalment', () => {
  it('removes a late fee with a reason after the spec question, then reads the order again', async () => {
    const FEE = `POST ${ADMIN_API}/instalments/${INSTALMENT_2}/remove-fee`;
    const { api, reads } = open({ [FEE]: () => ok(changed(INSTALMENT_2, 2)) });
    const user = userEvent.setup();
    // Only the late instalment with a fee offers it.
    expect((await row(1)).queryByRole('button', { name: 'Remover multa' })).toBeNull();
    expect((await row(3)).queryByRole('button', { name: 'Remover multa' })).toBeNull();
    await user.click((await row(2)).getByRole('button', { name: 'Remover multa' }));
    const dialog = within(
      await screen.findByRole('dialog', {
        name: 'Tem certeza que deseja remover a multa para essa parcela?',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Remover multa' }));
    expect(await dialog.findByText('Escolha o motivo da remoção da multa')).toBeTruthy();
    expect(api.last(FEE)).toBeUndefined();
    await user.selectOptions(dialog.getByLabelText(/Motivo da remoção/), 'Erro no sistema');
    const before = reads();
    await user.click(dialog.getByRole('button', { name: 'Remover multa' }));
    await waitFor(() => expect(api.last(FEE)?.body).toEqual({ reason: 'BUG' }));
    expect(await toast('Multa por atraso removida com sucesso')).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("fails the fee removal with 'Falha ao remover a multa por atraso'", async () => {
    open({
      [`POST ${ADMIN_API}/instalments/${INSTALMENT_2}/remove-fee`]: () => refused(422, 'Parcela sem multa'),
    });
    const user = userEvent.setup();
    await user.click((await row(2)).getByRole('button', { name: 'Remover multa' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText(/Motivo da remoção/), 'Negociação');
    await user.click(dialog.getByRole('button', { name: 'Remover multa' }));
    expect(await toast('Falha ao remover a multa por atraso')).toBeTruthy();
    expect(await dialog.findByText('Parcela sem multa')).toBeTruthy();
  });

  it("records a payment ('Dar baixa pagamento') through PGF with the debt reason after a confirmation", async () => {
    const PGF = `POST ${ADMIN_API}/instalments/cancel_with_debt_negotiation`;
    const { api, reads } = open({
      [PGF]: () =>
        ok({
          settledInstalmentIds: [INSTALMENT_3],
          alreadySettledInstalmentIds: [],
          closedOrderIds: [],
          amount: 85,
        }),
    });
    const user = userEvent.setup();
    expect((await row(1)).queryByRole('button', { name: 'Dar baixa pagamento' })).toBeNull();
    await user.click((await row(3)).getByRole('button', { name: 'Dar baixa pagamento' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Você tem certeza?' }));
    expect(
      dialog.getByText('A parcela 3 (R$ 85,00) será registrada como paga fora do Pix da Drip.'),
    ).toBeTruthy();
    expect(api.last(PGF)).toBeUndefined();
    await user.selectOptions(dialog.getByLabelText(/Motivo da baixa/), 'Decisão judicial (ODC)');
    const before = reads();
    await user.click(dialog.getByRole('button', { name: 'Dar baixa pagamento' }));
    await waitFor(() =>
      expect(api.last(PGF)?.body).toEqual({ instalmentsIds: [INSTALMENT_3], type: 'JUDICIAL_DECISION_ODC' }),
    );
    expect(await toast('Baixa concluída com sucesso')).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('fails a recorded payment with the debt screen’s failure text', async () => {
    open({ [`POST ${ADMIN_API}/instalments/cancel_with_debt_negotiation`]: () => refused(500, 'x') });
    const user = userEvent.setup();
    await user.click((await row(3)).getByRole('button', { name: 'Dar baixa pagamento' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Você tem certeza?' }));
    await user.click(dialog.getByRole('button', { name: 'Dar baixa pagamento' }));
    expect(await toast('Não foi possível dar baixa nos pedidos/parcelas')).toBeTruthy();
  });

  it("creates or updates the instalment's Pix and shows its QR code", async () => {
    const PIX = `PUT ${ADMIN_API}/orders/${ORDER_ID}/create_instalment_payments`;
    const base = orderDetails();
    const third = base.instalments[2];
    if (!third) throw new Error('fixture');
    const { lateFeeWaivedAt: _, ...customerView } = third;
    const { api } = open({
      [PIX]: () =>
        ok({
          message: 'Pix criado/atualizado com sucesso',
          instalments: [
            {
              ...customerView,
              payment: {
                status: 'PENDING',
                externalPaymentId: 'TXID3',
                qrCode: '/api/v1/pix/qr/TXID3.png',
                qrCodeText: BR_CODE,
                expiresAt: '2026-04-30T10:00:00.000Z',
              },
            },
          ],
        }),
    });
    const user = userEvent.setup();
    await user.click((await row(3)).getByRole('button', { name: 'Criar/atualizar Pix' }));
    await waitFor(() => expect(api.last(PIX)?.body).toEqual({ instalmentIds: [INSTALMENT_3] }));
    expect(await toast('Pix criado/atualizado com sucesso')).toBeTruthy();
    const dialog = within(await screen.findByRole('dialog', { name: 'Pix da parcela 3' }));
    expect(dialog.getByRole('img', { name: 'QR Code do Pix' }).getAttribute('src')).toBe(
      '/api/v1/pix/qr/TXID3.png',
    );
    expect(dialog.getByText('R$ 85,00')).toBeTruthy();
  });

  it("fails the instalment's Pix with 'Falha ao criar/atualizar PIX da parcela (status)'", async () => {
    open({ [`PUT ${ADMIN_API}/orders/${ORDER_ID}/create_instalment_payments`]: () => refused(422, 'x') });
    const user = userEvent.setup();
    await user.click((await row(3)).getByRole('button', { name: 'Criar/atualizar Pix' }));
    expect(await toast('Falha ao criar/atualizar PIX da parcela (422)')).toBeTruthy();
  });

  it('asks the PSP about the Pix of an instalment and says what it answered', async () => {
    const VERIFY = `POST ${ADMIN_API}/payments_callback/update/TXID123`;
    const { reads } = open({ [VERIFY]: () => ok({ paymentId: 'TXID123', status: 'PAID', booked: true }) });
    const user = userEvent.setup();
    // Only an instalment with a Pix can be checked.
    expect((await row(3)).queryByRole('button', { name: 'Verificar pagamento' })).toBeNull();
    const before = reads();
    await user.click((await row(2)).getByRole('button', { name: 'Verificar pagamento' }));
    expect(await toast('Pagamento confirmado pelo PSP e registrado')).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("fails the PSP check with 'Ocorreu um erro ao verificar o pagamento'", async () => {
    open({ [`POST ${ADMIN_API}/payments_callback/update/TXID123`]: () => refused(503, 'x') });
    const user = userEvent.setup();
    await user.click((await row(2)).getByRole('button', { name: 'Verificar pagamento' }));
    expect(await toast('Ocorreu um erro ao verificar o pagamento')).toBeTruthy();
  });
});
