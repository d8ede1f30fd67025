import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import {
  ADMIN_API,
  catalogueOptions,
  MERCHANT_ID,
  merchantDetails,
  merchantsPage,
} from './merchants/fixtures.ts';

const answers: FixtureAnswers = {
  [`GET ${ADMIN_API}/merchants`]: (search) =>
    search.get('name')
      ? { status: 200, body: merchantsPage(0) }
      : { status: 200, body: merchantsPage(10, 0, 23) },
  [`GET ${ADMIN_API}/merchants/${MERCHANT_ID}`]: () => ({ status: 200, body: merchantDetails() }),
  [`GET ${ADMIN_API}/merchant-catalogue-options`]: () => ({ status: 200, body: catalogueOptions() }),
  [`GET ${ADMIN_API}/merchants/${MERCHANT_ID}/fees/fee-2`]: () => ({
    status: 200,
    body: merchantDetails().fees[0],
  }),
  [`GET ${ADMIN_API}/merchant_users/user-1`]: () => ({
    status: 200,
    body: merchantDetails().backofficeUsers[0],
  }),
  [`GET ${ADMIN_API}/merchants/${MERCHANT_ID}/settlement_configurations/sc-1`]: () => ({
    status: 200,
    body: merchantDetails().settlementConfigurations[0],
  }),
};

const meta = {
  title: 'Portals/Admin merchants',
  component: AdminStory,
  args: { path: '/admin/merchants', answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MerchantsList: Story = {
  parameters: { keyText: ['Parceiros', 'Nome da loja', 'Loja 1', 'Novo comerciante'] },
};
export const MerchantsSearchWithoutResults: Story = {
  args: { path: '/admin/merchants?name=nada' },
  parameters: { keyText: ['Nenhum parceiro encontrado'] },
};
export const MerchantsListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Parceiros', 'Loja 1'] },
};
export const MerchantDetails: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}` },
  parameters: {
    keyText: [
      'Detalhes do comerciante',
      'Representante legal',
      'Regras de fraude',
      'Expirada',
      'Ativa',
      'Outra',
    ],
  },
};
export const ArchivedMerchantDetailsOnPhone: Story = {
  args: {
    path: `/admin/merchants/${MERCHANT_ID}`,
    answers: {
      ...answers,
      [`GET ${ADMIN_API}/merchants/${MERCHANT_ID}`]: () => ({
        status: 200,
        body: merchantDetails({ status: 'ARCHIVED', fees: [], backofficeUsers: [] }),
      }),
    },
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Habilitar', 'Arquivado', 'Nenhuma taxa cadastrada.'] },
};
export const FeeEdit: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}/fees/fee-2/edit` },
  parameters: { keyText: ['Editar taxa', 'Taxa (%)', 'Data de expiração', 'Atualizar'] },
};
export const CashbackCreate: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}/cashbacks/create` },
  parameters: { keyText: ['Novo cashback', 'Cashback (%)', 'Criar'] },
};
export const SettlementConfigurationEdit: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}/settlement_configurations/sc-1/edit` },
  parameters: { keyText: ['Editar configuração de repasse', 'Prazo de repasse', 'Repasse em uma vez'] },
};
export const MerchantUserCreate: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}/users/create` },
  parameters: {
    keyText: ['Novo usuário do comerciante', 'Pode cancelar/pedido', 'Pedido criado', 'Repasse criado'],
  },
};
export const MerchantUserEditOnPhone: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}/users/user-1/edit` },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Editar usuário do comerciante', 'Deixe em branco para manter a senha atual.'] },
};
export const MerchantCreate: Story = {
  args: { path: '/admin/merchants/create' },
  parameters: {
    keyText: [
      'Novo comerciante',
      'Categorias da loja',
      'Logo B2C',
      'Logo B2B',
      'Logo da marca',
      'Tipo de chave PIX',
      'Ignorar valor máximo',
      'Ignorar protected score',
    ],
  },
};
export const MerchantEditOnPhone: Story = {
  args: { path: `/admin/merchants/${MERCHANT_ID}/edit` },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: {
    keyText: [
      'Editar comerciante',
      'Plataforma de e-commerce',
      'Feminino',
      'Estilo casual',
      'Regras de fraude',
    ],
  },
};
