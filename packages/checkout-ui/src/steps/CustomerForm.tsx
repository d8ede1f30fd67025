import {
  type ApiResult,
  BRAZILIAN_STATES,
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

/** Which of city and state the last CEP lookup filled: those stay read-only, the others the shopper types. */
interface FromLookup {
  city: boolean;
  state: boolean;
}
const NOTHING_FROM_LOOKUP: FromLookup = { city: false, state: false };

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
  const [fromLookup, setFromLookup] = useState<FromLookup>(NOTHING_FROM_LOOKUP);
  const latestCep = useRef('');
  // A lookup that failed, is unavailable or knows only part of the address never blocks the purchase: once it
  // answered, what it did not fill is typed by the shopper (docs/checkout-lifecycle.md, "The address step").
  const answered = cepState === 'found' || cepState === 'failed';
  const editable: FromLookup = { city: answered && !fromLookup.city, state: answered && !fromLookup.state };
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
      // A city or state an earlier lookup filled belonged to another CEP; what the shopper typed stays.
      setDraft((d) => ({
        ...d,
        city: fromLookup.city ? '' : d.city,
        state: fromLookup.state ? '' : d.state,
      }));
      setFromLookup(NOTHING_FROM_LOOKUP);
      setErrors((e) => ({ ...e, cep: outcome.message, city: undefined, state: undefined }));
      return;
    }
    setCepState('found');
    const uf = BRAZILIAN_STATES.find((s) => s === outcome.state.toUpperCase()) ?? '';
    setFromLookup({ city: outcome.city !== '', state: uf !== '' });
    // What the shopper typed is kept for whatever the lookup has nothing for; a city or state an earlier lookup
    // filled belonged to another CEP.
    const next = {
      street: outcome.street || draft.street,
      neighborhood: outcome.neighborhood || draft.neighborhood,
      city: outcome.city || (fromLookup.city ? '' : draft.city),
      state: uf || (fromLookup.state ? '' : draft.state),
    };
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => ({
      ...e,
      cep: undefined,
      street: next.street ? undefined : m.streetMissing,
      neighborhood: next.neighborhood ? undefined : m.neighborhoodMissing,
      city: next.city ? undefined : m.cityTyped,
      state: next.state ? undefined : m.stateTyped,
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
    const result = validateCustomerDraft(draft, phoneCountry, editable);
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
          {field(
            'city',
            'Cidade',
            editable.city ? { autoComplete: 'address-level2' } : { readOnly: true, tabIndex: -1 },
          )}
          {editable.state ? (
            <StateSelect value={draft.state} error={errors.state} onChange={(uf) => set('state', uf)} />
          ) : (
            field('state', 'Estado', { readOnly: true, tabIndex: -1 })
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Enviando…' : 'Continuar'}
        </button>
      </form>
    </section>
  );
}

/** The state when the CEP lookup did not give it: one of the 27 UFs, so that what is sent is always valid. */
function StateSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (uf: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="customer-state">
        Estado
      </label>
      <select
        id="customer-state"
        className="input"
        value={value}
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'customer-state-error' : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Selecione</option>
        {BRAZILIAN_STATES.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </select>
      <FieldError id="customer-state-error" message={error} />
    </div>
  );
}

export default CustomerForm;
