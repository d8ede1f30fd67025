import { maskPhone, PHONE_MASK_MAX_LENGTH } from '@drip/core';
import { type FormEvent, useState } from 'react';
import { phoneError } from '../form/validate.ts';
import { FieldError, StepHeading, StepNumber } from '../ui/layout.tsx';

export interface PhoneFormProps {
  initialPhone: string;
  busy: boolean;
  onSubmit: (phone: string) => void;
}

/** Spec 2.5 "phone form": the server asks only for the phone. */
export function PhoneForm({ initialPhone, busy, onSubmit }: PhoneFormProps) {
  const [phone, setPhone] = useState(() => maskPhone(initialPhone));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = phoneError(phone);
    setError(message);
    if (!message) onSubmit(phone);
  };
  return (
    <section className="step">
      <StepNumber n={1} />
      <StepHeading>Qual é o seu celular?</StepHeading>
      <p className="lead">Enviaremos um código para confirmar que é você.</p>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Celular</span>
          <input
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_MASK_MAX_LENGTH}
            placeholder="+55 (11) 98765-4321"
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'phone-error' : undefined}
            onChange={(e) => {
              setPhone(maskPhone(e.target.value));
              setError(null);
            }}
          />
        </label>
        <FieldError id="phone-error" message={error} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Enviando…' : 'Continuar'}
        </button>
      </form>
    </section>
  );
}

export default PhoneForm;
