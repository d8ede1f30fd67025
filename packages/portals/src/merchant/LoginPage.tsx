import {
  authMessages,
  type MerchantLoginChallenge,
  type MerchantLoginRequest,
  maskPhoneForDisplay,
  merchantLoginError,
  type TokenPair,
} from '@drip/core';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type * as v from 'valibot';
import { loginEndpoints } from '../app/deps.ts';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import { failureStatus, unwrap } from '../shared/api.ts';
import { PasswordInput } from '../shared/PasswordInput.tsx';
import { useSubmit } from '../shared/useSubmit.ts';
import { useMerchant } from './context.tsx';
import { resolveLoginRedirect } from './redirect.ts';

type Step = { step: 'credentials' } | { step: 'token'; username: string; challenge: MerchantLoginChallenge };

function isTokenPair(data: TokenPair | MerchantLoginChallenge): data is TokenPair {
  return 'token' in data;
}

export function MerchantLoginPage() {
  const { session, redirectStorage, client } = useMerchant();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The login's own submit, not the api/ hook: TanStack Query is not in a login's first load (shared/queries.tsx).
  const login = useSubmit(async (body: v.InferInput<typeof MerchantLoginRequest>) =>
    unwrap(await client.call((await loginEndpoints()).merchantLogin, { body })),
  );
  const [state, setState] = useState<Step>({ step: 'credentials' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const finish = (pair: TokenPair) => {
    session.save(pair, remember);
    void navigate(resolveLoginRedirect(searchParams.get('redirectTo'), redirectStorage), { replace: true });
  };

  const submitCredentials = (event: FormEvent) => {
    event.preventDefault();
    const email = username.trim();
    const next = {
      username: email === '' ? 'Informe seu e-mail' : undefined,
      password: password === '' ? 'Informe sua senha' : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.username || next.password) return;
    login.mutate(
      { username: email, password },
      {
        onSuccess: (data) => {
          if (isTokenPair(data)) finish(data);
          else {
            setCode('');
            setState({ step: 'token', username: email, challenge: data });
          }
        },
        onError: (error) => setFailure(merchantLoginError(failureStatus(error), 'password')),
      },
    );
  };

  const submitToken = (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'token') return;
    const smsCode = code.trim();
    if (!/^\d{6}$/.test(smsCode)) {
      setErrors({ code: 'Informe o código de 6 dígitos' });
      return;
    }
    setErrors({});
    setFailure(null);
    login.mutate(
      { username: state.username, smsCode },
      {
        onSuccess: (data) => {
          if (isTokenPair(data)) finish(data);
          else setFailure(merchantLoginError(0, 'token'));
        },
        onError: (error) => setFailure(merchantLoginError(failureStatus(error), 'token')),
      },
    );
  };

  const back = () => {
    setCode('');
    setErrors({});
    setFailure(null);
    setState({ step: 'credentials' });
  };

  const alert = failure ? (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  ) : null;

  if (state.step === 'token') {
    const { phone, email } = state.challenge;
    return (
      <AuthLayout caption="Portal do parceiro">
        <form onSubmit={submitToken} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} fz={24}>
                {authMessages.twoStepTitle}
              </Title>
              <Text c="dimmed" mt={4}>
                Enviamos um código de 6 dígitos por SMS para <strong>{maskPhoneForDisplay(phone)}</strong>
                {email ? (
                  <>
                    {' '}
                    e para o e-mail <strong>{email}</strong>
                  </>
                ) : null}
                .
              </Text>
            </div>
            {alert}
            <TextInput
              label="Drip Token"
              description="Código de 6 dígitos"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
              error={errors.code}
              required
              data-autofocus
              styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
            />
            <Button type="submit" loading={login.isPending} fullWidth size="md">
              Confirmar
            </Button>
            <Button variant="subtle" onClick={back} disabled={login.isPending}>
              {authMessages.back}
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout caption="Portal do parceiro">
      <form onSubmit={submitCredentials} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              {authMessages.loginTitle}
            </Title>
            <Text c="dimmed">{authMessages.loginSubtitle}</Text>
          </div>
          {alert}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
            required
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
          <Group justify="space-between">
            <Checkbox
              label={authMessages.keepMeLoggedIn}
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/parceira/recuperar-login" size="sm">
              Esqueci a senha
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            {authMessages.loginSubmit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
