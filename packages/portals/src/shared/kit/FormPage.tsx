import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { FieldErrors } from '../validate.ts';
import { FailureBanner } from './form.tsx';

/**
 * A form's values, its field errors and the props that bind a field to one value: `text(key)` for the inputs that
 * hand a change event (TextInput, Textarea, DateField), `field(key)` for those that hand the value (MoneyInput,
 * ImageUpload, ChoiceSelect). A field's error is the one under its key, or under `errorKey` when the contract names
 * it otherwise (a store picked as `store`, checked as `storeId`).
 */
export function useFormFields<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((prev) => ({ ...prev, [key]: value }));
  const errorOf = (key: keyof V, errorKey?: string) => errors[errorKey ?? String(key)];
  return {
    values,
    setValues,
    set,
    errors,
    setErrors,
    text: <K extends { [P in keyof V]: V[P] extends string ? P : never }[keyof V]>(
      key: K,
      errorKey?: string,
    ) => ({
      value: values[key] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        set(key, event.currentTarget.value as V[K]),
      error: errorOf(key, errorKey),
    }),
    field: <K extends keyof V>(key: K, errorKey?: string) => ({
      value: values[key],
      onChange: (value: V[K]) => set(key, value),
      error: errorOf(key, errorKey),
    }),
  };
}

export interface FormPageProps {
  /** The link back (to the list, or the record's details) above the title. */
  back: { to: string; label: string };
  title: string;
  /** The submit button's text ('Criar', 'Atualizar', 'Salvar'). */
  submitLabel: string;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A failed save, as a banner with its status above the form (spec 5); none without `error`. */
  failure?: { title: string; error: unknown };
  /** The page's width at most (a short form is narrower). */
  maw?: number;
  children: ReactNode;
}

/**
 * A back-office form page: the link back, the title, the failure banner, and a card holding the form (named by its
 * title, the browser's own validation off: the contract's messages show under the fields) with its fields and the
 * submit button at the end.
 */
export function FormPage({
  back,
  title,
  submitLabel,
  saving,
  onSubmit,
  failure,
  maw = 760,
  children,
}: FormPageProps) {
  return (
    <Stack gap="lg" maw={maw}>
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      <Title order={2}>{title}</Title>
      {failure ? <FailureBanner title={failure.title} error={failure.error} /> : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="md">
            {children}
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
