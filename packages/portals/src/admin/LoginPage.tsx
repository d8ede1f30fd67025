import { type AdminLoginRequest, adminLoginError, onlyDigits, usernameKind } from '@drip/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loginEndpoints } from '../app/deps.ts';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import { LoginForm, type LoginTexts, useEmailUsername } from '../shared/account/LoginForm.tsx';
import { failureStatus, unwrap } from '../shared/api.ts';
import { useSubmit } from '../shared/useSubmit.ts';
import { ADMIN_HOME_PATH, useAdmin } from './context.tsx';

/** Spec 2.2, admin login: no recovery link in the back office. */
export const ADMIN_LOGIN_TEXTS: LoginTexts = {
  title: 'Olá',
  subtitle: 'Faça login para acessar sua conta',
  remember: 'Mantenha-me conectado',
  submit: 'Entrar',
};

export function AdminLoginPage() {
  const { session, client } = useAdmin();
  const navigate = useNavigate();
  // The login's own submit, not the api/ hook: TanStack Query is not in a login's first load (shared/queries.tsx).
  const login = useSubmit(async (body: AdminLoginRequest) =>
    unwrap(await client.call((await loginEndpoints()).adminLogin, { body })),
  );
  const email = useEmailUsername();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <AuthLayout caption="Back office">
      <LoginForm
        texts={ADMIN_LOGIN_TEXTS}
        usernameField={email.usernameField}
        checkUsername={email.checkUsername}
        pending={login.isPending}
        failure={failure}
        onSubmit={(password, remember) => {
          setFailure(null);
          const trimmed = email.username;
          const kind = usernameKind(trimmed);
          login.mutate(
            { username: kind === 'cpf' ? onlyDigits(trimmed) : trimmed, password, remember },
            {
              onSuccess: (pair) => {
                session.save(pair, remember);
                void navigate(ADMIN_HOME_PATH, { replace: true });
              },
              onError: (error) => setFailure(adminLoginError(failureStatus(error), kind)),
            },
          );
        }}
      />
    </AuthLayout>
  );
}
