import { CNPJ_MASK, CPF_MASK } from '@drip/core';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MaskedTextInput } from './MaskedTextInput.tsx';

describe('MaskedTextInput with several masks', () => {
  it('is a CPF up to 11 digits, a CNPJ from the 12th, and a CPF again when a digit is erased', async () => {
    const onValueChange = vi.fn();
    render(
      <MantineProvider env="test">
        <MaskedTextInput label="Documento" mask={[CPF_MASK, CNPJ_MASK]} onValueChange={onValueChange} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Documento') as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, '52998224725');
    expect(input.value).toBe('529.982.247-25');
    await user.type(input, '1');
    expect(input.value).toBe('52.998.224/7251');
    expect(onValueChange).toHaveBeenLastCalledWith('52.998.224/7251');
    await user.type(input, '{Backspace}');
    expect(input.value).toBe('529.982.247-25');
    await user.clear(input);
    await user.type(input, '112223330001819999');
    expect(input.value).toBe('11.222.333/0001-81');
  });

  it('shows a saved CNPJ in its mask', () => {
    render(
      <MantineProvider env="test">
        <MaskedTextInput
          label="Documento"
          mask={[CPF_MASK, CNPJ_MASK]}
          initialUnmasked="11222333000181"
          onValueChange={() => {}}
        />
      </MantineProvider>,
    );
    expect((screen.getByLabelText('Documento') as HTMLInputElement).value).toBe('11.222.333/0001-81');
  });
});
