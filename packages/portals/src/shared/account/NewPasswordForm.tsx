import { passwordMessages } from '@drip/core';
import { Button, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PasswordInput } from '../PasswordInput.tsx';
import { FailureAlert } from './FailureAlert.tsx';

export interface NewPasswordErrors {
  password?: string;
  repeatPassword?: string;
}

/** Spec 5 for a recovery: at least 8 characters, and the confirmation must match. */
export function checkNewPassword(password: string, repeatPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password.length < 8) errors.password = passwordMessages.resetMin8;
  if (password !== repeatPassword) errors.repeatPassword = passwordMessages.resetMismatch;
  return errors;
}

export interface NewPasswordFormProps {
  /** A heading above the hint, for pages that have none of their own. */
  readonly title?: string;
  readonly submitLabel: string;
  readonly pending: boolean;
  readonly failure?: string | null;
  /** The area's check (its contract); spec 5's recovery rules by default. */
  readonly check?: (password: string, repeatPassword: string) => NewPasswordErrors;
  readonly onSubmit: (password: string, repeatPassword: string) => void;
}

/** The last step of a password recovery or a first access: the new password and its confirmation. */
export function NewPasswordForm({
  title,
  submitLabel,
  pending,
  failure = null,
  check = checkNewPassword,
  onSubmit,
}: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = check(password, repeatPassword);
    setErrors(next);
    if (next.password || next.repeatPassword) return;
    onSubmit(password, repeatPassword);
  };
  const hint =
    'Use de 8 a 15 caracteres; recomendamos misturar números, letras maiúsculas e caracteres especiais.';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {title ? (
          <div>
            <Title order={1} fz={24}>
              {title}
            </Title>
            <Text c="dimmed" mt={4}>
              {hint}
            </Text>
          </div>
        ) : (
          <Text c="dimmed">{hint}</Text>
        )}
        <FailureAlert failure={failure} />
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
        <Button type="submit" loading={pending} fullWidth size="md">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
