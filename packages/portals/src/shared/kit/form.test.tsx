import { type Cents, CustomerUpdateProfileRequest, cents } from '@drip/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../api.ts';
import { DemoForm, KitHarness } from './demo.tsx';
import {
  FailureBanner,
  MoneyInput,
  moneyToCents,
  PercentInput,
  percentToFraction,
  valibotResolver,
} from './form.tsx';

afterEach(() => vi.restoreAllMocks());

describe('valibotResolver', () => {
  it("gives @mantine/form the contract schema's own messages, per field", () => {
    const resolve = valibotResolver(CustomerUpdateProfileRequest);
    const errors = resolve({ name: 'Maria', email: 'não-é-email' });
    expect(Object.keys(errors)).toContain('email');
    expect(typeof errors.email).toBe('string');
    expect(resolve({ name: 'Maria da Silva', email: 'maria@cliente.demo' })).toEqual({});
  });
});

/** A MoneyInput held in state, as a form holds it. */
function Controlled({ onChange }: { onChange: (value: Cents | null) => void }) {
  const [value, setValue] = useState<Cents | null>(cents(123456));
  return (
    <MoneyInput
      label="Valor"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('MoneyInput', () => {
  it('turns the typed reais into integer centavos and shows centavos as R$', async () => {
    const onChange = vi.fn();
    render(
      <KitHarness env="test">
        <Controlled onChange={onChange} />
      </KitHarness>,
    );
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    expect(input.value).toBe('R$ 1.234,56');
    const user = userEvent.setup();
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    // Typed as in a browser: the caret stays where react-number-format puts it ('R$ 0|,00').
    await user.type(input, '0');
    await user.type(input, ',3', { skipClick: true });
    expect(onChange).toHaveBeenLastCalledWith(30);
    await user.tab();
    expect(input.value).toBe('R$ 0,30');
    expect(moneyToCents('1999.99')).toBe(199999);
    expect(moneyToCents(0.1 + 0.2)).toBe(30);
    expect(moneyToCents('12.')).toBeNull();
  });
});

describe('PercentInput', () => {
  it('shows a stored fraction × 100 with 2 decimals and stores what is typed as a fraction', () => {
    const onChange = vi.fn();
    render(
      <KitHarness env="test">
        <PercentInput label="Cashback (%)" value={0.07} onChange={onChange} />
      </KitHarness>,
    );
    const input = screen.getByLabelText('Cashback (%)') as HTMLInputElement;
    expect(input.value).toBe('7 %');
    fireEvent.change(input, { target: { value: '12,5 %' } });
    expect(onChange).toHaveBeenLastCalledWith(0.125);
    fireEvent.change(input, { target: { value: '0,29 %' } });
    expect(onChange).toHaveBeenLastCalledWith(0.0029);
    expect(percentToFraction('12.50')).toBe(0.125);
    expect(percentToFraction(7.000000000000001)).toBe(0.07);
    expect(percentToFraction('')).toBeNull();
  });
});

describe('FailureBanner', () => {
  it('shows the status in parentheses and scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const error = new ApiFailure({ kind: 'http', status: 422, code: 'INVALID', message: 'x' });
    render(
      <KitHarness env="test">
        <FailureBanner title="Não foi possível salvar" error={error} />
      </KitHarness>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível salvar (422)');
    await act(async () => undefined);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it("uses the spec's wording for a status it names, and '(status)' for the others", async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const describe409 = (status: number) => (status === 409 ? ' - Email Já cadastrado' : undefined);
    const failure = (status: number) => new ApiFailure({ kind: 'http', status, code: 'X', message: 'x' });
    render(
      <KitHarness env="test">
        <FailureBanner title="Incapaz de criar conta" error={failure(409)} describe={describe409} />
        <FailureBanner title="Incapaz de editar conta" error={failure(500)} describe={describe409} />
      </KitHarness>,
    );
    const [taken, other] = await screen.findAllByRole('alert');
    expect(taken?.textContent).toBe('Incapaz de criar conta - Email Já cadastrado');
    expect(other?.textContent).toBe('Incapaz de editar conta (500)');
  });

  it('shows nothing without a failure', () => {
    render(
      <KitHarness env="test">
        <FailureBanner title="Não foi possível salvar" error={null} />
      </KitHarness>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a form built from the kit', () => {
  it("validates with the server's schema, spins while saving and shows the failure with its status", async () => {
    let fail: (error: unknown) => void = () => {};
    const submit = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <KitHarness env="test">
        <DemoForm submit={submit} />
      </KitHarness>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'não-é-email');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('O e-mail é inválido')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'admin@drip.dev');
    await user.type(screen.getByLabelText('Senha atual'), 'senha-atual-123');
    await user.type(screen.getByLabelText('Nova senha'), 'senha-nova-456');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    expect(screen.getByTestId('form-state').textContent).toContain('cpf=529.982.247-25');
    // The choice is the browser's select: its empty first option reads as null, an option as its value.
    await user.selectOptions(screen.getByLabelText('Tipo de chave PIX'), 'E-mail');
    expect(screen.getByTestId('form-state').textContent).toContain('pix=EMAIL');
    await user.selectOptions(screen.getByLabelText('Tipo de chave PIX'), '');
    expect(screen.getByTestId('form-state').textContent).toMatch(/pix=$/);
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(submit).toHaveBeenCalledWith(
      { username: 'admin@drip.dev', currentPassword: 'senha-atual-123', newPassword: 'senha-nova-456' },
      expect.anything(),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Atualizar' }).getAttribute('data-loading')).toBe('true'),
    );
    await act(async () => fail(new ApiFailure({ kind: 'http', status: 409, code: 'X', message: 'x' })));
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível atualizar (409)');
  });
});
