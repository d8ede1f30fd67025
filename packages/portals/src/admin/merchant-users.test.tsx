import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, MERCHANT_ID, merchantDetails } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

const USERS = `${ADMIN_API}/merchant_users`;
const DETAILS_PATH = `/admin/merchants/${MERCHANT_ID}`;
const user1 = merchantDetails().backofficeUsers[0];

signInAdminBeforeEach();

const api = (extra: Record<string, (call: Call) => Answer>) =>
  server({ [`GET ${ADMIN_API}/merchants/${MERCHANT_ID}`]: () => ok(merchantDetails()), ...extra });

async function fillNewUser() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-mail/), 'caixa@aurora.example');
  await user.type(screen.getByLabelText(/Telefone/), '11987654321');
  await user.type(screen.getByLabelText(/^Nome/), 'Carla Dias');
  await user.type(screen.getByLabelText(/Senha/), 'segredo123');
  return user;
}

describe('merchant user form', () => {
  it("creates an ADMIN user ('Pode cancelar/pedido' yes) with every notification, then back to the details", async () => {
    const fake = api({ [`POST ${USERS}`]: () => ({ status: 201, body: user1 }) });
    const { router } = renderApp(`${DETAILS_PATH}/users/create`, fake.fetch);
    const user = await fillNewUser();
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAILS_PATH));
    expect(fake.last(`POST ${USERS}`)?.body).toEqual({
      merchantId: MERCHANT_ID,
      email: 'caixa@aurora.example',
      phone: '+55 (11) 98765-4321',
      name: 'Carla Dias',
      post: null,
      authenticationPreference: 'SMS',
      communications: [
        { communicationType: 'ORDER_CREATED', notify: true },
        { communicationType: 'ORDER_CANCELED', notify: true },
        { communicationType: 'SETTLEMENT_CREATED', notify: true },
      ],
      permissions: ['ADMIN', 'READ'],
      password: 'segredo123',
    });
  });

  it("says ' - Email Já cadastrado' on 409 and stays on the form", async () => {
    const fake = api({
      [`POST ${USERS}`]: () => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'x' } } }),
    });
    const { router } = renderApp(`${DETAILS_PATH}/users/create`, fake.fetch);
    const user = await fillNewUser();
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findByText('Incapaz de criar conta de comerciante - Email Já cadastrado'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${DETAILS_PATH}/users/create`);
  });

  it('requires e-mail, phone, name and password on create', async () => {
    const fake = api({});
    renderApp(`${DETAILS_PATH}/users/create`, fake.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar' }));
    for (const message of ['Informe o e-mail', 'Informe o telefone', 'Informe o nome', 'Informe a senha'])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Senha/), 'curta');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('A senha deve ter no mínimo 8 caracteres')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('edits a user as READ without a new password, with the status on other failures', async () => {
    const fake = api({
      [`GET ${USERS}/user-1`]: () => ok(user1),
      [`PUT ${USERS}/user-1`]: () => ({ status: 500, body: { error: { code: 'X', message: 'x' } } }),
    });
    renderApp(`${DETAILS_PATH}/users/user-1/edit`, fake.fetch);
    expect(((await screen.findByLabelText(/E-mail/)) as HTMLInputElement).value).toBe(
      'gerente@aurora.example',
    );
    expect((screen.getByRole('radio', { name: 'Sim' }) as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await user.click(screen.getByRole('checkbox', { name: 'Repasse criado' }));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Incapaz de editar conta de comerciante (500)')).toBeTruthy();
    const body = fake.last(`PUT ${USERS}/user-1`)?.body as Record<string, unknown>;
    expect(body.permissions).toEqual(['READ']);
    expect(body.password).toBeNull();
    // Untouched, the stored phone goes back as it is (the server normalises either form).
    expect(body.phone).toBe('+5511987654321');
    expect(body.communications).toEqual([
      { communicationType: 'ORDER_CREATED', notify: false },
      { communicationType: 'ORDER_CANCELED', notify: false },
      { communicationType: 'SETTLEMENT_CREATED', notify: true },
    ]);
  });
});
