/** The public pages after checkout: the instalment payment page (/pagamento/{id}) and the renegotiation form. */
import type { Meta, StoryObj } from '@storybook/react';
import { ToastProvider } from '../ui/Toasts.tsx';
import { type InstalmentEventSource, InstalmentPaymentPage } from './InstalmentPayment.tsx';
import { instalmentDetailsFixture, instalmentFetch } from './instalment-fixtures.ts';
import { RenegotiationPage } from './Renegotiation.tsx';
import { negotiationFetch } from './renegotiation-fixtures.ts';

/** A stream that stays silent (no server behind a story); `paidAfterMs` sends PAID once, like a payment landing. */
function fakeEvents(paidAfterMs?: number) {
  return (): InstalmentEventSource => {
    const source: InstalmentEventSource = {
      onmessage: null,
      close: () => clearTimeout(timer),
    };
    const timer =
      paidAfterMs === undefined
        ? undefined
        : setTimeout(
            () => source.onmessage?.(new MessageEvent('message', { data: '{"status":"PAID"}' })),
            paidAfterMs,
          );
    return source;
  };
}

const meta = {
  title: 'Pages/Instalment payment',
  component: InstalmentPaymentPage,
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
  args: {
    instalmentId: 'inst-2',
    fetch: instalmentFetch(instalmentDetailsFixture()).fetch,
    openEvents: fakeEvents(),
  },
} satisfies Meta<typeof InstalmentPaymentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {
  parameters: {
    keyText: ['Pagamento da sua parcela', 'O pagamento sem encargos deve ser feito até o dia 15/07/2026'],
  },
};
export const Late: Story = {
  args: { fetch: instalmentFetch(instalmentDetailsFixture({ late: true })).fetch },
  parameters: { keyText: 'O pagamento venceu no dia 15/07/2026. Evite o bloqueio da sua conta' },
};
export const Paid: Story = {
  args: {
    fetch: instalmentFetch(instalmentDetailsFixture({ status: 'PAID', qrCode: null, qrcodeText: null }))
      .fetch,
  },
  parameters: { keyText: 'Pagamento confirmado' },
};
export const PaidWhileOpen: Story = {
  args: { openEvents: fakeEvents(300) },
  parameters: { keyText: 'Pagamento confirmado' },
};
export const NotFound: Story = {
  args: { fetch: instalmentFetch(null).fetch },
  parameters: { keyText: 'Parcela não encontrada' },
};

export const Renegotiation: StoryObj<typeof RenegotiationPage> = {
  render: (args) => <RenegotiationPage {...args} />,
  args: { fetch: negotiationFetch(201).fetch },
  parameters: { keyText: ['Renegocie sua dívida com a Drip', 'Renegociar'] },
};
