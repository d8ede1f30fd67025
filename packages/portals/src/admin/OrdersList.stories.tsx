import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import { merchantsPage } from './merchants/fixtures.ts';
import { ADMIN_API, ordersPage } from './orders/list-fixtures.ts';

const answers: FixtureAnswers = {
  [`GET ${ADMIN_API}/orders`]: (search) =>
    search.get('search')
      ? { status: 200, body: ordersPage(0) }
      : { status: 200, body: ordersPage(20, Number(search.get('page') ?? 0), 45) },
  [`GET ${ADMIN_API}/merchants`]: () => ({ status: 200, body: merchantsPage(3) }),
};

const meta = {
  title: 'Portals/Admin orders',
  component: AdminStory,
  args: { path: '/admin/orders', answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OrdersList: Story = {
  parameters: { keyText: ['Pedidos', 'Qtd. parcelas em atraso', 'DRP-000001', 'Baixa pedidos/parcelas'] },
};
export const OrdersSearchWithoutResults: Story = {
  args: { path: '/admin/orders?search=nada' },
  parameters: { keyText: ['Nenhum pedido encontrado'] },
};
export const OrdersListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Pedidos', 'DRP-000001'] },
};
