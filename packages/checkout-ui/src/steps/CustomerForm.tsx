import {
  type ApiResult,
  type CepLookupResponse,
  type CustomerDataRequest,
  type CustomerFieldName,
  formatShopperPhoneInput,
  checkoutFormMessages as m,
  maskCep,
  maskCpf,
  onlyDigits,
  type PhoneCountry,
} from '@drip/core';
import { type ComponentProps, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { PhoneField } from '../form/PhoneField.tsx';
import {
  CEP_DIGITS,
  type CustomerDraft,
  cepError,
  cepOutcome,
  type DraftErrors,
  type DraftField,
  emptyDraft,
  validateCustomerDraft,
} from '../form/validate.ts';
import { FieldError, StepHeading, StepNumber } from '../ui/layout.tsx';

export interface CustomerFormProps {
  prefill: Partial<Record<CustomerFieldName, string>>;
  busy: boolean;
  lookupCep: (cep: string) => Promise<ApiResult<CepLookupResponse>>;
  onSubmit: (data: CustomerDataRequest) => void;
}

type CepState = 'idle' | 'loading' | 'found' | 'failed';

const MASKS: Partial<Record<DraftField, (s: string) => string>> = {
  cpf: maskCpf,
  cep: maskCep,
};

/** Spec 2.5 "form" and spec 5: the customer data with masks, CEP lookup and every validation message. */
export function CustomerForm({ prefill, busy, lookupCep, onSubmit }: CustomerFormProps) {
  const [draft, setDraft] = useState<CustomerDraft>(() => ({
    ...emptyDraft,
    phone: formatShopperPhoneInput(prefill.customerPhone ?? '').text,
    cpf: maskCpf(prefill.customerCpf ?? ''),
    email: prefill.customerEmail ?? '',
  }));
  const [phoneCountry, setPhoneCountry] = useState<PhoneCountry>(
    () => formatShopperPhoneInput(prefill.customerPhone ?? '').country,
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [cepState, setCepState] = useState<CepState>('idle');
  const latestCep = useRef('');
  const form = useRef<HTMLFormElement>(null);

  const set = (field: DraftField, value: string) => {
    const masked = MASKS[field]?.(value) ?? value;
    setDraft((d) => ({ ...d, [field]: masked }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    return masked;
  };

  const runLookup = async (cep: string) => {
    latestCep.current = cep;
    setCepState('loading');
    const outcome = cepOutcome(await lookupCep(cep));
    if (latestCep.current !== cep) return; // a newer CEP was typed meanwhile
    if (!outcome.ok) {
      setCepState('failed');
      setDraft((d) => ({ ...d, city: '', state: '' }));
      setErrors((e) => ({ ...e, cep: outcome.message }));
      return;
    }
    setCepState('found');
    // What the shopper typed in street/neighbourhood is kept when the lookup has nothing for it.
    setDraft((d) => ({
      ...d,
      street: outcome.street || d.street,
      neighborhood: outcome.neighborhood || d.neighborhood,
      city: outcome.city,
      state: outcome.state,
    }));
    setErrors((e) => ({
      ...e,
      cep: undefined,
      city: undefined,
      state: undefined,
      street: outcome.street ? undefined : m.streetMissing,
      neighborhood: outcome.neighborhood ? undefined : m.neighborhoodMissing,
    }));
  };

  const onCepChange = (value: string) => {
    const masked = set('cep', value);
    const digits = onlyDigits(masked);
    if (digits.length === CEP_DIGITS && digits !== latestCep.current) void runLookup(digits);
    if (digits.length < CEP_DIGITS) {
      latestCep.current = '';
      setCepState('idle');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateCustomerDraft(draft, phoneCountry);
    if (result.ok) {
      setErrors({});
      onSubmit(result.data);
      return;
    }
    setErrors(result.errors);
    // Move the focus to the first invalid field so that its message is read.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const field = (name: DraftField, label: string, input: ComponentProps<'input'> = {}, extra?: ReactNode) => {
    const id = `customer-${name}`;
    const error = errors[name];
    return (
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          value={draft[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => set(name, e.target.value)}
          {...input}
        />
        <FieldError id={`${id}-error`} message={error} />
        {extra}
      </div>
    );
  };

  return (
    <section className="step">
      <StepNumber n={1} />
      <StepHeading>Seus dados</StepHeading>
      <p className="lead">Precisamos de alguns dados para analisar seu crédito. Leva menos de um minuto.</p>
      <form ref={form} className="form" onSubmit={submit} noValidate>
        <PhoneField
          id="customer-phone"
          label="Celular"
          value={draft.phone}
          invalid={Boolean(errors.phone)}
          describedBy={errors.phone ? 'customer-phone-error' : undefined}
          onChange={(text, country) => {
            set('phone', text);
            setPhoneCountry(country);
          }}
        >
          <FieldError id="customer-phone-error" message={errors.phone} />
        </PhoneField>
        {field('cpf', 'CPF', { inputMode: 'numeric', maxLength: 14, placeholder: '000.000.000-00' })}
        {field('name', 'Nome completo', { autoComplete: 'name' })}
        {field('email', 'E-mail', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
        {field('birthDate', 'Data de nascimento (opcional)', { type: 'date', autoComplete: 'bday' })}
        {field(
          'cep',
          'CEP',
          {
            inputMode: 'numeric',
            autoComplete: 'postal-code',
            maxLength: 9,
            placeholder: '00000-000',
            onChange: (e) => onCepChange(e.target.value),
            onBlur: () => {
              const error = draft.cep ? cepError(draft.cep) : null;
              if (error) setErrors((e) => ({ ...e, cep: error }));
            },
          },
          cepState === 'loading' ? (
            <p className="muted" role="status">
              Buscando endereço…
            </p>
          ) : null,
        )}
        {field('street', 'Rua', { autoComplete: 'address-line1' })}
        <div className="field-row">
          {field('number', 'Número', { autoComplete: 'address-line2', inputMode: 'numeric' })}
          {field('complement', 'Complemento (opcional)')}
        </div>
        {field('neighborhood', 'Bairro')}
        <div className="field-row">
          {field('city', 'Cidade', { readOnly: true, tabIndex: -1 })}
          {field('state', 'Estado', { readOnly: true, tabIndex: -1 })}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Enviando…' : 'Continuar'}
        </button>
      </form>
    </section>
  );
}

export default CustomerForm;
