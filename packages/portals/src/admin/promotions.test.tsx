import { todayInSaoPaulo } from '@drip/core';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { reloadPage } from '../shared/reloadPage.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import {
  BANNERS,
  OTHER_STORE,
  PRODUCTS,
  PROMOTION_ID,
  product,
  productPromotion,
  promotion,
  promotionsPage,
  STORE,
} from './promotions/fixtures.ts';

vi.mock('../shared/reloadPage.ts', () => ({ reloadPage: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

const LIST = `GET ${BANNERS}/all`;
const STORES = `GET ${BANNERS}/stores`;
const DETAILS = `GET ${BANNERS}/${PROMOTION_ID}`;
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PNG_BASE64 = btoa(String.fromCharCode(...PNG_BYTES));
const failure = (status: number): Answer => ({ status, body: { error: { code: 'X', message: 'falhou' } } });

signInAdminBeforeEach();

const api = (extra: Record<string, (call: Call) => Answer> = {}) =>
  server({
    [LIST]: (call) => ok(promotionsPage(20, Number(call.search.get('page') ?? 0), 45)),
    [STORES]: () => ok([STORE, OTHER_STORE]),
    [DETAILS]: () => ok(promotion()),
    ...extra,
  });

/** Typing letter by letter is slow on a busy machine; the form reads each field's change event the same way. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  label: RegExp,
  option: string,
  scope: Pick<typeof screen, 'getAllByLabelText'> = screen,
) {
  // The store picker's dropdown code follows the form's first screen (the kit's SearchSelect): a person clicks the
  // field once it is the picker.
  await waitFor(() =>
    expect(scope.getAllByLabelText(label)[0]?.getAttribute('aria-haspopup')).toBe('listbox'),
  );
  await user.click(scope.getAllByLabelText(label)[0] as HTMLElement);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function uploadPng(user: ReturnType<typeof userEvent.setup>) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File([PNG_BYTES], 'banner.png', { type: 'image/png' }));
  await screen.findByAltText('Pré-visualização: Imagem');
}

describe('admin promotions list', () => {
  it("lists 20 a page with 'Criar promoção' and a details button, and pages through them", async () => {
    const fake = api();
    const { router } = renderApp('/admin/promotions', fake.fetch);
    const table = await screen.findByRole('table', { name: 'Promoções' });
    expect(fake.last(LIST)?.search.get('size')).toBe('20');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('Promoção 1')).toBeTruthy();
    expect(within(table).getAllByText('Loja Pitanga').length).toBe(20);
    expect(within(table).getAllByText('Habilitado').length).toBe(10);
    expect(within(table).getAllByText('Desabilitado').length).toBe(10);
    expect(within(table).getAllByText('WebView').length).toBe(20);
    expect(screen.getByRole('link', { name: 'Criar promoção' }).getAttribute('href')).toBe(
      '/admin/promotions/create',
    );
    expect(within(table).getByRole('link', { name: 'Detalhes de Promoção 1' }).getAttribute('href')).toBe(
      '/admin/promotions/00000000-0000-4000-8000-000000000001',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    await waitFor(() => expect(fake.last(LIST)?.search.get('page')).toBe('1'));
  });

  it("says 'Ocorreu um erro ao listar as promoções' when the list fails", async () => {
    renderApp('/admin/promotions', api({ [LIST]: () => failure(500) }).fetch);
    expect(await screen.findByText('Ocorreu um erro ao listar as promoções')).toBeTruthy();
  });
});

describe('admin promotion create', () => {
  it('creates a PAGE_VIEW promotion with the defaults, the store and the PNG, then opens its details', async () => {
    const fake = api({
      [`POST ${BANNERS}`]: () => ({ status: 201, body: promotion() }),
    });
    const { router } = renderApp('/admin/promotions/create', fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Criar promoção' })).toBeTruthy();
    const user = userEvent.setup();
    fill(screen.getByLabelText(/^Nome/), 'Black Friday');
    await choose(user, /^Loja/, 'Loja Pitanga');
    fill(screen.getByLabelText(/Link da página de produtos/), 'https://pitanga.example/black-friday');
    await uploadPng(user);
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/promotions/${PROMOTION_ID}`));
    expect(fake.last(`POST ${BANNERS}`)?.body).toEqual({
      name: 'Black Friday',
      type: 'PAGE_VIEW',
      storeId: STORE.id,
      productsPageUrl: 'https://pitanga.example/black-friday',
      from: todayInSaoPaulo(),
      to: null,
      status: 'ACTIVE',
      image: PNG_BASE64,
    });
  });

  it("refuses what spec 5 refuses before calling: name, store and link of a PAGE_VIEW, 'to' before 'from'", async () => {
    const fake = api();
    renderApp('/admin/promotions/create', fake.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Criar promoção' });
    fill(screen.getByLabelText(/Data de início/), '2026-12-10');
    fill(screen.getByLabelText(/Data de término/), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
    expect(screen.getByText('Loja é obrigatória')).toBeTruthy();
    expect(screen.getByText('Link da página de produtos é obrigatório')).toBeTruthy();
    expect(screen.getByText('A data de término não pode ser anterior à data de início')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a file that is not a PNG by its bytes', async () => {
    renderApp('/admin/promotions/create', api().fetch);
    await screen.findByRole('heading', { name: 'Criar promoção' });
    const user = userEvent.setup({ applyAccept: false });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['GIF89a'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('A imagem deve ser um arquivo PNG válido')).toBeTruthy();
    expect(screen.queryByAltText('Pré-visualização: Imagem')).toBeNull();
  });

  it('refuses a PNG over 1 MB before any call, as the server would', async () => {
    renderApp('/admin/promotions/create', api().fetch);
    await screen.findByRole('heading', { name: 'Criar promoção' });
    const user = userEvent.setup();
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG_BYTES.subarray(0, 8));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([big], 'banner.png', { type: 'image/png' }));
    expect(await screen.findByText('A imagem deve ter no máximo 1 MB')).toBeTruthy();
    expect(screen.queryByAltText('Pré-visualização: Imagem')).toBeNull();
  });

  it('creates a PRODUCT_VIEW promotion, then says so and opens the details when its products fail', async () => {
    const fake = api({
      [`POST ${BANNERS}`]: () => ({ status: 201, body: productPromotion({ products: [] }) }),
      [`POST ${PRODUCTS}/${PROMOTION_ID}`]: () => failure(500),
      [DETAILS]: () => ok(productPromotion({ products: [] })),
    });
    const { router } = renderApp('/admin/promotions/create', fake.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Criar promoção' });
    fill(screen.getByLabelText(/^Nome/), 'Vitrine');
    await user.selectOptions(screen.getByLabelText(/^Tipo/), 'Visualização por produtos');
    await user.click(await screen.findByRole('button', { name: 'Adicionar produto' }));
    const modal = within(await screen.findByRole('dialog'));
    fill(modal.getByLabelText(/^Nome/), 'Tênis');
    fill(modal.getByLabelText(/^Descrição/), 'Tênis de corrida');
    fill(modal.getByLabelText(/^Link do produto/), 'https://pitanga.example/tenis');
    fill(modal.getByLabelText(/^Link da imagem/), 'https://pitanga.example/tenis.png');
    fill(modal.getByLabelText(/^Preço$|^Preço \*/), '99,90');
    await choose(user, /^Loja/, 'Casa Aurora', modal);
    await user.click(modal.getByRole('button', { name: 'Salvar produto' }));
    expect(await screen.findByText('Tênis · Casa Aurora')).toBeTruthy();
    // The modal's form lives inside the promotion's form in React's tree: saving the product must not submit it.
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findByText(
        'Promoção criada, mas não foi possível adicionar os produtos, verifique e tente novamente',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/promotions/${PROMOTION_ID}`));
    expect(fake.last(`POST ${BANNERS}`)?.body).toMatchObject({ type: 'PRODUCT_VIEW', storeId: null });
    expect(fake.last(`POST ${PRODUCTS}/${PROMOTION_ID}`)?.body).toEqual([
      {
        name: 'Tênis',
        description: 'Tênis de corrida',
        url: 'https://pitanga.example/tenis',
        image: 'https://pitanga.example/tenis.png',
        basePrice: null,
        price: 99.9,
        storeId: OTHER_STORE.id,
      },
    ]);
  });

  it("stays on the form with 'Ocorreu um erro ao criar as promoções' when the promotion fails", async () => {
    const fake = api({ [`POST ${BANNERS}`]: () => failure(422) });
    const { router } = renderApp('/admin/promotions/create', fake.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Criar promoção' });
    fill(screen.getByLabelText(/^Nome/), 'Black Friday');
    await choose(user, /^Loja/, 'Loja Pitanga');
    fill(screen.getByLabelText(/Link da página de produtos/), 'https://pitanga.example');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect((await screen.findAllByText('Ocorreu um erro ao criar as promoções')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/admin/promotions/create');
  });
});

describe('admin promotion details', () => {
  it("shows the promotion's data with 'N/A' and its products, and an edit button", async () => {
    renderApp(
      `/admin/promotions/${PROMOTION_ID}`,
      api({ [DETAILS]: () => ok(productPromotion({ to: null })) }).fetch,
    );
    expect(await screen.findByRole('heading', { name: 'Detalhes da promoção' })).toBeTruthy();
    const data = within(screen.getByRole('region', { name: 'Dados da promoção' }));
    expect(data.getByText('Black Friday')).toBeTruthy();
    expect(data.getByText('Produtos')).toBeTruthy();
    expect(data.getByText('20/11/2026')).toBeTruthy();
    expect(data.getAllByText('N/A').length).toBe(3);
    const products = within(screen.getByRole('table', { name: 'Produtos' }));
    expect(products.getByText('Produto 1')).toBeTruthy();
    expect(products.getAllByText(/R\$\s149,90/).length).toBe(2);
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      `/admin/promotions/${PROMOTION_ID}/edit`,
    );
  });

  it("says 'Ocorreu um erro ao recuperar a promoção' when it cannot be read", async () => {
    renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, api({ [DETAILS]: () => failure(500) }).fetch);
    expect(await screen.findByText('Ocorreu um erro ao recuperar a promoção')).toBeTruthy();
  });
});

describe('admin promotion edit', () => {
  it('saves the data, then says so when the new image is refused', async () => {
    const fake = api({
      [`PUT ${BANNERS}`]: () => ok(promotion({ name: 'Black Friday 2' })),
      [`PUT ${BANNERS}/logo/${PROMOTION_ID}`]: () => failure(422),
    });
    const { router } = renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, fake.fetch);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Editar promoção' })).toBeTruthy();
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Black Friday');
    fill(screen.getByLabelText(/^Nome/), 'Black Friday 2');
    await uploadPng(user);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(
      await screen.findByText('Dados editados com sucesso, mas não foi possível alterar a imagem'),
    ).toBeTruthy();
    expect(fake.last(`PUT ${BANNERS}`)?.body).toMatchObject({
      id: PROMOTION_ID,
      name: 'Black Friday 2',
      storeId: STORE.id,
      from: '2026-11-20',
      to: '2026-11-30',
    });
    expect(fake.last(`PUT ${BANNERS}/logo/${PROMOTION_ID}`)?.body).toEqual({ image: PNG_BASE64 });
    expect(router.state.location.pathname).toBe(`/admin/promotions/${PROMOTION_ID}/edit`);
  });

  it("says 'Promoção editada com sucesso!' and opens the details; a failed save says so", async () => {
    let fail = true;
    const fake = api({ [`PUT ${BANNERS}`]: () => (fail ? failure(500) : ok(promotion())) });
    const { router } = renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, fake.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Editar promoção' });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect((await screen.findAllByText('Ocorreu um erro ao editar a promoção')).length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Promoção editada com sucesso!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/promotions/${PROMOTION_ID}`));
    expect(fake.calls.some((c) => c.path.includes('/logo/'))).toBe(false);
  });

  it('adds a product in a modal, edits one with its link fixed and removes one after confirmation', async () => {
    let products = [product(1), product(2)];
    const fake = api({
      [DETAILS]: () => ok(productPromotion({ products })),
      [`POST ${PRODUCTS}/${PROMOTION_ID}`]: () => {
        products = [...products, product(3)];
        return { status: 201, body: [product(3)] };
      },
      [`PUT ${PRODUCTS}/`]: () => ok(product(1, { name: 'Produto 1 azul' })),
      [`DELETE ${PRODUCTS}/${product(2).id}`]: () => {
        products = products.filter((p) => p.id !== product(2).id);
        return ok({ id: product(2).id });
      },
    });
    renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, fake.fetch);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Produtos' });

    await user.click(within(table).getByRole('button', { name: 'Editar Produto 1' }));
    let modal = within(await screen.findByRole('dialog', { name: 'Editar produto' }));
    expect((modal.getByLabelText(/^Link do produto/) as HTMLInputElement).disabled).toBe(true);
    fill(modal.getByLabelText(/^Nome/), 'Produto 1 azul');
    await user.click(modal.getByRole('button', { name: 'Salvar produto' }));
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeTruthy();
    expect(fake.last(`PUT ${PRODUCTS}/`)?.body).toMatchObject({
      id: product(1).id,
      name: 'Produto 1 azul',
      price: 149.9,
      basePrice: 199.9,
      storeId: STORE.id,
    });

    await user.click(screen.getByRole('button', { name: 'Remover Produto 2' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Tem certeza que deseja remover esse produto?' }),
    );
    await user.click(confirm.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Produto removido com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Produto 2')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    modal = within(await screen.findByRole('dialog', { name: 'Adicionar produto' }));
    await user.click(modal.getByRole('button', { name: 'Salvar produto' }));
    expect(await modal.findByText('Nome do produto é obrigatório')).toBeTruthy();
    expect(modal.getByText('Preço é obrigatório')).toBeTruthy();
    fill(modal.getByLabelText(/^Nome/), 'Produto 3');
    fill(modal.getByLabelText(/^Descrição/), 'Descrição 3');
    fill(modal.getByLabelText(/^Link do produto/), 'https://pitanga.example/p/3');
    fill(modal.getByLabelText(/^Link da imagem/), 'https://pitanga.example/p/3.png');
    fill(modal.getByLabelText(/^Preço$|^Preço \*/), '10');
    await choose(user, /^Loja/, 'Loja Pitanga', modal);
    await user.click(modal.getByRole('button', { name: 'Salvar produto' }));
    expect(await screen.findByText('Produto criado com sucesso')).toBeTruthy();
    expect(fake.last(`POST ${PRODUCTS}/${PROMOTION_ID}`)?.body).toMatchObject([
      { name: 'Produto 3', price: 10, storeId: STORE.id },
    ]);
    expect(await screen.findByText('Produto 3')).toBeTruthy();
  });

  it("says 'Ocorreu um erro ao atualizar o produto' and 'Não foi possível remover o produto' on failures", async () => {
    const fake = api({
      [DETAILS]: () => ok(productPromotion()),
      [`PUT ${PRODUCTS}/`]: () => failure(500),
      [`DELETE ${PRODUCTS}/${product(2).id}`]: () => failure(500),
    });
    renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, fake.fetch);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Produtos' });
    await user.click(within(table).getByRole('button', { name: 'Editar Produto 1' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Editar produto' }));
    await user.click(modal.getByRole('button', { name: 'Salvar produto' }));
    expect(await screen.findByText('Ocorreu um erro ao atualizar o produto')).toBeTruthy();
    await user.click(modal.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Remover Produto 2' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Tem certeza que deseja remover esse produto?' }),
    );
    await user.click(confirm.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível remover o produto')).toBeTruthy();
    expect(screen.getByText('Produto 2')).toBeTruthy();
  });

  it('reloads the page when the promotion cannot be read again after a removal', async () => {
    let removed = false;
    const fake = api({
      [DETAILS]: () => (removed ? failure(503) : ok(productPromotion())),
      [`DELETE ${PRODUCTS}/${product(2).id}`]: () => {
        removed = true;
        return ok({ id: product(2).id });
      },
    });
    vi.mocked(reloadPage).mockClear();
    renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, fake.fetch);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Produtos' });
    await user.click(screen.getByRole('button', { name: 'Remover Produto 2' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Tem certeza que deseja remover esse produto?' }),
    );
    await user.click(confirm.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Produto removido com sucesso!')).toBeTruthy();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('hides the products of a PAGE_VIEW promotion', async () => {
    renderApp(`/admin/promotions/${PROMOTION_ID}/edit`, api().fetch);
    await screen.findByRole('heading', { name: 'Editar promoção' });
    expect(screen.queryByRole('region', { name: 'Produtos' })).toBeNull();
  });
});
