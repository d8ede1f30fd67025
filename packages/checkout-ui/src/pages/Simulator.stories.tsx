/** `/instalments_simulator` in both query forms, with a mocked `fetch` (no server). */
import type { Meta, StoryObj } from '@storybook/react';
import { SimulatorPage } from './Simulator.tsx';
import { fakeSimulatorClient, simulatorWireResponse } from './simulator-fixtures.ts';

const meta = {
  title: 'Widgets/Simulator',
  component: SimulatorPage,
  args: { search: '?checkoutId=chk-1' },
} satisfies Meta<typeof SimulatorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ByCheckout: Story = {
  args: { search: '?checkoutId=chk-1', client: fakeSimulatorClient().client },
  parameters: { keyText: 'Pague em até 6x sem juros no Pix' },
};

export const ByAmountAndMerchant: Story = {
  args: {
    search: '?amount=300&date=2026-11-22&merchant=12345678000195&merchantId=m-1',
    client: fakeSimulatorClient(() => ({
      status: 200,
      body: { ...simulatorWireResponse, flexibleInstallments: false, maxInstalments: 3, cashbackRate: 0 },
    })).client,
  },
  parameters: { keyText: 'Pague em 3x sem juros no Pix' },
};

export const Loading: Story = {
  args: { client: fakeSimulatorClient(() => 'pending').client },
  parameters: { keyText: 'Simulando o parcelamento…' },
};

export const ServerError: Story = {
  args: {
    client: fakeSimulatorClient(() => ({
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: 'Serviço indisponível' } },
    })).client,
  },
  parameters: { keyText: 'Ocorreu um erro inesperado (503)' },
};

export const NetworkError: Story = {
  args: { client: fakeSimulatorClient(() => 'network-error').client },
  parameters: { keyText: 'Não foi possível conectar ao servidor' },
};

export const InvalidLink: Story = {
  args: { search: '?amount=abc', client: fakeSimulatorClient().client },
  parameters: { keyText: 'Link do simulador inválido' },
};
