import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PasswordInput } from '../PasswordInput.tsx';
import { FailureAlert } from './FailureAlert.tsx';

/** What one area's login says; each area passes its spec texts. */
export interface LoginTexts {
  readonly title: string;
  readonly subtitle: string;
  readonly remember: string;
  readonly submit: string;
  /** The password recovery link, for areas that have one. */
  readonly forgot?: { readonly label: string; readonly to: string };
}

/** What the credentials step holds while it is typed; an area that leaves the step and comes back keeps it. */
export interface LoginFields {
  readonly password: string;
  readonly setPassword: (password: string) => void;
  readonly remember: boolean;
  readonly setRemember: (remember: boolean) => void;
}

export function useLoginFields(): LoginFields {
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  return { password, setPassword, remember, setRemember };
}

export interface LoginFormProps {
  readonly texts: LoginTexts;
  /** The area's username field (an e-mail input, a CPF input), shown with its error. */
  readonly usernameField: (error: string | undefined) => ReactNode;
  /** Checks the username typed so far: a message stops the submit and shows under the field. */
  readonly checkUsername: () => string | undefined;
  readonly pending: boolean;
  /** The server's answer, in the area's words; shown above the fields. */
  readonly failure: string | null;
  /** Called with valid input; `remember` is 'Mantenha-me conectado' (the area keeps the session beyond the tab). */
  readonly onSubmit: (password: string, remember: boolean) => void;
  /** Below the submit button (the customer's help link). */
  readonly footer?: ReactNode;
  /** Held by the area when it shows another step in between (the merchant's code); held here otherwise. */
  readonly fields?: LoginFields;
}

/**
 * The credentials step of every area's login: title, username, password ('Mostrar senha'), 'Mantenha-me conectado',
 * the recovery link and the submit. The area decides the username field, the call and the messages; the password
 * and the checkbox are held here so that the three logins cannot drift apart.
 */
export function LoginForm({
  texts,
  usernameField,
  checkUsername,
  pending,
  failure,
  onSubmit,
  footer,
  fields,
}: LoginFormProps) {
  const own = useLoginFields();
  const { password, setPassword, remember, setRemember } = fields ?? own;
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { username: checkUsername(), password: password === '' ? 'Informe sua senha' : undefined };
    setErrors(next);
    if (next.username || next.password) return;
    onSubmit(password, remember);
  };

  const rememberBox = (
    <Checkbox
      label={texts.remember}
      checked={remember}
      onChange={(e) => setRemember(e.currentTarget.checked)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={28}>
            {texts.title}
          </Title>
          <Text c="dimmed">{texts.subtitle}</Text>
        </div>
        <FailureAlert failure={failure} />
        {usernameField(errors.username)}
        <PasswordInput
          label="Senha"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        {texts.forgot ? (
          <Group justify="space-between">
            {rememberBox}
            <Anchor component={Link} to={texts.forgot.to} size="sm">
              {texts.forgot.label}
            </Anchor>
          </Group>
        ) : (
          rememberBox
        )}
        <Button type="submit" loading={pending} fullWidth size="md">
          {texts.submit}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}

/**
 * The e-mail as the username (admin, merchant): its value, the field for `LoginForm` and its check. `inputProps` adds
 * what an area's field has of its own (the merchant's `type="email"`).
 */
export function useEmailUsername(inputProps: TextInputProps = {}) {
  const [username, setUsername] = useState('');
  return {
    username: username.trim(),
    usernameField: (error: string | undefined) => (
      <TextInput
        label="E-mail"
        name="username"
        autoComplete="username"
        {...inputProps}
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
        error={error}
        required
      />
    ),
    checkUsername: () => (username.trim() === '' ? 'Informe seu e-mail' : undefined),
  };
}
