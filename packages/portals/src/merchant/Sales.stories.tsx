import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { type FixtureAnswers, MerchantStory } from '../../../../.storybook/portals.tsx';
import {
  checkoutLink,
  graphic,
  merchantInfo,
  merchantOrderView,
  orderRefund,
  SALES_API,
  saleDetails,
  saleSummary,
  salesPage,
  statistics,
} from './sales-fixtures.ts';

type Answers = FixtureAnswers;

const answers: Answers = {
  [`GET ${SALES_API}/v1/merchant`]: () => ({ status: 200, body: merchantInfo }),
  [`GET ${SALES_API}/v2/checkouts`]: () => ({
    status: 200,
    body: salesPage(
      [
        saleSummary(1),
        saleSummary(2, { order: { ...saleSummary(2).order, status: 'CLOSED', canceledAmount: 123.45 } }),
        saleSummary(3, { status: 'KO', koReason: 'FRAUD', order: null }),
        saleSummary(4, { status: 'KO', koReason: 'EXPIRED', order: null, customerName: null }),
        saleSummary(5, { status: 'MORE_INFO', order: null }),
      ],
      0,
      35,
    ),
  }),
  [`GET ${SALES_API}/v2/checkouts/statistics`]: () => ({ status: 200, body: statistics }),
  [`GET ${SALES_API}/v2/checkouts/graphic`]: (search) => ({
    status: 200,
    body: graphic(search.get('period') === 'WEEKLY' ? 7 : search.get('period') === 'MONTHLY' ? 30 : 24),
  }),
  [`GET ${SALES_API}/v2/checkouts/${saleSummary(1).id}`]: () => ({ status: 200, body: saleDetails() }),
  [`GET ${SALES_API}/v1/orders/ord-1`]: () => ({ status: 200, body: merchantOrderView() }),
  [`GET ${SALES_API}/v1/checkouts`]: () => ({
    status: 200,
    body: salesPage([
      checkoutLink(1),
      checkoutLink(2, { status: 'OK' }),
      checkoutLink(3, { status: 'REVOKED', backofficeStatus: 'REVOKED' }),
      checkoutLink(4, { status: 'EXPIRED', koReason: 'EXPIRED' }),
    ]),
  }),
};

const meta = {
  title: 'Portals/Merchant portal sales',
  component: MerchantStory,
  args: { path: '/parceira/pedidos', answers, permissions: ['ADMIN', 'READ'] },
} satisfies Meta<typeof MerchantStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OrdersList: Story = {
  parameters: {
    keyText: [
      'Minhas Vendas',
      'Lista de pedidos',
      'Volume aprovado',
      '25% a mais em comparação à ontem',
      'PED-101',
    ],
  },
};
/** At 390 px the sales are cards and the filters wrap: nothing scrolls sideways. */
export const OrdersListOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Minhas Vendas', 'PED-101', 'Estornado', 'Abandonado'] },
};
export const OrdersListFiltered: Story = {
  args: { path: '/parceira/pedidos?denied=true&from=2026-03-01&to=2026-03-10&volume_period=MONTHLY' },
  parameters: { keyText: ['Negados', 'Limpar filtros', 'Mês'] },
};
export const OrderDetails: Story = {
  args: { path: `/parceira/pedidos/${saleSummary(1).id}` },
  parameters: {
    keyText: ['Pedido PED-101', 'DRP-7K2M91', 'Avenida Paulista', 'N/A', 'Estornado em 10/03/2026'],
  },
};
/** The refund buttons of an ADMIN user, with a product refund being carried out. */
export const OrderDetailsRefundPending: Story = {
  args: {
    path: `/parceira/pedidos/${saleSummary(1).id}`,
    answers: {
      ...answers,
      [`GET ${SALES_API}/v1/orders/ord-1`]: () => ({
        status: 200,
        body: merchantOrderView({
          refunds: [
            orderRefund({ id: 'ref-0', type: 'AMOUNT', status: 'DONE', productIds: [], amount: 23.45 }),
            orderRefund(),
          ],
        }),
      }),
    },
  },
  parameters: {
    keyText: ['Estorno', 'Estornar pedido', 'Reembolso parcial', 'Estorno em processamento', 'Concluído'],
  },
};
/** A refund the worker could not carry out: 'Falha ao reembolsar' with its reason, and the order refundable again. */
export const OrderDetailsRefundFailed: Story = {
  args: {
    path: `/parceira/pedidos/${saleSummary(1).id}`,
    answers: {
      ...answers,
      [`GET ${SALES_API}/v1/orders/ord-1`]: () => ({
        status: 200,
        body: merchantOrderView({
          refunds: [
            orderRefund({
              type: 'FULL',
              productIds: [],
              status: 'FAILED',
              failureReason: 'O PSP não encontrou o Pix desta cobrança: a devolução não pode ser feita',
              processedAt: '2026-03-12T12:00:05.000Z',
            }),
          ],
        }),
      }),
    },
  },
  parameters: {
    keyText: ['Falha ao reembolsar', 'Falhou', 'Estornar pedido'],
  },
};
/** A READ user sees the order without any refund button. */
export const OrderDetailsReadOnly: Story = {
  args: { path: `/parceira/pedidos/${saleSummary(1).id}`, permissions: ['READ'] },
  parameters: { keyText: ['Pedido PED-101', 'DRP-7K2M91'] },
};
export const Links: Story = {
  args: { path: '/parceira/checkout-links' },
  parameters: { keyText: ['Gerenciar Links', 'Criado', 'Desativado', 'Desativar', 'Criar Drip Link'] },
};
export const LinksReadOnly: Story = {
  args: { path: '/parceira/checkout-links', permissions: ['READ'] },
  parameters: { keyText: ['Gerenciar Links', 'LINK-1', 'Copiar link'] },
};
export const CreateLink: Story = {
  args: { path: '/parceira/checkout-links/criar' },
  parameters: { keyText: ['Criar Drip Link', 'Valor', 'Código do pedido', 'Criar link'] },
};
