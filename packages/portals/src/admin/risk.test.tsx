import { addDaysIso, todayInSaoPaulo } from '@drip/core';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';

configure({ asyncUtilTimeout: 5000 });
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

const API = '/admin_backoffice/api/v1';
const REASONS = `GET ${API}/fraud/reason`;
const TYPES = `GET ${API}/debt-negotiation/type`;
const BLOCK = `POST ${API}/fraud/block`;
const UNBLOCK = `POST ${API}/fraud/unblock`;
const TRUST_ADD = `POST ${API}/trust/add`;
const TRUST_REMOVE = `POST ${API}/trust/remove`;
const NEG_ADD = `POST ${API}/debt-negotiation/add`;
const NEG_REMOVE = `POST ${API}/debt-negotiation/remove`;
const PGF_ORDERS = `POST ${API}/orders/close_with_debt_negotiation`;
const PGF_INSTALMENTS = `POST ${API}/instalments/cancel_with_debt_negotiation`;
const CHANGE = { cpfs: [], phones: [], addressCeps: [] };
const SETTLED = {
  settledInstalmentIds: ['i1'],
  alreadySettledInstalmentIds: [],
  closedOrderIds: [],
  amount: 100,
};

signInAdminBeforeEach();

const api = (extra: Record<string, (call: Call) => Answer> = {}) =>
  server({
    [REASONS]: () =>
      ok([
        { value: 'FRAUD_ID', label: 'Fraud ID' },
        { value: 'OTHER', label: 'Other' },
      ]),
    [TYPES]: () => ok([{ value: 'FRAUD_RISK', label: 'Fraud Risk' }]),
    [BLOCK]: () => ok(CHANGE),
    [UNBLOCK]: () => ok(CHANGE),
    [TRUST_ADD]: () => ok({ cpfs: [], expirationDate: null }),
    [TRUST_REMOVE]: () => ok({ cpfs: [], expirationDate: null }),
    [NEG_ADD]: () => ok(CHANGE),
    [NEG_REMOVE]: () => ok(CHANGE),
    [PGF_ORDERS]: () => ok(SETTLED),
    [PGF_INSTALMENTS]: () => ok(SETTLED),
    ...extra,
  });

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  // A short fixed list is the browser's own select (the kit's ChoiceSelect); a searchable one, Mantine's.
  const input = screen.getAllByLabelText(label)[0] as HTMLElement;
  if (input instanceof HTMLSelectElement) {
    // Its options may come from the server.
    await within(input).findByRole('option', { name: option });
    return user.selectOptions(input, option);
  }
  await user.click(input);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function confirmDialog(user: ReturnType<typeof userEvent.setup>, question = 'Você tem certeza?') {
  const dialog = await screen.findByRole('dialog', { name: question });
  await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
}

describe('block customer by data', () => {
  it('prefills cpf, phone and cep from the query and blocks them with the chosen reason', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp(
      '/admin/block-user?cpf=529.982.247-25&phone=%2B55%20(11)%2098765-4321&cep=01310-100',
      fake.fetch,
    );
    await screen.findByRole('heading', { name: 'Bloquear cliente' });
    expect(field(/^CPFs/).value).toBe('529.982.247-25');
    expect(field(/^Telefones/).value).toBe('+55 (11) 98765-4321');
    expect(field(/^CEPs/).value).toBe('01310-100');
    await waitFor(() => expect(fake.last(REASONS)).toBeTruthy());
    await choose(user, /^Motivo/, 'Fraud ID');
    fill(field(/^Descrição/), 'Conta tomada');
    await user.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Detalhes bloqueados com sucesso')).toBeTruthy();
    expect(fake.last(BLOCK)?.body).toEqual({
      cpfs: ['52998224725'],
      phones: ['+5511987654321'],
      addressCeps: ['01310-100'],
      reason: 'FRAUD_ID',
      description: 'Conta tomada',
    });
  });

  it('flags invalid values, sends nothing and keeps what was typed', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/block-user', fake.fetch);
    await screen.findByRole('heading', { name: 'Bloquear cliente' });
    fill(field(/^CPFs/), '123.456');
    fill(field(/^CEPs/), '0131');
    await choose(user, /^Motivo/, 'Other');
    await user.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Existem campos inválidos')).toBeTruthy();
    expect(screen.getByText('Há CPFs inválidos')).toBeTruthy();
    expect(screen.getByText('Há CEPs inválidos')).toBeTruthy();
    expect(fake.last(BLOCK)).toBeUndefined();
    expect(field(/^CPFs/).value).toBe('123.456');
  });

  it('unblocks only after the confirmation, with the spec toast per kind', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/block-user?cpf=52998224725', fake.fetch);
    await screen.findByRole('heading', { name: 'Bloquear cliente' });
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(fake.last(UNBLOCK)).toBeUndefined();
    await confirmDialog(user);
    expect(await screen.findByText('O CPF do cliente foi desbloqueado')).toBeTruthy();
    expect(fake.last(UNBLOCK)?.body).toEqual({ cpfs: ['52998224725'], phones: [], addressCeps: [] });
  });

  it("says 'Operação falhada (status)' when the unblock is refused", async () => {
    const user = userEvent.setup();
    const fake = api({
      [UNBLOCK]: () => ({ status: 404, body: { error: { code: 'NOT_BLOCKED', message: 'x' } } }),
    });
    renderApp('/admin/block-user?cep=01310-100', fake.fetch);
    await screen.findByRole('heading', { name: 'Bloquear cliente' });
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
    await confirmDialog(user);
    expect(await screen.findByText('Operação falhada (404)')).toBeTruthy();
  });
});

describe('whitelist', () => {
  it('prefills the cpf, defaults the expiry to today + 3 days and adds', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/whitelist?cpf=529.982.247-25', fake.fetch);
    await screen.findByRole('heading', { name: 'Whitelist' });
    const expiry = addDaysIso(todayInSaoPaulo(), 3);
    expect(field(/^Data de expiração/).value).toBe(expiry);
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Usuários adicionados a whitelist com sucesso')).toBeTruthy();
    expect(fake.last(TRUST_ADD)?.body).toEqual({ cpfs: ['52998224725'], expirationDate: expiry });
  });

  it('removes only after the confirmation; a failure says so', async () => {
    const user = userEvent.setup();
    const fake = api({ [TRUST_REMOVE]: () => ({ status: 500, body: {} }) });
    renderApp('/admin/whitelist?cpf=52998224725', fake.fetch);
    await screen.findByRole('heading', { name: 'Whitelist' });
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await confirmDialog(user);
    expect(await screen.findByText('Não foi possível remover os usuários a whitelist')).toBeTruthy();
    expect(fake.last(TRUST_REMOVE)?.body).toEqual({ cpfs: ['52998224725'] });
    expect(field(/^CPFs/).value).toBe('52998224725');
  });
});

describe('debt negotiation list', () => {
  it('asks about CPFs without 11 digits, then sends them with confirmInvalidCpfs', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/debt-list?cpf=52998224725', fake.fetch);
    await screen.findByRole('heading', { name: 'Lista de negociação' });
    fill(field(/^CPFs/), '52998224725\n1234');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Os seguintes cpfs parecem inválidos: 1234. Deseja continuar?',
    });
    expect(fake.last(NEG_ADD)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Usuários adicionados a lista de negociação com sucesso')).toBeTruthy();
    expect(fake.last(NEG_ADD)?.body).toMatchObject({
      cpfs: ['52998224725', '1234'],
      confirmInvalidCpfs: true,
    });
  });

  it("asks again when the server refuses a CPF's check digits, and resends on 'Continuar'", async () => {
    const user = userEvent.setup();
    let tries = 0;
    const fake = api({
      [NEG_ADD]: (call) => {
        tries += 1;
        if ((call.body as { confirmInvalidCpfs: boolean }).confirmInvalidCpfs) return ok(CHANGE);
        return {
          status: 422,
          body: {
            error: {
              code: 'INVALID_CPF',
              message: 'CPF inválido: 111.111.111-12',
              issues: [{ path: 'cpfs.0', message: 'CPF inválido: 111.111.111-12' }],
            },
          },
        };
      },
    });
    renderApp('/admin/debt-list?cpf=111.111.111-12', fake.fetch);
    await screen.findByRole('heading', { name: 'Lista de negociação' });
    await choose(user, /^Tipo/, 'Fraud Risk');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Os seguintes cpfs parecem inválidos: 111.111.111-12. Deseja continuar?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Usuários adicionados a lista de negociação com sucesso')).toBeTruthy();
    expect(tries).toBe(2);
    expect(fake.last(NEG_ADD)?.body).toMatchObject({ type: 'FRAUD_RISK', confirmInvalidCpfs: true });
  });

  it('removes after the confirmation', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/debt-list?cpf=52998224725', fake.fetch);
    await screen.findByRole('heading', { name: 'Lista de negociação' });
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await confirmDialog(user);
    expect(await screen.findByText('Usuários removidos a lista de negociação com sucesso')).toBeTruthy();
    expect(fake.last(NEG_REMOVE)?.body).toMatchObject({ cpfs: ['52998224725'] });
  });
});

// Spec 8 writes these toasts with 'adicionados/removidos' and 'adicionar/remover': each button shows its own word.
describe.each([
  {
    screenPath: '/admin/whitelist',
    heading: 'Whitelist',
    add: TRUST_ADD,
    remove: TRUST_REMOVE,
    texts: {
      added: 'Usuários adicionados a whitelist com sucesso',
      removed: 'Usuários removidos a whitelist com sucesso',
      addFailed: 'Não foi possível adicionar os usuários a whitelist',
      removeFailed: 'Não foi possível remover os usuários a whitelist',
    },
  },
  {
    screenPath: '/admin/debt-list',
    heading: 'Lista de negociação',
    add: NEG_ADD,
    remove: NEG_REMOVE,
    texts: {
      added: 'Usuários adicionados a lista de negociação com sucesso',
      removed: 'Usuários removidos a lista de negociação com sucesso',
      addFailed: 'Ocorreu um erro ao adicionar a lista de negociação',
      removeFailed: 'Ocorreu um erro ao remover a lista de negociação',
    },
  },
])('$heading toasts', ({ screenPath, heading, add, remove, texts }) => {
  it.each([
    { action: 'Adicionar', call: add, status: 200, text: texts.added },
    { action: 'Remover', call: remove, status: 200, text: texts.removed },
    { action: 'Adicionar', call: add, status: 500, text: texts.addFailed },
    { action: 'Remover', call: remove, status: 500, text: texts.removeFailed },
  ])('$action answered $status says $text', async ({ action, call, status, text }) => {
    const user = userEvent.setup();
    // 200: the fake API's own answer for the call.
    const fake = api(status === 200 ? {} : { [call]: () => ({ status, body: {} }) });
    renderApp(`${screenPath}?cpf=52998224725`, fake.fetch);
    await screen.findByRole('heading', { name: heading });
    await user.click(screen.getByRole('button', { name: action }));
    if (action === 'Remover') await confirmDialog(user);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fake.last(call)?.body).toMatchObject({ cpfs: ['52998224725'] });
  });
});

describe('Baixa Parcela/Pedido (PGF)', () => {
  it('prefills type and id, splits the ids and closes them after the confirmation', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/add-debt-negotiation-payment?type=INSTALMENT&id=i1', fake.fetch);
    await screen.findByRole('heading', { name: 'Baixa Parcela/Pedido (PGF)' });
    expect(field(/^Ids das parcelas/).value).toBe('i1');
    fill(field(/^Ids das parcelas/), 'i1, i2\n\ni3');
    await user.click(screen.getByRole('button', { name: 'Dar baixa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dar baixa' }));
    expect(await screen.findByText('Baixa concluída com sucesso')).toBeTruthy();
    expect(fake.last(PGF_INSTALMENTS)?.body).toEqual({
      instalmentsIds: ['i1', 'i2', 'i3'],
      type: 'PAYMENT_AGREEMENT_COLLECTION_AGENCY',
    });
  });

  it('lists the ids not found under a red border and keeps the field', async () => {
    const user = userEvent.setup();
    const fake = api({
      [PGF_ORDERS]: () => ({
        status: 404,
        body: {
          error: {
            code: 'DEBT_IDS_NOT_FOUND',
            message: 'Alguns pedidos/parcelas não foram encontradas, confira e tente novamente',
            issues: [{ path: 'orderIds', message: 'o-ghost' }],
          },
        },
      }),
    });
    renderApp('/admin/add-debt-negotiation-payment?type=ORDER&id=o-1%2Co-ghost', fake.fetch);
    await screen.findByRole('heading', { name: 'Baixa Parcela/Pedido (PGF)' });
    await user.click(screen.getByRole('button', { name: 'Dar baixa' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Você tem certeza?' })).getByRole('button', {
        name: 'Dar baixa',
      }),
    );
    expect(
      await screen.findByText('Alguns pedidos/parcelas não foram encontradas, confira e tente novamente'),
    ).toBeTruthy();
    const title = await screen.findByText('Os seguintes pedidos parecem ser inválidos e/ou não existem');
    const box = title.closest('[data-testid="pgf-not-found"]') as HTMLElement;
    expect(within(box).getByText('o-ghost')).toBeTruthy();
    expect(box.getAttribute('style')).toContain('red');
    expect(field(/^Ids dos pedidos/).value).toBe('o-1,o-ghost');
  });

  it('sends nothing without ids, and says when the call fails', async () => {
    const user = userEvent.setup();
    const fake = api({ [PGF_ORDERS]: () => ({ status: 500, body: {} }) });
    renderApp('/admin/add-debt-negotiation-payment', fake.fetch);
    await screen.findByRole('heading', { name: 'Baixa Parcela/Pedido (PGF)' });
    await user.click(screen.getByRole('button', { name: 'Dar baixa' }));
    expect(await screen.findByText('Informe ao menos um id')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fill(field(/^Ids dos pedidos/), 'o-1');
    await user.click(screen.getByRole('button', { name: 'Dar baixa' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Você tem certeza?' })).getByRole('button', {
        name: 'Dar baixa',
      }),
    );
    expect(await screen.findByText('Não foi possível dar baixa nos pedidos/parcelas')).toBeTruthy();
  });
});
