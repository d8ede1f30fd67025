import { MerchantUpdateUserRequest, passwordMessages } from '@drip/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KitHarness } from '../kit/demo.tsx';
import { validate } from '../validate.ts';
import { DemoLogin } from './demo.tsx';
import { checkNewPassword, NewPasswordForm } from './NewPasswordForm.tsx';
import { ProfileForm, type ProfileMutation } from './ProfileForm.tsx';
import { TwoStepForm } from './TwoStepForm.tsx';

describe('LoginForm', () => {
  it("hands the password and 'Mantenha-me conectado' to the area only when both fields are given", async () => {
    const onSubmit = vi.fn();
    render(<KitHarness path="/login">{<DemoLogin onSubmit={onSubmit} />}</KitHarness>);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail')).toBeTruthy();
    expect(screen.getByText('Informe sua senha')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^E-mail/), 'ana@loja.com.br');
    await user.type(screen.getByLabelText(/^Senha/), 'segredo');
    await user.click(screen.getByLabelText('Mantenha-me conectado'));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(onSubmit).toHaveBeenCalledWith('segredo', true);
    // The password field is the shared one, with its eye button named in Portuguese.
    expect(screen.getByRole('button', { name: 'Mostrar senha' })).toBeTruthy();
  });
});

describe('TwoStepForm', () => {
  it('sends only 6 digits, letters stripped as typed', async () => {
    const onSubmit = vi.fn();
    const texts2 = { title: 'Verificação', codeLabel: 'Drip Token', submit: 'Confirmar', back: 'Voltar' };
    render(
      <KitHarness path="/login">
        <TwoStepForm
          texts={texts2}
          sentTo="SMS"
          pending={false}
          failure={null}
          onSubmit={onSubmit}
          onBack={() => {}}
        />
      </KitHarness>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Drip Token/), '12a34');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Informe o código de 6 dígitos')).toBeTruthy();
    await user.type(screen.getByLabelText(/Drip Token/), '56');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });
});

describe('ProfileForm', () => {
  it('sends a blank new password as none, shows the contract messages by field, and clears the passwords', async () => {
    const mutate = vi.fn<ProfileMutation<MerchantUpdateUserRequest>['mutate']>((_body, { onSuccess }) =>
      onSuccess(),
    );
    render(
      <KitHarness path="/perfil">
        <ProfileForm
          initialEmail="ana@loja.com.br"
          emailKey="email"
          emailAutoComplete="email"
          hints={{}}
          submitLabel="Atualizar"
          prepare={(values) =>
            validate(MerchantUpdateUserRequest, {
              email: values.email,
              currentPassword: values.currentPassword,
              newPassword: values.newPassword === '' ? undefined : values.newPassword,
            })
          }
          save={{ mutate, isPending: false }}
        />
      </KitHarness>,
    );
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('ana@loja.com.br');
    await user.clear(email);
    await user.type(email, 'não-é-email');
    await user.type(screen.getByLabelText(/Senha atual/), 'antiga1');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('O e-mail é inválido')).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    await user.clear(email);
    await user.type(email, 'Nova@Loja.com.br');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(mutate.mock.calls[0]?.[0]).toEqual({ email: 'nova@loja.com.br', currentPassword: 'antiga1' });
    expect(await screen.findByText('Perfil atualizado com sucesso')).toBeTruthy();
    expect((screen.getByLabelText(/Senha atual/) as HTMLInputElement).value).toBe('');
  });
});

describe('NewPasswordForm', () => {
  it("applies spec 5's recovery rules", () => {
    expect(checkNewPassword('curta', 'curta')).toEqual({ password: passwordMessages.resetMin8 });
    expect(checkNewPassword('novaSenha1', 'outra')).toEqual({
      repeatPassword: passwordMessages.resetMismatch,
    });
    expect(checkNewPassword('novaSenha1', 'novaSenha1')).toEqual({});
  });

  it('hands over a valid pair only', async () => {
    const onSubmit = vi.fn();
    render(
      <KitHarness path="/recuperar">
        <NewPasswordForm submitLabel="Redefinir senha" pending={false} onSubmit={onSubmit} />
      </KitHarness>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'novaSenha1');
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'novaSenha2');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(passwordMessages.resetMismatch)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Confirme a nova senha/));
    await user.type(screen.getByLabelText(/Confirme a nova senha/), 'novaSenha1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(onSubmit).toHaveBeenCalledWith('novaSenha1', 'novaSenha1');
  });
});
