import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, MERCHANT_ID, merchantDetails } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

const BASE = `${ADMIN_API}/merchants/${MERCHANT_ID}`;
const DETAILS_PATH = `/admin/merchants/${MERCHANT_ID}`;

signInAdminBeforeEach();

const api = (extra: Record<string, (call: Call) => Answer>) =>
  server({ [`GET ${BASE}`]: () => ok(merchantDetails()), ...extra });

const created = (body: unknown): Answer => ({ status: 201, body });

describe('fee form', () => {
  it('creates a fee in percent and goes back to the merchant details', async () => {
    const fake = api({
      [`POST ${BASE}/fees`]: (call) =>
        created({
          id: 'fee-9',
          merchantId: MERCHANT_ID,
          createdAt: '',
          state: 'ACTIVE',
          ...(call.body as object),
        }),
    });
    const { router } = renderApp(`${DETAILS_PATH}/fees/create`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Nova taxa' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Taxa \(%\)/), '3,5');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAILS_PATH));
    expect(fake.last(`POST ${BASE}/fees`)?.body).toEqual({ amount: 3.5, expirationDate: null });
  });

  it('requires the fee and sends nothing without it', async () => {
    const fake = api({});
    renderApp(`${DETAILS_PATH}/fees/create`, fake.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Informe a taxa')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('edits a fee from its saved value and shows a failure with its status', async () => {
    const fake = api({
      [`GET ${BASE}/fees/fee-2`]: () => ok(merchantDetails().fees[0]),
      [`PUT ${BASE}/fees/fee-2`]: () => ({ status: 422, body: { error: { code: 'X', message: 'x' } } }),
    });
    renderApp(`${DETAILS_PATH}/fees/fee-2/edit`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Editar taxa' })).toBeTruthy();
    const input = screen.getByLabelText(/Taxa \(%\)/) as HTMLInputElement;
    expect(input.value).toBe('3');
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('Data de expiração'), { target: { value: '2027-06-30' } });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Incapaz de salvar a taxa (422)')).toBeTruthy();
    expect(fake.last(`PUT ${BASE}/fees/fee-2`)?.body).toEqual({ amount: 3, expirationDate: '2027-06-30' });
  });
});

describe('cashback form', () => {
  it('shows the saved fraction as percent and sends the new one as a fraction', async () => {
    const fake = api({
      [`GET ${BASE}/cashback/cb-3`]: () => ok(merchantDetails().cashback[0]),
      [`PUT ${BASE}/cashback/cb-3`]: (call) =>
        ok({ ...merchantDetails().cashback[0], ...(call.body as object) }),
    });
    const { router } = renderApp(`${DETAILS_PATH}/cashbacks/cb-3/edit`, fake.fetch);
    const input = (await screen.findByLabelText(/Cashback \(%\)/)) as HTMLInputElement;
    expect(input.value).toBe('5 %');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '7,25');
    fireEvent.change(screen.getByLabelText('Data de expiração'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAILS_PATH));
    expect(fake.last(`PUT ${BASE}/cashback/cb-3`)?.body).toEqual({ ratio: 0.0725, expirationDate: null });
  });
});

describe('settlement configuration form', () => {
  it('offers every delay of the spec and sends the chosen terms', async () => {
    const fake = api({
      [`POST ${BASE}/settlement_configurations`]: (call) =>
        created({
          id: 'sc-9',
          merchantId: MERCHANT_ID,
          createdAt: '',
          state: 'ACTIVE',
          ...(call.body as object),
        }),
    });
    const { router } = renderApp(`${DETAILS_PATH}/settlement_configurations/create`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Nova configuração de repasse' })).toBeTruthy();
    const user = userEvent.setup();
    const delay = screen.getByLabelText(/Prazo de repasse/);
    expect(
      within(delay)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sem atraso', '5 dias', '7 dias', '15 dias', '30 dias', '45 dias']);
    await user.selectOptions(delay, '7 dias');
    await user.click(screen.getByRole('switch', { name: /Repasse em uma vez/ }));
    fireEvent.change(screen.getByLabelText('Data de expiração'), { target: { value: '2027-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAILS_PATH));
    expect(fake.last(`POST ${BASE}/settlement_configurations`)?.body).toEqual({
      transferDelayInDays: 7,
      payAllInOneSettlement: true,
      expirationDate: '2027-01-31',
    });
  });
});
