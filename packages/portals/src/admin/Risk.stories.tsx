import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';

const API = '/admin_backoffice/api/v1';
const answers: FixtureAnswers = {
  [`GET ${API}/fraud/reason`]: () => ({
    status: 200,
    body: [
      { value: 'FRAUD_ID', label: 'Fraud ID' },
      { value: 'OTHER', label: 'Other' },
    ],
  }),
  [`GET ${API}/debt-negotiation/type`]: () => ({
    status: 200,
    body: [
      { value: 'FRAUD_RISK', label: 'Fraud Risk' },
      { value: 'CEP_SECTOR_BLOCK', label: 'Cep Sector Block' },
    ],
  }),
};

const meta = {
  title: 'Portals/Admin risk lists',
  component: AdminStory,
  args: { path: '/admin/block-user?cpf=52998224725&phone=%2B5511987654321&cep=01310-100', answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BlockUser: Story = {
  parameters: { keyText: ['Bloquear cliente', 'CPFs', 'Telefones', 'CEPs', 'Motivo', 'Desbloquear'] },
};
export const BlockUserOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Bloquear cliente', 'Bloquear'] },
};
export const Whitelist: Story = {
  args: { path: '/admin/whitelist?cpf=52998224725' },
  parameters: { keyText: ['Whitelist', 'Data de expiração', 'Adicionar', 'Remover'] },
};
export const DebtList: Story = {
  args: { path: '/admin/debt-list?cpf=52998224725' },
  parameters: { keyText: ['Lista de negociação', 'Tipo', 'Descrição', 'Adicionar'] },
};
export const DebtPayment: Story = {
  args: { path: '/admin/add-debt-negotiation-payment?type=INSTALMENT&id=4f1c2a' },
  parameters: { keyText: ['Baixa Parcela/Pedido (PGF)', 'Ids das parcelas', 'Motivo', 'Dar baixa'] },
};
