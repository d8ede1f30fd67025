import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import { CUSTOMER_ID, customerDetails, customersPage } from './customers/fixtures.ts';
import { ADMIN_API } from './merchants/fixtures.ts';

const answers: FixtureAnswers = {
  [`GET ${ADMIN_API}/customers`]: (search) =>
    search.get('text')
      ? { status: 200, body: customersPage(0) }
      : { status: 200, body: customersPage(10, 0, 23) },
  [`GET ${ADMIN_API}/customers/${CUSTOMER_ID}`]: () => ({ status: 200, body: customerDetails() }),
};

const meta = {
  title: 'Portals/Admin customers',
  component: AdminStory,
  args: { path: '/admin/customers', answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CustomersList: Story = {
  parameters: { keyText: ['Clientes', 'Buscar por', 'Cliente 1', '529.982.247-25'] },
};
export const CustomersSearchWithoutResults: Story = {
  args: { path: '/admin/customers?type=cpf&text=000' },
  parameters: { keyText: ['Nenhum cliente encontrado'] },
};
export const CustomersListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Clientes', 'Cliente 1'] },
};
export const CustomerDetails: Story = {
  args: { path: `/admin/customers/${CUSTOMER_ID}` },
  parameters: {
    keyText: [
      'Detalhes do cliente',
      'Limite e scores',
      'Relatório de fraude',
      'Revisar limite',
      'DRP-7K2M9Q',
      'Histórico',
      'FRAUD_BLOCKED',
    ],
  },
};
export const ArchivedCustomerOnPhone: Story = {
  args: {
    path: `/admin/customers/${CUSTOMER_ID}`,
    answers: {
      ...answers,
      [`GET ${ADMIN_API}/customers/${CUSTOMER_ID}`]: () => ({
        status: 200,
        body: customerDetails({ status: 'ARCHIVED', whitelisted: true }),
      }),
    },
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Arquivado', 'Detalhes do cliente'] },
};
export const CustomerEdit: Story = {
  args: { path: `/admin/customers/${CUSTOMER_ID}/edit` },
  parameters: { keyText: ['Editar cliente', 'CPF', 'Telefone', 'Atualizar'] },
};
