import { Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { failureStatus } from '../api.ts';
import { notifySuccess } from '../notify.ts';
import { LoadError, PageLoader } from '../QueryState.tsx';
import type { FieldErrors, Validated } from '../validate.ts';
import { FailureAlert } from './FailureAlert.tsx';
import { EMPTY_PASSWORDS, PasswordFields, type PasswordValues } from './PasswordFields.tsx';

/** What the form hands to the area: the e-mail and the passwords typed (a blank new password keeps the old one). */
export interface ProfileValues {
  email: string;
  currentPassword: string;
  newPassword: string;
}

/** The area's save call: TanStack Query's mutation shape (its api/ hook). */
export interface ProfileMutation<T> {
  mutate(body: T, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }): void;
  readonly isPending: boolean;
}

export interface ProfileFormProps<T> {
  readonly initialEmail: string;
  /** The contract's name of the e-mail ('username' for the admin), where its error comes back. */
  readonly emailKey: string;
  readonly emailAutoComplete: 'username' | 'email';
  /** Hints under the password fields, in the area's words. */
  readonly hints: { readonly currentPassword?: string; readonly newPassword?: string };
  readonly submitLabel: string;
  /** Fields of the area besides e-mail and passwords (the merchant's phone), shown with the errors. */
  readonly extraFields?: (errors: FieldErrors) => ReactNode;
  /** Two columns on wide screens, for areas with more fields. */
  readonly columns?: 1 | 2;
  /** Validates with the area's contract; its errors are keyed by the contract's field names. */
  readonly prepare: (values: ProfileValues) => Validated<T>;
  readonly save: ProfileMutation<T>;
}

/**
 * An account's own e-mail and password, in every area: the current password confirms any change, a blank new
 * password keeps the old one, 'Perfil atualizado com sucesso' or 'Incapaz de editar (status)'.
 */
export function ProfileForm<T>({
  initialEmail,
  emailKey,
  emailAutoComplete,
  hints,
  submitLabel,
  extraFields,
  columns = 1,
  prepare,
  save,
}: ProfileFormProps<T>) {
  const [email, setEmail] = useState(initialEmail);
  const [passwords, setPasswords] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = prepare({
      email,
      currentPassword: passwords.currentPassword,
      newPassword: passwords.newPassword,
    });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed.value, {
      onSuccess: () => {
        setPasswords(EMPTY_PASSWORDS);
        notifySuccess('Perfil atualizado com sucesso');
      },
      onError: (error) => setFailure(`Incapaz de editar (${failureStatus(error)})`),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert failure={failure} />
        <SimpleGrid cols={columns === 2 ? { base: 1, sm: 2 } : 1}>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete={emailAutoComplete}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors[emailKey]}
            required
          />
          {extraFields?.(errors)}
          <PasswordFields
            values={passwords}
            onChange={setPasswords}
            errors={errors}
            hints={hints}
            newPasswordRequired={false}
          />
        </SimpleGrid>
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The part of a TanStack query the profile page reads: the signed-in user. */
export interface UserQuery<U> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  readonly data: U | undefined;
  refetch(): Promise<unknown>;
}

export interface ProfilePanelProps<U> {
  readonly title: string;
  readonly subtitle: string;
  readonly maxWidth: number;
  readonly user: UserQuery<U>;
  /** The form, once the user is read. */
  readonly children: (user: U) => ReactNode;
  /** Sections of the area below the form (the merchant's webhooks). */
  readonly after?: ReactNode;
}

/** A profile page: its title, the signed-in user read (loader, or the error with 'Tentar novamente'), the form. */
export function ProfilePanel<U>({ title, subtitle, maxWidth, user, children, after }: ProfilePanelProps<U>) {
  return (
    <Stack gap="lg" maw={maxWidth}>
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </div>
      <Paper withBorder radius="lg" p="xl">
        {user.isPending ? (
          <PageLoader />
        ) : user.isError || user.data === undefined ? (
          <LoadError
            title="Não foi possível carregar seu perfil"
            error={user.error}
            onRetry={() => void user.refetch()}
          />
        ) : (
          children(user.data)
        )}
      </Paper>
      {after}
    </Stack>
  );
}
