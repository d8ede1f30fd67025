/** The other public pages of the checkout app: abandonment feedback, app download, 404. */
import { createCheckoutClient } from '@drip/core';
import type { Meta, StoryObj } from '@storybook/react';
import { fn } from 'storybook/test';
import { ToastProvider } from '../ui/Toasts.tsx';
import { AppDownload } from './AppDownload.tsx';
import { FeedbackPage } from './FeedbackPage.tsx';
import { NotFound } from './NotFound.tsx';

/** Answers `POST /api/v1/feedback/checkout-feedback` with 201 (or `status`); nothing leaves the browser. */
function feedbackClient(status = 201) {
  return createCheckoutClient({
    fetch: async () =>
      new Response(status === 201 ? '{}' : JSON.stringify({ error: { code: 'X', message: 'Falhou' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });
}

const meta = {
  title: 'Pages/Feedback',
  component: FeedbackPage,
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
  args: { checkoutId: 'chk-1', search: '', client: feedbackClient(), embedTarget: null, navigate: fn() },
} satisfies Meta<typeof FeedbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Feedback: Story = { parameters: { keyText: 'Por que você desistiu da compra?' } };
export const FeedbackDismissable: Story = {
  args: { search: '?dismissable=true' },
  parameters: { keyText: 'Voltar para a compra' },
};
export const FeedbackTransparent: Story = {
  args: { search: '?transparent=true', embedTarget: { emit: fn() } },
  parameters: { keyText: 'Por que você desistiu da compra?' },
};

export const AppDownloadDesktop: StoryObj<typeof AppDownload> = {
  render: (args) => <AppDownload {...args} />,
  args: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', redirect: fn() },
  parameters: { keyText: 'Baixe o app Drip para pagar as suas parcelas' },
};

export const PageNotFound: StoryObj<typeof NotFound> = {
  render: () => <NotFound />,
  parameters: { keyText: 'A página que você estava procurando não existe' },
};
