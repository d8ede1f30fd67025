import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import {
  BANNERS,
  OTHER_STORE,
  PROMOTION_ID,
  productPromotion,
  promotionsPage,
  STORE,
} from './promotions/fixtures.ts';

const answers: FixtureAnswers = {
  [`GET ${BANNERS}/all`]: (search) => ({
    status: 200,
    body: promotionsPage(20, Number(search.get('page') ?? 0), 45),
  }),
  [`GET ${BANNERS}/stores`]: () => ({ status: 200, body: [STORE, OTHER_STORE] }),
  [`GET ${BANNERS}/${PROMOTION_ID}`]: () => ({ status: 200, body: productPromotion() }),
};

const meta = {
  title: 'Portals/Admin promotions',
  component: AdminStory,
  args: { path: '/admin/promotions', answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PromotionsList: Story = {
  parameters: { keyText: ['Promoções', 'Criar promoção', 'Promoção 1', 'Habilitado', 'WebView'] },
};
export const PromotionsListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Promoções', 'Promoção 1'] },
};
export const PromotionsListError: Story = {
  args: {
    answers: {
      ...answers,
      [`GET ${BANNERS}/all`]: () => ({
        status: 503,
        body: { error: { code: 'X', message: 'Indisponível' } },
      }),
    },
  },
  parameters: { keyText: ['Ocorreu um erro ao listar as promoções'] },
};
export const CreatePromotion: Story = {
  args: { path: '/admin/promotions/create' },
  parameters: { keyText: ['Criar promoção', 'Link da página de produtos', 'Data de início', 'Imagem'] },
};
export const PromotionDetails: Story = {
  args: { path: `/admin/promotions/${PROMOTION_ID}` },
  parameters: { keyText: ['Detalhes da promoção', 'Produtos', 'Produto 1', 'Editar'] },
};
export const EditPromotionWithProducts: Story = {
  args: { path: `/admin/promotions/${PROMOTION_ID}/edit` },
  parameters: { keyText: ['Editar promoção', 'Adicionar produto', 'Produto 2', 'Remover'] },
};
