/**
 * The promotional widgets a merchant page frames (spec 2.5): the banner and the explainer modal. Their events
 * (clickOnLogo, clickOnLink, clickOnClose, resize) go to the Actions panel instead of `window.parent`.
 */
import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BannerPage } from './Banner.tsx';
import { ExplainerPage } from './Explainer.tsx';

const meta = {
  title: 'Widgets/Banner',
  component: BannerPage,
  args: { search: '?amount=300', target: { emit: fn() } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof BannerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithoutCashback: Story = {
  args: { search: '?amount=300' },
  parameters: { keyText: 'Pague no Pix Parcelado em 3x de R$\u00A0100,00, com ou sem entrada, zero juros' },
};

export const WithCashback: Story = {
  args: { search: '?amount=1234.56&cashback_rate=0.05' },
  parameters: {
    keyText:
      'Pague no Pix Parcelado em 3x de R$\u00A0411,52, com ou sem entrada, zero juros e 5,00% de cashback',
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Entenda a Drip' }));
    await expect(args.target?.emit).toHaveBeenCalledWith({ type: 'clickOnLink' });
  },
};

/** A total that 3 does not divide: the first instalment carries the remainder, and the banner says so. */
export const UnevenInstalments: Story = {
  args: { search: '?amount=299.90' },
  parameters: {
    keyText:
      'Pague no Pix Parcelado em 3x (1x R$\u00A099,98 + 2x R$\u00A099,96), com ou sem entrada, zero juros',
  },
};

export const ExplainerModal: StoryObj<typeof ExplainerPage> = {
  render: (args) => <ExplainerPage {...args} />,
  args: { search: '', target: { emit: fn() } },
  parameters: { keyText: 'Chegamos para mudar a forma como você compra' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Fechar' }));
    await expect(args.target?.emit).toHaveBeenCalledWith({ type: 'clickOnClose' });
  },
};

export const ExplainerModalWithCashback: StoryObj<typeof ExplainerPage> = {
  render: (args) => <ExplainerPage {...args} />,
  args: { search: '?cashback_rate=0.05', target: { emit: fn() } },
  parameters: { keyText: 'Compre em 3x sem juros no Pix e ganhe 5,00% de cashback' },
};
