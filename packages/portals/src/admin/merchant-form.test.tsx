import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { makeJpegFile, makePngFile } from '../test/png-files.ts';
import {
  ADMIN_API,
  CASUAL,
  catalogueOptions,
  FEMININO,
  LOGO_URL,
  MERCHANT_ID,
  MODA,
  merchantDetails,
  merchantsPage,
} from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

const MERCHANTS = `${ADMIN_API}/merchants`;
const PIX_INVALID = 'Chave PIX inválida, verifique os dados e tente novamente.';

signInAdminBeforeEach();

const api = (extra: Record<string, (call: Call) => Answer>) =>
  server({
    [`GET ${MERCHANTS}`]: () => ok(merchantsPage(3)),
    [`GET ${MERCHANTS}/${MERCHANT_ID}`]: () => ok(merchantDetails()),
    [`GET ${ADMIN_API}/merchant-catalogue-options`]: () => ok(catalogueOptions()),
    ...extra,
  });

const section = (name: string) => within(screen.getByRole('region', { name }));

/** Typing letter by letter is slow on a busy machine; the form reads each field's change event the same way. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
/** A masked field takes what is typed through its input event (imask listens to it, not to change). */
const fillMasked = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

async function fillRequired() {
  const user = userEvent.setup();
  const main = await screen.findByRole('region', { name: 'Dados do comerciante' });
  fill(within(main).getByLabelText(/^Nome/), 'Loja Nova');
  fill(within(main).getByLabelText(/Razão social/), 'Loja Nova Ltda');
  fillMasked(within(main).getByLabelText(/CNPJ ou CPF/), '11222333000181');
  fill(within(main).getByLabelText(/Iniciais/), 'ln');
  fill(within(main).getByLabelText(/Plataforma de repasse/), 'STARKBANK');
  fillMasked(section('Representante legal').getByLabelText(/CPF/), '52998224725');
  return user;
}

/** Spec 2.2: the store's category (required on create), here Moda. */
function chooseModa() {
  fireEvent.change(section('Loja no app').getByLabelText('Categoria 1'), { target: { value: MODA } });
}

/** Picks `option` (its text) in the form's native select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.selectOptions(screen.getByLabelText(label), option);
}

describe('merchant form', () => {
  it('refuses an invalid CNPJ Pix key with the toast and the banner, then creates and goes to the list', async () => {
    const fake = api({ [`POST ${MERCHANTS}`]: () => ({ status: 201, body: merchantDetails() }) });
    const { router } = renderApp('/admin/merchants/create', fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Novo comerciante' })).toBeTruthy();
    const user = await fillRequired();
    chooseModa();
    await choose(user, /Tipo de chave PIX/, 'CNPJ');
    await choose(user, /Tipo de conta/, '001 - Conta Corrente Pessoa Física');
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
      cnpj: '11222333000181',
      representativeCpf: '52998224725',
      categoriesIds: [MODA],
      tagsIds: [],
      logo: null,
      initials: 'ln',
      pixKeyType: 'CNPJ',
      pixKey: '11.222.333/0001-81',
      bankAccountTypeCode: '001',
      status: 'ENABLED',
      upfrontPaymentStatus: 'DISABLED',
      enableInApp: false,
      skipOrderAmountRule: false,
    });
  }, 40_000);

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
      cnpj: '11222333000181',
      // The saved store is sent back as it was; no logo chosen keeps the saved ones.
      categoriesIds: [MODA, FEMININO],
      tagsIds: [CASUAL],
      logo: null,
      logoB2b: null,
      logoBrand: null,
    });
  });
});

describe('merchant form: store categories, tags and logos', () => {
  it('blocks a create without a category, then sends the category, its subcategory and a tag it offers', async () => {
    const fake = api({ [`POST ${MERCHANTS}`]: () => ({ status: 201, body: merchantDetails() }) });
    const { router } = renderApp('/admin/merchants/create', fake.fetch);
    const user = await fillRequired();
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Selecione ao menos uma categoria da loja')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const store = () => section('Loja no app');
    // The tags show only once a chosen category offers some.
    expect(store().queryByRole('checkbox', { name: 'Estilo casual' })).toBeNull();
    chooseModa();
    await user.click(await store().findByRole('checkbox', { name: 'Feminino' }));
    await user.click(store().getByRole('checkbox', { name: 'Estilo casual' }));
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/merchants'));
    expect(fake.last(`POST ${MERCHANTS}`)?.body).toMatchObject({
      categoriesIds: [MODA, FEMININO],
      tagsIds: [CASUAL],
    });
  }, 30_000);

  it('drops the tags of a category that is no longer chosen', async () => {
    const fake = api({});
    renderApp('/admin/merchants/create', fake.fetch);
    const user = await fillRequired();
    chooseModa();
    await user.click(await section('Loja no app').findByRole('checkbox', { name: 'Estilo casual' }));
    fireEvent.change(section('Loja no app').getByLabelText('Categoria 1'), { target: { value: '' } });
    await waitFor(() =>
      expect(section('Loja no app').queryByRole('checkbox', { name: 'Estilo casual' })).toBeNull(),
    );
    chooseModa();
    const casual = (await section('Loja no app').findByRole('checkbox', {
      name: 'Estilo casual',
    })) as HTMLInputElement;
    expect(casual.checked).toBe(false);
  }, 30_000);

  it('masks the document as a CPF up to 11 digits, then as a CNPJ, and refuses wrong check digits', async () => {
    const fake = api({});
    renderApp('/admin/merchants/create', fake.fetch);
    const user = await fillRequired();
    const documentField = section('Dados do comerciante').getByLabelText(/CNPJ ou CPF/) as HTMLInputElement;
    fillMasked(documentField, '52998224725');
    expect(documentField.value).toBe('529.982.247-25');
    fillMasked(documentField, '529982247251');
    expect(documentField.value).toBe('52.998.224/7251');
    fillMasked(documentField, '11222333000100999');
    expect(documentField.value).toBe('11.222.333/0001-00');
    chooseModa();
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('CNPJ ou CPF inválido')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 30_000);

  it('previews a chosen PNG logo and sends it as base64; refuses a JPEG named .png by its content', async () => {
    const fake = api({ [`POST ${MERCHANTS}`]: () => ({ status: 201, body: merchantDetails() }) });
    renderApp('/admin/merchants/create', fake.fetch);
    const user = await fillRequired();
    chooseModa();
    const store = () => section('Loja no app');
    await user.upload(store().getByLabelText('Arquivo: Logo B2B'), makeJpegFile('logo.png'));
    expect(await store().findByText('A imagem deve ser um arquivo PNG válido')).toBeTruthy();
    expect(store().queryByRole('img', { name: 'Pré-visualização: Logo B2B' })).toBeNull();
    const png = makePngFile('marca.png');
    await user.upload(store().getByLabelText('Arquivo: Logo B2B'), png);
    const preview = (await store().findByRole('img', {
      name: 'Pré-visualização: Logo B2B',
    })) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(store().queryByText('A imagem deve ser um arquivo PNG válido')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(fake.last(`POST ${MERCHANTS}`)).toBeTruthy());
    const body = fake.last(`POST ${MERCHANTS}`)?.body as Record<string, unknown>;
    expect(body.logoB2b).toBe(preview.src.replace('data:image/png;base64,', ''));
    expect(body.logo).toBeNull();
  }, 30_000);

  it('sends back on edit only the saved tags its categories still offer (one it cannot uncheck would be refused)', async () => {
    const fake = api({
      [`GET ${MERCHANTS}/${MERCHANT_ID}`]: () =>
        ok(merchantDetails({ tagsIds: [CASUAL, 'a0000000-0000-4000-8000-0000000000ff'] })),
      [`PUT ${MERCHANTS}/${MERCHANT_ID}`]: () => ok(merchantDetails()),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}/edit`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Editar comerciante' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(fake.last(`PUT ${MERCHANTS}/${MERCHANT_ID}`)).toBeTruthy());
    expect(fake.last(`PUT ${MERCHANTS}/${MERCHANT_ID}`)?.body).toMatchObject({ tagsIds: [CASUAL] });
  }, 30_000);

  it("shows the saved logo on edit and the server's 422 beside its field", async () => {
    const fake = api({
      [`PUT ${MERCHANTS}/${MERCHANT_ID}`]: () => ({
        status: 422,
        body: {
          error: {
            code: 'CATEGORY_NOT_FOUND',
            message: 'Categoria não encontrada no catálogo',
            issues: [{ path: 'categoriesIds', message: 'Categoria não encontrada no catálogo' }],
          },
        },
      }),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}/edit`, fake.fetch);
    const saved = (await screen.findByRole('img', {
      name: 'Pré-visualização: Logo B2C',
    })) as HTMLImageElement;
    expect(saved.src).toBe(LOGO_URL);
    expect(screen.queryByRole('img', { name: 'Pré-visualização: Logo B2B' })).toBeNull();
    expect(
      (section('Loja no app').getByRole('checkbox', { name: 'Feminino' }) as HTMLInputElement).checked,
    ).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Incapaz de editar comerciante (422)')).toBeTruthy();
    expect(section('Loja no app').getByText('Categoria não encontrada no catálogo')).toBeTruthy();
  }, 30_000);
});
