import { customerMessages, isValidCpf, merchantMessages, normalizePhone, onlyDigits } from '@drip/core';
import { Alert, Anchor, Button, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import { FailureAlert } from '../shared/account/FailureAlert.tsx';
import { NewPasswordForm } from '../shared/account/NewPasswordForm.tsx';
import { failureStatus } from '../shared/api.ts';
import { CpfInput } from '../shared/CpfInput.tsx';
import { MaskedTextInput, PHONE_MASK } from '../shared/MaskedTextInput.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { PageLoader } from '../shared/QueryState.tsx';
import { useCustomerAccessLink, useSetCustomerAccessPassword } from './api/accessLink.ts';
import { useRequestCustomerRecovery } from './api/recoverPassword.ts';
import { useRequestCustomerRecoveryByPhone } from './api/recoverPhone.ts';
import { useResetCustomerPassword } from './api/resetPassword.ts';
import { useValidateCustomerToken } from './api/validateToken.ts';
import { CUSTOMER_LOGIN_PATH } from './context.tsx';

/** Texts of the recovery screens that the spec does not give (Drip's wording). */
export const recoveryMessages = {
  byCpf: 'Informe seu CPF. Enviaremos um código por SMS para o celular cadastrado.',
  byPhone:
    'Informe seu CPF e o celular cadastrado na sua conta. Por segurança, o código só é enviado se este for o celular verificado da conta.',
  changedPhone:
    'Trocou de número? Por segurança não enviamos códigos para um celular novo: fale com o nosso atendimento.',
  usePhone: 'Prefiro informar o celular cadastrado',
  useCpfOnly: 'Informar só o CPF',
  cpfInvalid: 'O campo CPF fornecido é inválido',
  firstAccessTitle: 'Crie sua senha',
  firstAccess:
    'Sua compra com a Drip foi aprovada. Crie uma senha para acompanhar e pagar suas parcelas no portal do cliente.',
  requestAgain: 'Recuperar a senha pelo CPF',
} as const;

type State =
  | { step: 0; by: 'cpf' | 'phone' }
  | { step: 1; cpf: string }
  | { step: 2; cpf: string; token: string };

function RequestStep({ onSent, onUsePhone }: { onSent: (cpf: string) => void; onUsePhone: () => void }) {
  const request = useRequestCustomerRecovery();
  const [cpf, setCpf] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = onlyDigits(cpf);
    if (!isValidCpf(digits)) {
      setError(recoveryMessages.cpfInvalid);
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
        <Text c="dimmed">{recoveryMessages.byCpf}</Text>
        <FailureAlert failure={failure} />
        <CpfInput onValueChange={setCpf} error={error} required />
        <Button type="submit" loading={request.isPending} fullWidth size="md">
          Enviar código
        </Button>
        <Anchor component="button" type="button" onClick={onUsePhone} size="sm" ta="center">
          {recoveryMessages.usePhone}
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * PUT v1/recover/phone: CPF and the phone on file. The server sends the token only when that phone is the verified
 * phone of the CPF's account, and answers the same otherwise (docs/identity.md, "Recovery").
 */
function PhoneRequestStep({ onSent, onUseCpf }: { onSent: (cpf: string) => void; onUseCpf: () => void }) {
  const request = useRequestCustomerRecoveryByPhone();
  const [cpf, setCpf] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ cpf?: string; phone?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = onlyDigits(cpf);
    const normalized = normalizePhone(phone);
    const next = {
      cpf: isValidCpf(digits) ? undefined : recoveryMessages.cpfInvalid,
      phone: normalized === null ? customerMessages.recoveryPhoneInvalid : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.cpf || next.phone || normalized === null) return;
    request.mutate(
      { customerCpf: digits, customerPhone: normalized },
      {
        onSuccess: (data) =>
          data.smsDelivered ? onSent(digits) : setFailure(customerMessages.recoverySmsFailed),
        onError: (error) =>
          setFailure(
            failureStatus(error) === 400
              ? customerMessages.recoveryPhoneInvalid
              : customerMessages.recoverySmsFailed,
          ),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{recoveryMessages.byPhone}</Text>
        <FailureAlert failure={failure} />
        <CpfInput onValueChange={setCpf} error={errors.cpf} required />
        <MaskedTextInput
          mask={PHONE_MASK}
          label="Celular cadastrado"
          type="tel"
          autoComplete="tel"
          placeholder="+55 (11) 91234-5678"
          onValueChange={setPhone}
          error={errors.phone}
          required
        />
        <Text size="sm" c="dimmed">
          {recoveryMessages.changedPhone}
        </Text>
        <Button type="submit" loading={request.isPending} fullWidth size="md">
          Enviar código
        </Button>
        <Anchor component="button" type="button" onClick={onUseCpf} size="sm" ta="center">
          {recoveryMessages.useCpfOnly}
        </Anchor>
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
        <FailureAlert failure={failure} />
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
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <NewPasswordForm
      pending={reset.isPending}
      failure={failure}
      submitLabel="Redefinir senha"
      onSubmit={(password, repeatPassword) => {
        setFailure(null);
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
      }}
    />
  );
}

/**
 * The first-access link of the SMS sent with a first order (`?acesso=<token>`): the link is checked, then the new
 * password is set (the link is used up) and the customer goes to the login.
 */
function FirstAccess({ token, onRequestAgain }: { token: string; onRequestAgain: () => void }) {
  const link = useCustomerAccessLink(token);
  const set = useSetCustomerAccessPassword();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  if (link.isPending) return <PageLoader label="Verificando o link…" />;
  if (expired || link.isError || link.data.linkExpired) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {merchantMessages.recoveryLinkExpired}
        </Alert>
        <Button onClick={onRequestAgain} fullWidth size="md">
          {recoveryMessages.requestAgain}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>{recoveryMessages.firstAccess}</Text>
      <NewPasswordForm
        pending={set.isPending}
        failure={failure}
        submitLabel="Criar senha"
        onSubmit={(password, repeatPassword) => {
          setFailure(null);
          set.mutate(
            { token, password, repeatPassword },
            {
              onSuccess: () => {
                notifySuccess(customerMessages.recoveryResetSucceeded);
                void navigate(CUSTOMER_LOGIN_PATH, { replace: true });
              },
              onError: (error) => {
                const status = failureStatus(error);
                if (status === 410 || status === 404) setExpired(true);
                else setFailure(customerMessages.recoveryResetFailed);
              },
            },
          );
        }}
      />
    </Stack>
  );
}

/**
 * /cliente/recuperar-login: CPF (or CPF and the phone on file) → SMS token → new password → login. With
 * `?acesso=<token>` (the first-access SMS), straight to creating the password.
 */
export function CustomerRecoveryPage() {
  const [params, setParams] = useSearchParams();
  const accessToken = params.get('acesso');
  const [state, setState] = useState<State>({ step: 0, by: 'cpf' });
  return (
    <AuthLayout caption="Portal do cliente">
      <Stack gap="lg">
        <Title order={1} fz={24}>
          {accessToken ? recoveryMessages.firstAccessTitle : 'Recuperar senha'}
        </Title>
        {accessToken ? (
          <FirstAccess token={accessToken} onRequestAgain={() => setParams({}, { replace: true })} />
        ) : (
          <>
            <Stepper active={state.step} size="xs" allowNextStepsSelect={false}>
              <Stepper.Step label="CPF" />
              <Stepper.Step label="Código" />
              <Stepper.Step label="Nova senha" />
            </Stepper>
            {state.step === 0 ? (
              state.by === 'cpf' ? (
                <RequestStep
                  onSent={(cpf) => setState({ step: 1, cpf })}
                  onUsePhone={() => setState({ step: 0, by: 'phone' })}
                />
              ) : (
                <PhoneRequestStep
                  onSent={(cpf) => setState({ step: 1, cpf })}
                  onUseCpf={() => setState({ step: 0, by: 'cpf' })}
                />
              )
            ) : state.step === 1 ? (
              <TokenStep cpf={state.cpf} onValid={(token) => setState({ step: 2, cpf: state.cpf, token })} />
            ) : (
              <PasswordStep cpf={state.cpf} token={state.token} />
            )}
          </>
        )}
        <Anchor component={Link} to={CUSTOMER_LOGIN_PATH} size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
