import {
  MerchantRecoverPasswordRequest,
  MerchantResetPasswordRequest,
  merchantMessages,
  normalizePhone,
} from '@drip/core';
import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import { NewPasswordForm } from '../shared/account/NewPasswordForm.tsx';
import { MaskedTextInput, PHONE_MASK } from '../shared/MaskedTextInput.tsx';
import { notifyError, notifySuccess } from '../shared/notify.ts';
import { LoadError, PageLoader } from '../shared/QueryState.tsx';
import { validate } from '../shared/validate.ts';
import { useRecoverMerchantEmail } from './api/recoverEmail.ts';
import { useRecoverMerchantPassword } from './api/recoverPassword.ts';
import { useRecoveryLink } from './api/recoveryLink.ts';
import { useResetMerchantPassword } from './api/resetPassword.ts';
import { MERCHANT_LOGIN_PATH } from './context.tsx';

function Heading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={24}>
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" mt={4}>
          {children}
        </Text>
      ) : null}
    </div>
  );
}

function Done({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="md" align="center" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        <svg
          aria-hidden="true"
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ThemeIcon>
      <Title order={1} fz={22}>
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      <Button component={Link} to={MERCHANT_LOGIN_PATH} variant="light" fullWidth>
        Voltar para o login
      </Button>
    </Stack>
  );
}

function ForgotPassword({ onForgotEmail }: { onForgotEmail: () => void }) {
  const recover = useRecoverMerchantPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(MerchantRecoverPasswordRequest, { merchantUserEmail: email });
    if (!parsed.ok) {
      setError(parsed.errors.merchantUserEmail);
      return;
    }
    setError(undefined);
    recover.mutate(parsed.value.merchantUserEmail, {
      onSuccess: (data) => {
        if (data.emailDelivered) setSent(true);
        else notifyError(merchantMessages.recoveryEmailFailed);
      },
      onError: () => notifyError(merchantMessages.recoveryEmailFailed),
    });
  };

  if (sent) {
    return (
      <Done
        title="E-mail enviado"
        text={`Enviamos para ${email.trim()} um link para você cadastrar uma nova senha. Confira também a caixa de spam.`}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Heading title="Esqueceu sua senha?">
          Informe o e-mail de acesso e enviaremos um link para você cadastrar uma nova senha.
        </Heading>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          required
        />
        <Button type="submit" loading={recover.isPending} fullWidth size="md">
          Enviar link
        </Button>
        <Anchor component="button" type="button" onClick={onForgotEmail} size="sm">
          Esqueci meu e-mail de acesso
        </Anchor>
        <Anchor component={Link} to={MERCHANT_LOGIN_PATH} size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}

function ForgotEmail({ onBack }: { onBack: () => void }) {
  const recover = useRecoverMerchantEmail();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizePhone(phone);
    if (normalized === null) {
      setError('Informe um celular válido com DDD');
      return;
    }
    setError(undefined);
    const failed = () => {
      setError(merchantMessages.operationFailed);
      notifyError(merchantMessages.recoverySmsFailed);
    };
    recover.mutate(normalized, {
      onSuccess: (data) => (data.smsDelivered ? setSent(true) : failed()),
      onError: failed,
    });
  };

  if (sent) {
    return (
      <Done
        title={merchantMessages.recoverySmsSent}
        text="Enviamos por SMS o e-mail de acesso cadastrado para este telefone."
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Heading title="Recuperar e-mail de acesso">
          Informe o celular cadastrado e enviaremos por SMS o e-mail que você usa para entrar.
        </Heading>
        <MaskedTextInput
          mask={PHONE_MASK}
          label="Celular"
          type="tel"
          autoComplete="tel"
          placeholder="+55 (11) 91234-5678"
          onValueChange={setPhone}
          error={error}
          required
        />
        <Button type="submit" loading={recover.isPending} fullWidth size="md">
          Enviar SMS
        </Button>
        <Anchor component="button" type="button" onClick={onBack} size="sm">
          Voltar
        </Anchor>
      </Stack>
    </form>
  );
}

function ResetPassword({ recoveryId, onRequestAgain }: { recoveryId: string; onRequestAgain: () => void }) {
  const link = useRecoveryLink(recoveryId);
  const reset = useResetMerchantPassword(recoveryId);
  const navigate = useNavigate();

  if (link.isPending) return <PageLoader label="Verificando o link…" />;
  if (link.isError) {
    return (
      <LoadError
        title="Não foi possível verificar o link"
        error={link.error}
        onRetry={() => void link.refetch()}
      />
    );
  }
  if (link.data.linkExpired) {
    return (
      <Stack gap="md">
        <Alert color="orange" role="alert">
          {merchantMessages.recoveryLinkExpired}
        </Alert>
        <Button onClick={onRequestAgain} fullWidth>
          Solicitar novo link
        </Button>
      </Stack>
    );
  }

  return (
    <NewPasswordForm
      title="Cadastre sua nova senha"
      submitLabel="Alterar senha"
      pending={reset.isPending}
      check={(password, repeatPassword) => {
        const parsed = validate(MerchantResetPasswordRequest, { password, repeatPassword });
        return parsed.ok ? {} : parsed.errors;
      }}
      onSubmit={(password, repeatPassword) =>
        reset.mutate(
          { password, repeatPassword },
          {
            onSuccess: (data) => {
              if (!data.passwordUpdated) {
                notifyError(merchantMessages.recoveryResetFailed);
                return;
              }
              notifySuccess('Senha alterada com sucesso');
              void navigate(MERCHANT_LOGIN_PATH, { replace: true });
            },
            onError: () => notifyError(merchantMessages.recoveryResetFailed),
          },
        )
      }
    />
  );
}

export function MerchantRecoveryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const recoveryId = searchParams.get('recovery_id');
  const [view, setView] = useState<'password' | 'email'>('password');
  return (
    <AuthLayout caption="Portal do parceiro">
      {recoveryId ? (
        <ResetPassword
          recoveryId={recoveryId}
          onRequestAgain={() => setSearchParams({}, { replace: true })}
        />
      ) : view === 'email' ? (
        <ForgotEmail onBack={() => setView('password')} />
      ) : (
        <ForgotPassword onForgotEmail={() => setView('email')} />
      )}
    </AuthLayout>
  );
}
