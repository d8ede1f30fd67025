import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import { ADMIN_API, ORDER_ID, orderDetails } from './orders/fixtures.ts';

const CLOSED_ID = '5b3c2a1d-8e7f-4a6b-9c0d-000000000002';

const answers: FixtureAnswers = {
  [`GET ${ADMIN_API}/orders/${ORDER_ID}`]: () => ({ status: 200, body: orderDetails() }),
  [`GET ${ADMIN_API}/orders/${CLOSED_ID}`]: () => ({
    status: 200,
    body: orderDetails({ id: CLOSED_ID, status: 'CLOSED', displayStatus: 'CLOSED', history: [] }),
  }),
};

const meta = {
  title: 'Portals/Admin orders',
  component: AdminStory,
  args: { path: `/admin/orders/${ORDER_ID}`, answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OrderDetails: Story = {
  parameters: {
    keyText: [
      'Detalhes do pedido',
      'Registrar baixa total (PGF)',
      'Valor reembolsado',
      'Maria da Silva',
      'LATE_FEE_REMOVED',
    ],
  },
};
export const OrderDetailsOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Detalhes do pedido', 'Valor final', 'Ver cliente'] },
};
export const ClosedOrderWithoutHistory: Story = {
  args: { path: `/admin/orders/${CLOSED_ID}` },
  parameters: { keyText: ['Fechada', 'Nenhuma ação de administrador registrada neste pedido.'] },
};
export const UnknownOrder: Story = {
  args: { path: '/admin/orders/00000000-0000-4000-8000-000000000000' },
  parameters: { keyText: ['Pedido não encontrado'] },
};

/** The product slot: 'Alterar valor' opens the amount modal, its submit waiting for the confirmation checkbox. */
export const ProductAmountUpdate: Story = {
  parameters: {
    keyText: ['Alterar valor do produto', 'Confirmo que o valor está correto', 'Atualizar valor'],
  },
  play: async () => {
    const body = within(document.body);
    const [first] = await body.findAllByRole('button', { name: 'Alterar valor' }, { timeout: 3000 });
    if (first) await userEvent.click(first);
    await body.findByRole('dialog', {}, { timeout: 3000 });
  },
};

/** The product slot: 'Reembolsar' asks the spec's question before refunding the product. */
export const ProductRefundConfirmation: Story = {
  parameters: { keyText: ['Você tem certeza que deseja cancelar esse produto?', 'Não estornar'] },
  play: async () => {
    const body = within(document.body);
    const [first] = await body.findAllByRole('button', { name: 'Reembolsar' }, { timeout: 3000 });
    if (first) await userEvent.click(first);
    await body.findByRole('dialog', {}, { timeout: 3000 });
  },
};
