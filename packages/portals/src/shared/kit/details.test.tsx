import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMATIONS, ConfirmAction } from './ConfirmAction.tsx';
import { CopyButton } from './CopyButton.tsx';
import { DetailList } from './DetailList.tsx';
import { KitHarness } from './demo.tsx';
import { StatusBadge, statusLabel } from './StatusBadge.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  act(() => notifications.clean());
});

const inHarness = (node: React.ReactNode) => render(<KitHarness env="test">{node}</KitHarness>);

describe('DetailList', () => {
  it("shows 'N/A' for null, undefined, empty and blank values, and keeps 0 and false", () => {
    inHarness(
      <DetailList
        items={[
          { label: 'Nome', value: 'Casa Ipê' },
          { label: 'Complemento', value: null },
          { label: 'Bairro', value: undefined },
          { label: 'Cidade', value: '' },
          { label: 'Estado', value: '  ' },
          { label: 'Limite', value: 0 },
          { label: 'Pix com desconto', value: false },
        ]}
      />,
    );
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Nome')).toBe('Casa Ipê');
    for (const label of ['Complemento', 'Bairro', 'Cidade', 'Estado']) expect(value(label)).toBe('N/A');
    expect(value('Limite')).toBe('0');
    expect(value('Pix com desconto')).toBe('Não');
  });
});

describe('StatusBadge', () => {
  it('shows the pt-BR labels of the spec per kind of status', () => {
    inHarness(
      <>
        <StatusBadge kind="order" status="CLOSED" />
        <StatusBadge kind="payment" status="REFUNDED" />
        <StatusBadge kind="checkout" status="KO" />
        <StatusBadge kind="store" status="ARCHIVED" />
        <StatusBadge kind="promotion" status="ACTIVE" />
      </>,
    );
    for (const text of [
      'Fechada',
      'Reembolsado',
      'Falha durante o checkout do cliente',
      'Arquivado',
      'Habilitado',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    // The same code reads differently per entity.
    expect(statusLabel('order', 'ACTIVE')).toBe('Ativa');
    expect(statusLabel('store', 'ACTIVE')).toBe('Ativo');
    expect(statusLabel('checkout', 'MORE_INFO')).toBe('Em uso');
    expect(statusLabel('sale', 'REFUNDED')).toBe('Estornado');
    expect(statusLabel('sale', 'ABANDONED')).toBe('Abandonado');
  });

  it('shows a status this build does not know as sent, instead of an empty badge', () => {
    inHarness(<StatusBadge kind="order" status="ON_HOLD" />);
    expect(screen.getByText('ON_HOLD')).toBeTruthy();
  });
});

describe('ConfirmAction', () => {
  it("asks 'Você tem certeza?' and runs the action only on confirmation, once", async () => {
    const onConfirm = vi.fn(async () => undefined);
    inHarness(<ConfirmAction onConfirm={onConfirm}>Desabilitar</ConfirmAction>);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Desabilitar' }));
    let dialog = await screen.findByRole('dialog', { name: CONFIRMATIONS.sure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Desabilitar' }));
    dialog = await screen.findByRole('dialog', { name: 'Você tem certeza?' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await act(async () => undefined);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('words the fee removal as the spec does', async () => {
    inHarness(
      <ConfirmAction question={CONFIRMATIONS.removeFee} onConfirm={() => undefined}>
        Remover multa
      </ConfirmAction>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remover multa' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'Tem certeza que deseja remover a multa para essa parcela?',
      }),
    ).toBeTruthy();
  });
});

describe('CopyButton', () => {
  it("copies the value with the 'Copiado' toast at the bottom, gone after 3000 ms", async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    inHarness(<CopyButton value="https://drip.example/l/abc">Copiar link</CopyButton>);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Copiado')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://drip.example/l/abc');
    expect(document.querySelector('[data-position="bottom-center"]')?.textContent).toContain('Copiado');
    await act(async () => vi.advanceTimersByTime(2_900));
    expect(screen.queryByText('Copiado')).toBeTruthy();
    // Closing starts at 3000 ms; the exit transition then takes the toast away.
    await act(async () => vi.advanceTimersByTime(1_000));
    await vi.waitFor(() => expect(screen.queryByText('Copiado')).toBeNull());
  });

  it('says so when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    inHarness(<CopyButton value="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(
      await screen.findByText('Não foi possível copiar. Selecione o texto e copie manualmente.'),
    ).toBeTruthy();
    expect(screen.queryByText('Copiado')).toBeNull();
  });
});
