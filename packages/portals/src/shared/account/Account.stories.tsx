import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AdminUpdateUserRequest } from '@drip/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';
import { ApiFailure } from '../api.ts';
import { KitHarness } from '../kit/demo.tsx';
import { validate } from '../validate.ts';
import { DemoLogin } from './demo.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { EMPTY_PASSWORDS, PasswordFields, type PasswordValues } from './PasswordFields.tsx';
import { ProfileForm, type ProfileMutation } from './ProfileForm.tsx';
import { TwoStepForm } from './TwoStepForm.tsx';

/** The account pages every area is built from (shared/account), each shown as one area configures it. */
const meta = {
  title: 'Portals/Account',
  component: KitHarness,
  args: { path: '/login', children: null },
} satisfies Meta<typeof KitHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo login answering as an area would: a failure, or the remembered session. */
function StatefulLogin() {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <DemoLogin
      failure={failure}
      onSubmit={(_password, remember) =>
        setFailure(remember ? 'Sessão mantida neste navegador' : 'E-Mail e/ou senha incorreta')
      }
    />
  );
}

export const Login: Story = {
  args: { children: <StatefulLogin /> },
  parameters: {
    keyText: ['Olá', 'Faça login para acessar sua conta', 'Mantenha-me conectado', 'Esqueci a senha'],
  },
};

/** An empty submit names each missing field; the area's username check decides its own message. */
export const LoginRequiredFields: Story = {
  args: { children: <StatefulLogin /> },
  parameters: { keyText: ['Informe seu e-mail', 'Informe sua senha'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Entrar' }));
  },
};

/** The checkbox reaches the area with the password, which then keeps the session beyond the tab. */
export const LoginRemembered: Story = {
  args: { children: <StatefulLogin /> },
  parameters: { keyText: 'Sessão mantida neste navegador' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^E-mail/), 'admin@drip.dev');
    await userEvent.type(canvas.getByLabelText(/^Senha/), 'segredo');
    await userEvent.click(canvas.getByLabelText('Mantenha-me conectado'));
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
  },
};

function DemoTwoStep() {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <TwoStepForm
      texts={{
        title: 'Verificação em duas etapas',
        codeLabel: 'Drip Token',
        submit: 'Confirmar',
        back: 'Voltar',
      }}
      sentTo={
        <>
          Enviamos um código de 6 dígitos por SMS para <strong>+55 (11) *****-4321</strong>.
        </>
      }
      pending={false}
      failure={failure}
      onSubmit={() => setFailure('Drip Token inválido, verifique o número inserido.')}
      onBack={() => setFailure(null)}
    />
  );
}

export const TwoStep: Story = {
  args: { children: <DemoTwoStep /> },
  parameters: { keyText: ['Drip Token', '+55 (11) *****-4321'] },
};

export const TwoStepShortCode: Story = {
  args: { children: <DemoTwoStep /> },
  parameters: { keyText: 'Informe o código de 6 dígitos' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Drip Token/), '12a3');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirmar' }));
  },
};

export const TwoStepRejected: Story = {
  args: { children: <DemoTwoStep /> },
  parameters: { keyText: 'Drip Token inválido, verifique o número inserido.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Drip Token/), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirmar' }));
  },
};

function demoSave(outcome: 'ok' | number): ProfileMutation<AdminUpdateUserRequest> {
  return {
    isPending: false,
    mutate: (_body, { onSuccess, onError }) =>
      outcome === 'ok'
        ? onSuccess()
        : onError(new ApiFailure({ kind: 'http', code: 'X', message: 'x', status: outcome })),
  };
}

function DemoProfile({ outcome }: { outcome: 'ok' | number }) {
  return (
    <ProfileForm
      initialEmail="admin@drip.dev"
      emailKey="username"
      emailAutoComplete="username"
      hints={{ newPassword: 'Deixe em branco para manter a senha atual' }}
      submitLabel="Atualizar"
      prepare={(values) =>
        validate(AdminUpdateUserRequest, {
          username: values.email,
          currentPassword: values.currentPassword,
          newPassword: values.newPassword === '' ? undefined : values.newPassword,
        })
      }
      save={demoSave(outcome)}
    />
  );
}

export const Profile: Story = {
  args: { children: <DemoProfile outcome="ok" /> },
  parameters: { keyText: ['Senha atual', 'Nova senha', 'Deixe em branco para manter a senha atual'] },
};

/** Saved with the current password only: the new one may stay blank. */
export const ProfileSavedWithoutNewPassword: Story = {
  args: { children: <DemoProfile outcome="ok" /> },
  parameters: { keyText: 'Perfil atualizado com sucesso' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Senha atual/), 'senha-atual');
    await userEvent.click(canvas.getByRole('button', { name: 'Atualizar' }));
  },
};

export const ProfileFailed: Story = {
  args: { children: <DemoProfile outcome={409} /> },
  parameters: { keyText: 'Incapaz de editar (409)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Senha atual/), 'senha-atual');
    await userEvent.click(canvas.getByRole('button', { name: 'Atualizar' }));
  },
};

function DemoPasswordChange() {
  const [values, setValues] = useState<PasswordValues>(EMPTY_PASSWORDS);
  return (
    <PasswordFields
      values={values}
      onChange={setValues}
      errors={{ confirmation: 'As senhas devem ser iguais' }}
      hints={{ newPassword: 'No mínimo 6 caracteres' }}
      newPasswordRequired
      withConfirmation
    />
  );
}

/** The customer's 'Alterar senha': the three fields, each with 'Mostrar senha'. */
export const PasswordChange: Story = {
  args: { children: <DemoPasswordChange /> },
  parameters: { keyText: ['Confirme a nova senha', 'No mínimo 6 caracteres', 'As senhas devem ser iguais'] },
};

export const NewPassword: Story = {
  args: {
    children: (
      <NewPasswordForm
        title="Cadastre sua nova senha"
        submitLabel="Alterar senha"
        pending={false}
        onSubmit={() => {}}
      />
    ),
  },
  parameters: { keyText: ['Cadastre sua nova senha', 'Use de 8 a 15 caracteres'] },
};

/** Spec 5's recovery rules: 8 characters at least, and the same twice. */
export const NewPasswordMismatch: Story = {
  args: { children: <NewPasswordForm submitLabel="Redefinir senha" pending={false} onSubmit={() => {}} /> },
  parameters: { keyText: ['As senha devem conter no mínimo 8 caracteres', 'As senhas não conferem'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Nova senha/), 'curta');
    await userEvent.type(canvas.getByLabelText(/Confirme a nova senha/), 'outra');
    await userEvent.click(canvas.getByRole('button', { name: 'Redefinir senha' }));
  },
};
