import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import {
  CATEGORY_ID,
  category,
  PNG_BASE64,
  STORE_ID,
  STORES_SERVICE,
  SUB_ID,
  store,
  storesPage,
  TAG_ID,
  tag,
} from './catalogue/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
// Mantine's Select scrolls its selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

const STORES = `GET ${STORES_SERVICE}/stores`;
const STORE = `${STORES_SERVICE}/stores/${STORE_ID}`;

signInAdminBeforeEach();

const api = (extra: Record<string, (call: Call) => Answer> = {}) =>
  server({
    [STORES]: (call) =>
      ok(
        call.search.get('storeName') === 'nada'
          ? storesPage(0)
          : storesPage(20, Number(call.search.get('page') ?? 0), 45),
      ),
    [`GET ${STORE}`]: () => ok(store()),
    [`GET ${STORES_SERVICE}/categories`]: () => ok([category()]),
    [`GET ${STORES_SERVICE}/categories/${CATEGORY_ID}`]: () => ok(category()),
    [`GET ${STORES_SERVICE}/tags`]: () => ok([tag()]),
    [`GET ${STORES_SERVICE}/tags/${TAG_ID}`]: () => ok(tag()),
    ...extra,
  });

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
/** Mantine's FileInput is a button over a hidden file input: the file goes to the input. */
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], 'logo.png', { type: 'image/png' });

describe('admin stores list', () => {
  it('shows only active stores by default, 20 a page, with (AWIN), and each filter goes back to page 0', async () => {
    const fake = api();
    const { router } = renderApp('/admin/stores?page=1', fake.fetch);
    const table = await screen.findByRole('table', { name: 'Lojas' });
    expect(screen.getByRole('heading', { name: 'Lista de Lojas (B2C)' })).toBeTruthy();
    expect(within(table).getByText('Loja 22')).toBeTruthy();
    expect(within(table).getByText('Loja 24 (AWIN)')).toBeTruthy();
    const first = fake.last(STORES);
    expect(first?.search.get('status')).toBe('ACTIVE');
    expect(first?.search.get('size')).toBe('20');
    expect(first?.search.get('page')).toBe('1');
    for (const [name, to] of [
      ['Adicionar Loja', '/admin/stores/create'],
      ['Categorias', '/admin/store-categories'],
      ['Tags', '/admin/store-tags'],
    ])
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(to);

    fireEvent.click(screen.getByRole('switch', { name: 'Exibir somente lojas ativas' }));
    await waitFor(() => expect(router.state.location.search).toBe('?onlyActiveStores=false'));
    await waitFor(() => expect(fake.last(STORES)?.search.get('status')).toBeNull());
    expect(fake.last(STORES)?.search.get('page')).toBe('0');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome da loja'), 'nada');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?onlyActiveStores=false&storeName=nada'));
    expect(await screen.findByText('Nenhuma loja encontrada')).toBeTruthy();
    expect(fake.last(STORES)?.search.get('storeName')).toBe('nada');
  });

  it('opens the details from a row', async () => {
    const { router } = renderApp('/admin/stores', api().fetch);
    const table = await screen.findByRole('table', { name: 'Lojas' });
    fireEvent.click(within(table).getByText('Loja 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/stores/${STORE_ID}`));
    expect(await screen.findByRole('heading', { name: 'Detalhes da loja' })).toBeTruthy();
  });
});

describe('admin store details', () => {
  it('shows every field and archives only after the confirmation, with the toast', async () => {
    let status = 'ACTIVE';
    const fake = api({
      [`GET ${STORE}`]: () => ok(store({ status: status as 'ACTIVE' })),
      [`PUT ${STORE}/update-status`]: (call) => {
        status = call.search.get('newStatus') ?? 'ACTIVE';
        return ok(store({ status: status as 'ACTIVE' }));
      },
    });
    renderApp(`/admin/stores/${STORE_ID}`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Detalhes da loja' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Loja' });
    expect(within(details).getByText('Moda (Calçados)')).toBeTruthy();
    expect(within(details).getByText('3,50%')).toBeTruthy();
    expect(within(details).getByText('TODAS')).toBeTruthy();
    expect(within(details).getByText('N/A')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      `/admin/stores/${STORE_ID}/edit`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Arquivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Arquivar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Você tem certeza?' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(await screen.findByText('Loja arquivada com sucesso')).toBeTruthy();
    expect(fake.last(`PUT ${STORE}/update-status`)?.search.get('newStatus')).toBe('ARCHIVED');
    // Archived: no 'Arquivar', and the toggle brings it back as active.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Arquivar' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Habilitar' })).toBeTruthy();
  });

  it('says the toggle failed with the spec message', async () => {
    const fake = api({
      [`PUT ${STORE}/update-status`]: () => ({ status: 500, body: { error: { code: 'X', message: 'x' } } }),
    });
    renderApp(`/admin/stores/${STORE_ID}`, fake.fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Desabilitar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Você tem certeza?' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(await screen.findByText('Ocorreu um erro ao desabilitar a loja')).toBeTruthy();
    expect(fake.last(`PUT ${STORE}/update-status`)?.search.get('newStatus')).toBe('DISABLED');
  });
});

describe('admin store form', () => {
  it('validates, then creates with category, subcategory, tag, percentages as fractions and the PNG', async () => {
    const fake = api({ [`POST ${STORES_SERVICE}/stores`]: () => ({ status: 201, body: store() }) });
    const { router } = renderApp('/admin/stores/create', fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Nova loja' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
    expect(screen.getByText('Imagem é obrigatória')).toBeTruthy();
    expect(screen.getByText('Cashback deve ser um número')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // No tags until a category that has some is chosen.
    expect(screen.queryByRole('checkbox', { name: 'Presentes' })).toBeNull();

    fill(screen.getByLabelText(/^Nome/), 'Loja Nova');
    fill(screen.getByLabelText(/Link da loja/), 'https://nova.example');
    fill(screen.getByLabelText(/Abreviação do nome/), 'LN');
    fill(screen.getByLabelText(/Desconto mínimo/), '1');
    fill(screen.getByLabelText(/Cashback \(%\)/), '3,5');
    fill(screen.getByLabelText(/Taxa \(%\)/), '2,5');
    await user.selectOptions(screen.getByLabelText(/^Origem/), 'AWIN');
    expect((screen.getByRole('button', { name: 'Adicionar categoria' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.selectOptions(screen.getByLabelText('Categoria 1'), 'Moda');
    await user.click(await screen.findByRole('checkbox', { name: 'Calçados' }));
    await user.click(screen.getByRole('checkbox', { name: 'Presentes' }));
    await user.upload(fileInput(), pngFile());
    expect(await screen.findByRole('img', { name: 'Pré-visualização: Imagem' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stores'));
    expect(await screen.findByText('Loja criada com sucesso')).toBeTruthy();
    expect(fake.last(`POST ${STORES_SERVICE}/stores`)?.body).toMatchObject({
      name: 'Loja Nova',
      url: 'https://nova.example',
      origin: 'AWIN',
      platform: 'WEB',
      minimumCashback: 0.01,
      customerCashback: 0.035,
      tax: 0.025,
      merchantInitials: 'LN',
      offerPixDiscount: false,
      categoriesIds: [CATEGORY_ID, SUB_ID],
      tagsIds: [TAG_ID],
      logo: PNG_BASE64,
    });
  });

  it('refuses a file that is not a PNG before sending it', async () => {
    renderApp('/admin/stores/create', api().fetch);
    await screen.findByRole('heading', { name: 'Nova loja' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['GIF89a not a png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('A imagem deve ser um arquivo PNG válido')).toBeTruthy();
  });

  it('edits keeping the current logo and integration type, and shows the failure banner with the status', async () => {
    const fake = api({
      [`GET ${STORE}`]: () => ok(store({ integrationType: 'VTEX' })),
      [`PUT ${STORE}`]: () => ({
        status: 422,
        body: { error: { code: 'X', message: 'Tag não encontrada' } },
      }),
    });
    renderApp(`/admin/stores/${STORE_ID}/edit`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Atualizar loja' })).toBeTruthy();
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Loja Aurora');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByRole('alert', { name: 'Incapaz de editar a loja (422)' })).toBeTruthy();
    expect(fake.last(`PUT ${STORE}`)?.body).toMatchObject({
      logo: '/images/aurora.png',
      integrationType: 'VTEX',
      categoriesIds: [CATEGORY_ID, SUB_ID],
      tagsIds: [TAG_ID],
      customerCashback: 0.035,
    });
  });
});

describe('admin categories', () => {
  it('lists every category by default and only the active ones with the switch', async () => {
    const fake = api();
    const { router } = renderApp('/admin/store-categories', fake.fetch);
    const table = await screen.findByRole('table', { name: 'Categorias' });
    expect(within(table).getByText('Moda')).toBeTruthy();
    expect(fake.last(`GET ${STORES_SERVICE}/categories`)?.search.get('status')).toBe('ALL');
    fireEvent.click(screen.getByRole('switch', { name: 'Exibir somente categorias ativas' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=ACTIVE'));
    await waitFor(() =>
      expect(fake.last(`GET ${STORES_SERVICE}/categories`)?.search.get('status')).toBe('ACTIVE'),
    );
    fireEvent.click(within(table).getByText('Moda'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/store-categories/edit/${CATEGORY_ID}`),
    );
  });

  it('creates a category with its subcategories (empty ones dropped) and tags', async () => {
    const fake = api({ [`POST ${STORES_SERVICE}/categories`]: () => ({ status: 201, body: category() }) });
    const { router } = renderApp('/admin/store-categories/create', fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Adicionar categoria' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Categoria' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
    fill(screen.getByLabelText(/^Nome/), 'Casa');
    fill(screen.getByLabelText('Subcategoria 1'), 'Cozinha');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar subcategoria' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar subcategoria' }));
    fill(screen.getByLabelText('Subcategoria 3'), 'Sala');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Presentes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Categoria' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/store-categories'));
    expect(await screen.findByText('Categoria criada com sucesso')).toBeTruthy();
    expect(fake.last(`POST ${STORES_SERVICE}/categories`)?.body).toEqual({
      name: 'Casa',
      status: 'ACTIVE',
      subCategory: [{ name: 'Cozinha' }, { name: 'Sala' }],
      tagsId: [TAG_ID],
    });
  });

  it('edits the category, one subcategory by its id, and adds one', async () => {
    const fake = api({
      [`PATCH ${STORES_SERVICE}/categories/${CATEGORY_ID}`]: () => ok(category()),
      [`PATCH ${STORES_SERVICE}/categories/${SUB_ID}`]: () => ok(category()),
      [`POST ${STORES_SERVICE}/categories/${CATEGORY_ID}/subcategories`]: () => ({
        status: 500,
        body: { error: { code: 'X', message: 'x' } },
      }),
    });
    renderApp(`/admin/store-categories/edit/${CATEGORY_ID}`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Editar categoria' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Categoria' }));
    expect(await screen.findByText('Categoria atualizada com sucesso!')).toBeTruthy();
    const sub = screen.getByRole('group', { name: 'Subcategoria Calçados' });
    fill(within(sub).getByLabelText('Nome da subcategoria'), 'Sapatos');
    fireEvent.click(within(sub).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Subcategoria atualizada com sucesso!')).toBeTruthy();
    expect(fake.last(`PATCH ${STORES_SERVICE}/categories/${SUB_ID}`)?.body).toEqual({
      name: 'Sapatos',
      status: 'ACTIVE',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar + subcategoria' }));
    fill(screen.getByLabelText('Nova subcategoria'), 'Relógios');
    const added = screen.getByLabelText('Nova subcategoria').closest('div[class*="Group"]') as HTMLElement;
    fireEvent.click(within(added).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Ocorreu um erro ao adicionar a subcategoria.')).toBeTruthy();
    expect(fake.last(`POST ${STORES_SERVICE}/categories/${CATEGORY_ID}/subcategories`)?.body).toEqual([
      { name: 'Relógios' },
    ]);
  });
});

describe('admin tags', () => {
  it('lists the tags and creates one with its image', async () => {
    const fake = api({ [`POST ${STORES_SERVICE}/tags`]: () => ({ status: 201, body: tag() }) });
    const { router } = renderApp('/admin/store-tags', fake.fetch);
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getByText('Por momento')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Adicionar Tag' }));
    expect(await screen.findByRole('heading', { name: 'Cadastrar Tag' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Imagem é obrigatória')).toBeTruthy();
    fill(screen.getByLabelText(/^Nome/), 'Verão');
    await user.selectOptions(screen.getByLabelText(/^Tipo/), 'Por estilo');
    fill(screen.getByLabelText(/^Prioridade/), '3');
    await user.upload(fileInput(), pngFile());
    await screen.findByRole('img', { name: 'Pré-visualização: Imagem' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/store-tags'));
    expect(await screen.findByText('Tags cadastradas com sucesso')).toBeTruthy();
    expect(fake.last(`POST ${STORES_SERVICE}/tags`)?.body).toEqual({
      name: 'Verão',
      type: 'STYLE',
      priority: 3,
      logo: PNG_BASE64,
    });
  });

  it('edits a tag without a new image and says when it fails', async () => {
    const fake = api({
      [`PUT ${STORES_SERVICE}/tags/${TAG_ID}`]: () => ({
        status: 500,
        body: { error: { code: 'X', message: 'x' } },
      }),
    });
    renderApp(`/admin/store-tags/edit/${TAG_ID}`, fake.fetch);
    expect(await screen.findByRole('heading', { name: 'Editar Tag' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pré-visualização: Imagem' }).getAttribute('src')).toBe(
      '/images/tag.png',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao editar tag!')).toBeTruthy();
    expect(fake.last(`PUT ${STORES_SERVICE}/tags/${TAG_ID}`)?.body).toEqual({
      name: 'Presentes',
      type: 'MOMENT',
      priority: 1,
      status: 'ACTIVE',
    });
  });
});
