import { type AdminLoginRequest, adminLoginError, onlyDigits, usernameKind } from '@drip/core';
import { Alert, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { loginEndpoints } from '../app/deps.ts';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import { failureStatus, unwrap } from '../shared/api.ts';
import { PasswordInput } from '../shared/PasswordInput.tsx';
import { useSubmit } from '../shared/useSubmit.ts';
import { ADMIN_HOME_PATH, useAdmin } from './context.tsx';

export function AdminLoginPage() {
  const { session, client } = useAdmin();
  const navigate = useNavigate();
  // The login's own submit, not the api/ hook: TanStack Query is not in a login's first load (shared/queries.tsx).
  const login = useSubmit(async (body: AdminLoginRequest) =>
    unwrap(await client.call((await loginEndpoints()).adminLogin, { body })),
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = username.trim();
    const next = {
      username: trimmed === '' ? 'Informe seu e-mail' : undefined,
      password: password === '' ? 'Informe sua senha' : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.username || next.password) return;
    const kind = usernameKind(trimmed);
    login.mutate(
      { username: kind === 'cpf' ? onlyDigits(trimmed) : trimmed, password },
      {
        onSuccess: (pair) => {
          session.save(pair, remember);
          void navigate(ADMIN_HOME_PATH, { replace: true });
        },
        onError: (error) => setFailure(adminLoginError(failureStatus(error), kind)),
      },
    );
  };

  return (
    <AuthLayout caption="Back office">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              Olá
            </Title>
            <Text c="dimmed">Faça login para acessar sua conta</Text>
          </div>
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
            required
          />
          <PasswordInput
            label="Senha"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
          <Checkbox
            label="Mantenha-me conectado"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            Entrar
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
