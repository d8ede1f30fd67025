import { SESSION_KEYS } from '@drip/core';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { fakeJwt, renderApp } from '../test/harness.tsx';
import { ADMIN_API, MERCHANT_ID, merchantDetails, merchantsPage } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

const MERCHANTS = `${ADMIN_API}/merchants`;
const PIX_INVALID = 'Chave PIX inválida, verifique os dados e tente novamente.';

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(SESSION_KEYS.admin.token, fakeJwt({ sub: 'admin-1', aud: 'admin' }));
  window.localStorage.setItem(SESSION_KEYS.admin.refreshToken, 'refresh');
});

const api = (extra: Record<string, (call: Call) => Answer>) =>
  server({
    [`GET ${MERCHANTS}`]: () => ok(merchantsPage(3)),
    [`GET ${MERCHANTS}/${MERCHANT_ID}`]: () => ok(merchantDetails()),
    ...extra,
  });

const section = (name: string) => within(screen.getByRole('region', { name }));

/** Typing letter by letter is slow on a busy machine; the form reads each field's change event the same way. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function fillRequired() {
  const user = userEvent.setup();
  const main = await screen.findByRole('region', { name: 'Dados do comerciante' });
  fill(within(main).getByLabelText(/^Nome/), 'Loja Nova');
  fill(within(main).getByLabelText(/Razão social/), 'Loja Nova Ltda');
  fill(within(main).getByLabelText(/CNPJ ou CPF/), '11.222.333/0001-81');
  fill(within(main).getByLabelText(/Iniciais/), 'ln');
  fill(within(main).getByLabelText(/Plataforma de repasse/), 'STARKBANK');
  fill(section('Representante legal').getByLabelText(/CPF/), '529.982.247-25');
  return user;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getAllByLabelText(label)[0] as HTMLElement);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('merchant form', () => {
  it('refuses an invalid CNPJ Pix key with the toast and the banner, then creates and goes to the list', async () => {
    const fake = api({ [`POST ${MERCHANTS}`]: () => ({ status: 201, body: merchantDetails() }) });
    const { router } = renderApp('/admin/merchants/create', fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Novo comerciante' })).toBeTruthy();
    const user = await fillRequired();
    await choose(user, /Tipo de chave PIX/, 'CNPJ');
    fill(section('Conta bancária').getByLabelText(/^Chave PIX/), '11.111.111/1111-11');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.getAllByText(PIX_INVALID).length).toBeGreaterThanOrEqual(2));
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const key = section('Conta bancária').getByLabelText(/^Chave PIX/);
    fill(key, '11.222.333/0001-81');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/merchants'));
    const body = fake.last(`POST ${MERCHANTS}`)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Loja Nova',
      initials: 'ln',
      pixKeyType: 'CNPJ',
      pixKey: '11.222.333/0001-81',
      status: 'ENABLED',
      upfrontPaymentStatus: 'DISABLED',
      enableInApp: false,
      skipOrderAmountRule: false,
    });
  });

  it('asks for url and integration type when the merchant shows in the app; e-commerce platform only with an integration', async () => {
    const fake = api({});
    renderApp('/admin/merchants/create', fake.fetch);
    const user = await fillRequired();
    expect(screen.queryByLabelText(/Plataforma de e-commerce/)).toBeNull();
    await user.click(
      section('Dados do comerciante').getAllByRole('radio', { name: 'Sim' })[0] as HTMLElement,
    );
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('A URL é obrigatória quando o comerciante aparece no app')).toBeTruthy();
    expect(
      screen.getByText('O tipo de integração é obrigatório quando o comerciante aparece no app'),
    ).toBeTruthy();
    await choose(user, /Tipo de integração/, 'VTEX');
    expect(screen.getAllByLabelText(/Plataforma de e-commerce/).length).toBeGreaterThan(0);
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('applies the risk rule dependencies with their messages and the automatic switch', async () => {
    const fake = api({});
    renderApp('/admin/merchants/create', fake.fetch);
    const user = await fillRequired();
    const risk = () => section('Regras de risco');
    const maxRule = () => within(risk().getByRole('radiogroup', { name: 'Ignorar valor máximo' }));
    const score = () => within(risk().getByRole('radiogroup', { name: 'Ignorar protected score' }));
    // 'Sim' of protected score is disabled while 'Ignorar valor máximo' is 'Não'.
    expect((score().getByRole('radio', { name: 'Sim' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(maxRule().getByRole('radio', { name: 'Sim' }));
    await user.click(score().getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findByText(
        "Quando 'Ignorar valor máximo' for 'Sim', o campo 'Limite máximo do pedido' deve estar preenchido com um valor maior que zero.",
      ),
    ).toBeTruthy();
    await user.click(maxRule().getByRole('radio', { name: 'Não' }));
    expect(
      await screen.findByText(
        'Campo "Ignorar protected score" foi automaticamente alterado para "Não" devido à dependência.',
      ),
    ).toBeTruthy();
    expect((score().getByRole('radio', { name: 'Não' }) as HTMLInputElement).checked).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('edits a merchant from its saved values and shows the failure with its status', async () => {
    const fake = api({
      [`PUT ${MERCHANTS}/${MERCHANT_ID}`]: () => ({
        status: 500,
        body: { error: { code: 'X', message: 'x' } },
      }),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}/edit`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Editar comerciante' })).toBeTruthy();
    expect((section('Dados do comerciante').getByLabelText(/^Nome/) as HTMLInputElement).value).toBe(
      'Loja Aurora',
    );
    expect((section('Conta bancária').getByLabelText(/^Chave PIX/) as HTMLInputElement).value).toBe(
      '11222333000181',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Incapaz de editar comerciante (500)')).toBeTruthy();
    expect(fake.last(`PUT ${MERCHANTS}/${MERCHANT_ID}`)?.body).toMatchObject({
      name: 'Loja Aurora',
      maxAmountPerOrder: 2500.5,
      integrationType: 'VTEX',
    });
  });
});
