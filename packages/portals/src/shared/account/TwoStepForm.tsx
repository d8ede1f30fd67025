import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FailureAlert } from './FailureAlert.tsx';

export interface TwoStepTexts {
  readonly title: string;
  readonly codeLabel: string;
  readonly submit: string;
  readonly back: string;
}

export interface TwoStepFormProps {
  readonly texts: TwoStepTexts;
  /** Where the code went (masked phone, e-mail), in the area's words. */
  readonly sentTo: ReactNode;
  readonly pending: boolean;
  readonly failure: string | null;
  /** Called with the 6 digits. */
  readonly onSubmit: (code: string) => void;
  readonly onBack: () => void;
}

/** The second step of a login: the 6-digit code sent by SMS (and e-mail), or back to the credentials. */
export function TwoStepForm({ texts, sentTo, pending, failure, onSubmit, onBack }: TwoStepFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.trim();
    if (!/^\d{6}$/.test(digits)) {
      setError('Informe o código de 6 dígitos');
      return;
    }
    setError(undefined);
    onSubmit(digits);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            {texts.title}
          </Title>
          <Text c="dimmed" mt={4}>
            {sentTo}
          </Text>
        </div>
        <FailureAlert failure={failure} />
        <TextInput
          label={texts.codeLabel}
          description="Código de 6 dígitos"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
          error={error}
          required
          data-autofocus
          styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
        />
        <Button type="submit" loading={pending} fullWidth size="md">
          {texts.submit}
        </Button>
        <Button variant="subtle" onClick={onBack} disabled={pending}>
          {texts.back}
        </Button>
      </Stack>
    </form>
  );
}
