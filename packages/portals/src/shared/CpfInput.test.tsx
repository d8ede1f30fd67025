import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CpfInput } from './CpfInput.tsx';

const renderCpf = () => {
  const onValueChange = vi.fn();
  render(
    <MantineProvider env="test">
      <CpfInput onValueChange={onValueChange} />
    </MantineProvider>,
  );
  return { onValueChange, input: screen.getByLabelText('CPF') as HTMLInputElement };
};

describe('CpfInput', () => {
  it('reports what is typed before its mask arrives, then masks it and reports it masked', async () => {
    const { onValueChange, input } = renderCpf();
    // Synchronously after the first render: imask is still on its way (a dynamic import).
    fireEvent.change(input, { target: { value: '52998224725' } });
    expect(onValueChange).toHaveBeenLastCalledWith('52998224725');
    await waitFor(() => expect(input.value).toBe('529.982.247-25'));
    expect(onValueChange).toHaveBeenLastCalledWith('529.982.247-25');
  });

  it('masks as the CPF is typed, at most 11 digits', async () => {
    const { onValueChange, input } = renderCpf();
    await waitFor(() => expect(onValueChange).toHaveBeenCalledWith(''));
    await userEvent.type(input, '5299822472599');
    expect(input.value).toBe('529.982.247-25');
    expect(onValueChange).toHaveBeenLastCalledWith('529.982.247-25');
  });
});
