import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { SESSION_KEYS } from '@drip/core';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { type FixtureAnswers, PortalStory } from '../../../../.storybook/portals.tsx';
import { instalment, orderDetails, orderRoutes, ordersPage, pixOf, uniquePayment } from './order-fixtures.ts';

type Answers = FixtureAnswers;

/** A signed-in customer over fixture answers: nothing leaves the browser. */
function CustomerPortalStory({ path, answers }: { path: string; answers: Answers }) {
  const session = { [SESSION_KEYS.customer.token]: 'story', [SESSION_KEYS.customer.refreshToken]: 'story' };
  return <PortalStory path={path} answers={answers} session={session} />;
}

const meta = {
  title: 'Portals/Customer portal orders',
  component: CustomerPortalStory,
  args: {
    path: '/cliente/pedidos',
    answers: {
      [orderRoutes.list]: (search) => ({
        status: 200,
        body: ordersPage(Number(search.get('page') ?? 0), 57),
      }),
    },
  },
} satisfies Meta<typeof CustomerPortalStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OrdersList: Story = {
  parameters: { keyText: ['Minhas compras', 'DRP-000001', 'Baixe o app Drip para pagar as suas parcelas'] },
};
/** At 390 px each order is a card: Total, Status and 'Detalhes' show without scrolling sideways. */
export const OrdersListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Minhas compras', 'DRP-000001', 'Total', 'Status', 'Detalhes'] },
};
export const OrdersEmpty: Story = {
  args: { answers: { [orderRoutes.list]: () => ({ status: 200, body: ordersPage(0, 0) }) } },
  parameters: { keyText: 'Você ainda não tem compras para exibir' },
};
export const OrdersLoadError: Story = {
  args: {
    answers: { [orderRoutes.list]: () => ({ status: 500, body: { error: { code: 'X', message: 'x' } } }) },
  },
  parameters: { keyText: 'Não foi possível carregar suas compras' },
};

const pending = instalment(2, {
  late: true,
  feesAmount: 2.35,
  amountToPay: 102.35,
  payment: pixOf('inst-2'),
});
const detailAnswers: Answers = {
  [orderRoutes.details('ord-1')]: () => ({ status: 200, body: orderDetails() }),
  [orderRoutes.pay('ord-1')]: () => ({ status: 200, body: pending }),
  [orderRoutes.instalment('inst-2')]: () => ({ status: 200, body: pending }),
  [orderRoutes.payAll('ord-1')]: () => ({ status: 200, body: uniquePayment() }),
  [orderRoutes.uniquePayment('up-1')]: () => ({ status: 200, body: uniquePayment() }),
};

export const OrderDetails: Story = {
  args: { path: '/cliente/pedidos/ord-1', answers: detailAnswers },
  parameters: { keyText: ['Detalhes da compra', 'Em atraso', 'Pagar parcela 2', 'Pague todas as parcelas'] },
};
export const OrderDetailsAllPaid: Story = {
  args: {
    path: '/cliente/pedidos/ord-1',
    answers: {
      [orderRoutes.details('ord-1')]: () => ({
        status: 200,
        body: orderDetails({
          status: 'CLOSED',
          instalments: [1, 2, 3].map((n) =>
            instalment(n, { status: 'PAID', payment: pixOf(`inst-${n}`, 'PAID') }),
          ),
        }),
      }),
    },
  },
  parameters: { keyText: ['Detalhes da compra', 'Fechada'] },
};

export const PayInstalmentModal: Story = {
  args: { path: '/cliente/pedidos/ord-1', answers: detailAnswers },
  parameters: { keyText: ['QR Code', 'Copiar código Pix', 'Aguardando a confirmação do pagamento…'] },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Pagar parcela 2' }));
    await body.findByRole('dialog', {}, { timeout: 3000 });
  },
};

export const PayInstalmentPaid: Story = {
  args: {
    path: '/cliente/pedidos/ord-1',
    answers: {
      ...detailAnswers,
      [orderRoutes.instalment('inst-2')]: () => ({
        status: 200,
        body: { ...pending, status: 'PAID', late: false, payment: pixOf('inst-2', 'PAID') },
      }),
    },
  },
  parameters: { keyText: 'Parcela paga!' },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Pagar parcela 2' }));
    await body.findByText('Parcela paga!', {}, { timeout: 3000 });
  },
};
