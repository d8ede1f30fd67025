import { formatShopperPhoneInput, type PhoneCountry, parseShopperPhone } from '@drip/core';
import { type FormEvent, useState } from 'react';
import { PhoneField } from '../form/PhoneField.tsx';
import { phoneError } from '../form/validate.ts';
import { FieldError, StepHeading, StepNumber } from '../ui/layout.tsx';

export interface PhoneFormProps {
  initialPhone: string;
  busy: boolean;
  onSubmit: (phone: string) => void;
}

/** Spec 2.5 "phone form": the server asks only for the phone. */
export function PhoneForm({ initialPhone, busy, onSubmit }: PhoneFormProps) {
  const [phone, setPhone] = useState(() => formatShopperPhoneInput(initialPhone).text);
  const [country, setCountry] = useState<PhoneCountry>(() => formatShopperPhoneInput(initialPhone).country);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = phoneError(phone, country);
    setError(message);
    const parsed = parseShopperPhone(phone, country);
    if (!message && parsed.ok) onSubmit(parsed.e164);
  };
  return (
    <section className="step">
      <StepNumber n={1} />
      <StepHeading>Qual é o seu celular?</StepHeading>
      <p className="lead">Enviaremos um código para confirmar que é você.</p>
      <form className="form" onSubmit={submit} noValidate>
        <PhoneField
          id="phone"
          label="Celular"
          value={phone}
          invalid={error !== null}
          describedBy={error ? 'phone-error' : undefined}
          onChange={(text, next) => {
            setPhone(text);
            setCountry(next);
            setError(null);
          }}
        >
          <FieldError id="phone-error" message={error} />
        </PhoneField>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Enviando…' : 'Continuar'}
        </button>
      </form>
    </section>
  );
}

export default PhoneForm;
