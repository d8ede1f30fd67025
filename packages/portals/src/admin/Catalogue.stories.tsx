import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import {
  CATEGORY_ID,
  category,
  STORE_ID,
  STORES_SERVICE,
  store,
  storesPage,
  TAG_ID,
  tag,
} from './catalogue/fixtures.ts';

const answers: FixtureAnswers = {
  [`GET ${STORES_SERVICE}/stores`]: (search) =>
    search.get('storeName')
      ? { status: 200, body: storesPage(0) }
      : { status: 200, body: storesPage(20, 0, 45) },
  [`GET ${STORES_SERVICE}/stores/${STORE_ID}`]: () => ({ status: 200, body: store() }),
  [`GET ${STORES_SERVICE}/categories`]: () => ({
    status: 200,
    body: [
      category(),
      category({ id: `${CATEGORY_ID.slice(0, -2)}99`, name: 'Casa', status: 'DISABLE', tags: [] }),
    ],
  }),
  [`GET ${STORES_SERVICE}/categories/${CATEGORY_ID}`]: () => ({ status: 200, body: category() }),
  [`GET ${STORES_SERVICE}/tags`]: () => ({
    status: 200,
    body: [tag(), tag({ id: `${TAG_ID.slice(0, -2)}98`, name: 'Estilo', type: 'STYLE', status: 'DISABLED' })],
  }),
  [`GET ${STORES_SERVICE}/tags/${TAG_ID}`]: () => ({ status: 200, body: tag({ logoUrl: null }) }),
};

const meta = {
  title: 'Portals/Admin catalogue',
  component: AdminStory,
  args: { path: '/admin/stores', answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StoresList: Story = {
  parameters: {
    keyText: ['Lista de Lojas (B2C)', 'Exibir somente lojas ativas', 'Adicionar Loja', 'Loja 3 (AWIN)'],
  },
};
export const StoresSearchWithoutResults: Story = {
  args: { path: '/admin/stores?storeName=nada&onlyActiveStores=false' },
  parameters: { keyText: ['Nenhuma loja encontrada'] },
};
export const StoresListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Lista de Lojas (B2C)', 'Loja 1'] },
};
export const StoreDetails: Story = {
  args: { path: `/admin/stores/${STORE_ID}` },
  parameters: { keyText: ['Detalhes da loja', 'Moda (Calçados)', 'Arquivar', 'Desabilitar', 'TODAS'] },
};
export const ArchivedStoreDetails: Story = {
  args: {
    path: `/admin/stores/${STORE_ID}`,
    answers: {
      ...answers,
      [`GET ${STORES_SERVICE}/stores/${STORE_ID}`]: () => ({
        status: 200,
        body: store({ status: 'ARCHIVED', categories: [], logoUrl: null }),
      }),
    },
  },
  parameters: { keyText: ['Arquivado', 'Habilitar', 'N/A'] },
};
export const StoreCreate: Story = {
  args: { path: '/admin/stores/create' },
  parameters: {
    keyText: ['Nova loja', 'Oferece desconto Pix?', 'Desconto mínimo (%)', 'Adicionar categoria'],
  },
};
export const StoreEditOnPhone: Story = {
  args: { path: `/admin/stores/${STORE_ID}/edit` },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Atualizar loja', 'Calçados', 'Presentes', 'Trocar imagem'] },
};
export const CategoriesList: Story = {
  args: { path: '/admin/store-categories' },
  parameters: {
    keyText: ['Categorias', 'Exibir somente categorias ativas', 'Adicionar Categoria', 'Desabilitada'],
  },
};
export const CategoryCreate: Story = {
  args: { path: '/admin/store-categories/create' },
  parameters: { keyText: ['Adicionar categoria', 'Subcategorias', 'Salvar Categoria'] },
};
export const CategoryEdit: Story = {
  args: { path: `/admin/store-categories/edit/${CATEGORY_ID}` },
  parameters: { keyText: ['Editar categoria', 'Editar Categoria', 'Adicionar + subcategoria'] },
};
export const TagsList: Story = {
  args: { path: '/admin/store-tags' },
  parameters: { keyText: ['Tags', 'Adicionar Tag', 'Por momento', 'Por estilo'] },
};
export const TagCreate: Story = {
  args: { path: '/admin/store-tags/create' },
  parameters: { keyText: ['Cadastrar Tag', 'Prioridade', 'Salvar'] },
};
export const TagEdit: Story = {
  args: { path: `/admin/store-tags/edit/${TAG_ID}` },
  parameters: { keyText: ['Editar Tag', 'Prioridade', 'Status', 'Salvar'] },
};
