import { customerMessages, isValidCpf, onlyDigits, passwordMessages } from '@drip/core';
import { Alert, Anchor, Button, PasswordInput, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import { CPF_MASK, MaskedTextInput } from '../shared/MaskedTextInput.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { useRequestCustomerRecovery } from './api/recoverPassword.ts';
import { useResetCustomerPassword } from './api/resetPassword.ts';
import { useValidateCustomerToken } from './api/validateToken.ts';
import { CUSTOMER_LOGIN_PATH } from './context.tsx';

type State = { step: 0 } | { step: 1; cpf: string } | { step: 2; cpf: string; token: string };

function Failure({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

function RequestStep({ onSent }: { onSent: (cpf: string) => void }) {
  const request = useRequestCustomerRecovery();
  const [cpf, setCpf] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = onlyDigits(cpf);
    if (!isValidCpf(digits)) {
      setError('O campo CPF fornecido é inválido');
      return;
    }
    setError(undefined);
    setFailure(null);
    request.mutate(digits, {
      onSuccess: (data) =>
        data.smsDelivered ? onSent(digits) : setFailure(customerMessages.recoverySmsFailed),
      onError: () => setFailure(customerMessages.recoverySmsFailed),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">Informe seu CPF. Enviaremos um código por SMS para o celular cadastrado.</Text>
        <Failure message={failure} />
        <MaskedTextInput
          mask={CPF_MASK}
          label="CPF"
          inputMode="numeric"
          maxLength={14}
          placeholder="000.000.000-00"
          onValueChange={setCpf}
          error={error}
          required
        />
        <Button type="submit" loading={request.isPending} fullWidth size="md">
          Enviar código
        </Button>
      </Stack>
    </form>
  );
}

function TokenStep({ cpf, onValid }: { cpf: string; onValid: (token: string) => void }) {
  const validateToken = useValidateCustomerToken();
  const [token, setToken] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{6}$/.test(token)) {
      setFailure(customerMessages.recoveryTokenInvalid);
      return;
    }
    validateToken.mutate(
      { token, customerCpf: cpf },
      {
        onSuccess: (data) =>
          data.isValid ? onValid(token) : setFailure(customerMessages.recoveryTokenInvalid),
        onError: () => setFailure(customerMessages.recoveryTokenInvalid),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">Digite o código de 6 dígitos que enviamos por SMS.</Text>
        <Failure message={failure} />
        <TextInput
          label="Código recebido por SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={token}
          onChange={(e) => setToken(e.currentTarget.value.replace(/\D/g, ''))}
          required
          styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
        />
        <Button type="submit" loading={validateToken.isPending} fullWidth size="md">
          Confirmar código
        </Button>
      </Stack>
    </form>
  );
}

function PasswordStep({ cpf, token }: { cpf: string; token: string }) {
  const reset = useResetCustomerPassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeatPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: password.length < 8 ? passwordMessages.resetMin8 : undefined,
      repeatPassword: password !== repeatPassword ? passwordMessages.resetMismatch : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.password || next.repeatPassword) return;
    reset.mutate(
      { token, customerCpf: cpf, password, repeatPassword },
      {
        onSuccess: (data) => {
          if (!data.passwordUpdated) {
            setFailure(customerMessages.recoveryResetFailed);
            return;
          }
          notifySuccess(customerMessages.recoveryResetSucceeded);
          void navigate(CUSTOMER_LOGIN_PATH, { replace: true });
        },
        onError: () => setFailure(customerMessages.recoveryResetFailed),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">
          Use de 8 a 15 caracteres; recomendamos misturar números, letras maiúsculas e caracteres especiais.
        </Text>
        <Failure message={failure} />
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Confirme a nova senha"
          autoComplete="new-password"
          value={repeatPassword}
          onChange={(e) => setRepeatPassword(e.currentTarget.value)}
          error={errors.repeatPassword}
          required
        />
        <Button type="submit" loading={reset.isPending} fullWidth size="md">
          Redefinir senha
        </Button>
      </Stack>
    </form>
  );
}

/** /cliente/recuperar-login: CPF → SMS token → new password → login. */
export function CustomerRecoveryPage() {
  const [state, setState] = useState<State>({ step: 0 });
  return (
    <AuthLayout caption="Portal do cliente">
      <Stack gap="lg">
        <Title order={1} fz={24}>
          Recuperar senha
        </Title>
        <Stepper active={state.step} size="xs" allowNextStepsSelect={false}>
          <Stepper.Step label="CPF" />
          <Stepper.Step label="Código" />
          <Stepper.Step label="Nova senha" />
        </Stepper>
        {state.step === 0 ? (
          <RequestStep onSent={(cpf) => setState({ step: 1, cpf })} />
        ) : state.step === 1 ? (
          <TokenStep cpf={state.cpf} onValid={(token) => setState({ step: 2, cpf: state.cpf, token })} />
        ) : (
          <PasswordStep cpf={state.cpf} token={state.token} />
        )}
        <Anchor component={Link} to={CUSTOMER_LOGIN_PATH} size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
