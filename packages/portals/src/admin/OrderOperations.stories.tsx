import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { AdminStory, type FixtureAnswers } from '../../../../.storybook/portals.tsx';
import { ADMIN_API, BR_CODE, ORDER_ID, orderDetails, QR_URL } from './orders/fixtures.ts';

// The order details with their operations (spec 2.2): refunds next to the status, the single payment and the
// first-date change above the table, each instalment's fee removal, record payment, Pix and PSP check.
const DATE_ID = '5b3c2a1d-8e7f-4a6b-9c0d-000000000003';
const base = orderDetails();
const firstPending = orderDetails({
  id: DATE_ID,
  instalments: base.instalments.map((i) =>
    i.number === 1 ? { ...i, status: 'PENDING' as const, paidAt: null, dueDate: '2026-03-07' } : i,
  ),
});

const answers: FixtureAnswers = {
  [`GET ${ADMIN_API}/orders/${ORDER_ID}`]: () => ({ status: 200, body: base }),
  [`GET ${ADMIN_API}/orders/${DATE_ID}`]: () => ({ status: 200, body: firstPending }),
  [`POST ${ADMIN_API}/orders/${ORDER_ID}/create_unique_payment`]: () => ({
    status: 200,
    body: {
      id: 'u1',
      orderId: ORDER_ID,
      qrCode: QR_URL,
      qrCodeText: BR_CODE,
      amount: 187.35,
      expiresAt: '2026-03-30T13:00:00.000Z',
      instalments: [],
      status: 'PENDING',
    },
  }),
};

const meta = {
  title: 'Portals/Admin order operations',
  component: AdminStory,
  args: { path: `/admin/orders/${ORDER_ID}`, answers },
} satisfies Meta<typeof AdminStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const WithOperations: Story = {
  parameters: {
    keyText: [
      'Reembolso total',
      'Reembolso parcial',
      'Criar pagamento único',
      'Remover multa',
      'Dar baixa pagamento',
      'Criar/atualizar Pix',
      'Verificar pagamento',
    ],
  },
};

export const WithOperationsOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Reembolso total', 'Remover multa', 'Dar baixa pagamento'] },
};

export const PartialRefundDialog: Story = {
  parameters: { keyText: ['Valor do reembolso (R$)', 'O valor do reembolso precisa ser maior que 0'] },
  play: async () => {
    await userEvent.click(
      await body().findByRole('button', { name: 'Reembolso parcial' }, { timeout: 5000 }),
    );
    const dialog = within(await body().findByRole('dialog', {}, { timeout: 5000 }));
    await userEvent.click(dialog.getByRole('button', { name: 'Reembolso parcial' }));
  },
};

export const FeeRemovalDialog: Story = {
  parameters: {
    keyText: [
      'Tem certeza que deseja remover a multa para essa parcela?',
      'Motivo da remoção',
      'Erro no sistema',
    ],
  },
  play: async () => {
    await userEvent.click(await body().findByRole('button', { name: 'Remover multa' }, { timeout: 5000 }));
    await body().findByRole('dialog', {}, { timeout: 5000 });
  },
};

export const RecordPaymentDialog: Story = {
  parameters: {
    keyText: ['Você tem certeza?', 'Motivo da baixa', 'será registrada como paga fora do Pix da Drip'],
  },
  play: async () => {
    const buttons = await body().findAllByRole('button', { name: 'Dar baixa pagamento' }, { timeout: 5000 });
    const last = buttons.at(-1);
    if (last) await userEvent.click(last);
    await body().findByRole('dialog', {}, { timeout: 5000 });
  },
};

export const SinglePaymentPix: Story = {
  parameters: { keyText: ['Pagamento único', '187,35', 'Copiar Pix'] },
  play: async () => {
    await userEvent.click(
      await body().findByRole('button', { name: 'Criar pagamento único' }, { timeout: 5000 }),
    );
    await body().findByRole('dialog', {}, { timeout: 5000 });
  },
};

export const FirstDueDateDialog: Story = {
  args: { path: `/admin/orders/${DATE_ID}` },
  parameters: { keyText: ['Nova data de vencimento da 1ª parcela', 'Salvar'] },
  play: async () => {
    await userEvent.click(
      await body().findByRole('button', { name: 'Alterar data da 1ª parcela' }, { timeout: 5000 }),
    );
    await body().findByRole('dialog', {}, { timeout: 5000 });
  },
};
