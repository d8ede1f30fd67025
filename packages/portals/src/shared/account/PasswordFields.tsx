import { PasswordInput } from '../PasswordInput.tsx';

/** The password fields an account form may show; a confirmation only where the area asks for one. */
export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

/** Each field's message, when it has one. */
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

export const EMPTY_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmation: '' };

export interface PasswordFieldsProps {
  readonly values: PasswordValues;
  readonly onChange: (values: PasswordValues) => void;
  readonly errors: PasswordErrors;
  /** Hints under the fields, in the area's words. */
  readonly hints?: { readonly currentPassword?: string; readonly newPassword?: string };
  /** Whether the new password must be given (a password change) or may stay blank (a profile edit). */
  readonly newPasswordRequired: boolean;
  readonly withConfirmation?: boolean;
}

/**
 * Current password, new password and, where asked, its confirmation: every area's profile and password change,
 * with 'Mostrar senha' on each (shared/PasswordInput) and the browser's password manager hints.
 */
export function PasswordFields({
  values,
  onChange,
  errors,
  hints = {},
  newPasswordRequired,
  withConfirmation = false,
}: PasswordFieldsProps) {
  const set = (key: keyof PasswordValues) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...values, [key]: e.currentTarget.value });
  return (
    <>
      <PasswordInput
        label="Senha atual"
        description={hints.currentPassword}
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={errors.currentPassword}
        required
      />
      <PasswordInput
        label="Nova senha"
        description={hints.newPassword}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        required={newPasswordRequired}
      />
      {withConfirmation ? (
        <PasswordInput
          label="Confirme a nova senha"
          autoComplete="new-password"
          value={values.confirmation}
          onChange={set('confirmation')}
          error={errors.confirmation}
          required
        />
      ) : null}
    </>
  );
}
