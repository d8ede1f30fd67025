/**
 * The shopper form rules of spec section 5, with its exact messages (`checkoutFormMessages` in core). Pure, so
 * that the form components only render what these return.
 */
import {
  type ApiResult,
  type CepLookupResponse,
  CustomerDataRequest,
  DEFAULT_PHONE_COUNTRY,
  isValidCpf,
  checkoutFormMessages as m,
  onlyDigits,
  type PhoneCountry,
  parseShopperPhone,
} from '@drip/core';
import * as v from 'valibot';

/**
 * The phone as typed ('+55 (11) 98765-4321', '+1 213 373 4253'; without '+' a number of `country`, Brazil by
 * default): null when valid, else the spec's message for an empty, incomplete or invalid number.
 */
export function phoneError(input: string, country: PhoneCountry = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parseShopperPhone(input, country);
  if (parsed.ok) return null;
  if (parsed.problem === 'empty') return m.phoneInvalidShort;
  return parsed.problem === 'incomplete' ? m.phoneIncomplete : m.phoneInvalid;
}

/** Spec 5: the formatted CPF must have 14 characters and valid check digits. */
export function cpfError(input: string): string | null {
  const digits = onlyDigits(input);
  return digits.length === 11 && isValidCpf(digits) ? null : m.cpfInvalid;
}

export const CEP_DIGITS = 8;

export function cepError(input: string): string | null {
  return onlyDigits(input).length === CEP_DIGITS ? null : m.cepLength(CEP_DIGITS);
}

/** What a CEP lookup found, or the message to show under the CEP field. */
export type CepOutcome =
  | { ok: true; street: string; neighborhood: string; city: string; state: string }
  | { ok: false; message: string };

export function cepOutcome(result: ApiResult<CepLookupResponse>): CepOutcome {
  if (!result.ok) {
    const status = result.error.status;
    return { ok: false, message: status === 400 || status === 404 ? m.cepInvalid : m.cepLookupFailed };
  }
  const data = result.data;
  if (data.erro === true || data.erro === 'true') return { ok: false, message: m.cepInvalid };
  return {
    ok: true,
    street: data.logradouro ?? '',
    neighborhood: data.bairro ?? '',
    city: data.localidade ?? '',
    state: data.uf ?? '',
  };
}

export interface CustomerDraft {
  phone: string;
  cpf: string;
  name: string;
  email: string;
  /** 'YYYY-MM-DD' from the date input, or ''. */
  birthDate: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type DraftField = keyof CustomerDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

export const emptyDraft: CustomerDraft = {
  phone: '',
  cpf: '',
  name: '',
  email: '',
  birthDate: '',
  cep: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};

const FIELD_OF: Record<string, DraftField> = {
  customerPhone: 'phone',
  customerCpf: 'cpf',
  customerName: 'name',
  customerEmail: 'email',
  customerBirthDate: 'birthDate',
  addressCep: 'cep',
  addressStreet: 'street',
  addressNumber: 'number',
  addressComplement: 'complement',
  addressNeighborhood: 'neighborhood',
  addressCity: 'city',
  addressState: 'state',
};

/**
 * Validates the whole form: the request to send, or one message per invalid field. `typed` says which of city and
 * state the shopper types (the CEP lookup did not fill them): an empty one asks to fill it in, not for a valid CEP.
 */
export function validateCustomerDraft(
  draft: CustomerDraft,
  phoneCountry: PhoneCountry = DEFAULT_PHONE_COUNTRY,
  typed: { city: boolean; state: boolean } = { city: false, state: false },
): { ok: true; data: CustomerDataRequest } | { ok: false; errors: DraftErrors } {
  // The number as read in the chosen country (a text without '+' is a number of that country).
  const phone = parseShopperPhone(draft.phone, phoneCountry);
  const parsed = v.safeParse(CustomerDataRequest, {
    customerPhone: phone.ok ? phone.e164 : draft.phone,
    customerCpf: draft.cpf,
    customerName: draft.name,
    customerEmail: draft.email,
    ...(draft.birthDate ? { customerBirthDate: draft.birthDate } : {}),
    addressCep: draft.cep,
    addressStreet: draft.street,
    addressNumber: draft.number,
    ...(draft.complement.trim() ? { addressComplement: draft.complement } : {}),
    addressNeighborhood: draft.neighborhood,
    addressCity: draft.city,
    addressState: draft.state,
  });
  const errors: DraftErrors = {};
  if (!parsed.success) {
    const nested = v.flatten<typeof CustomerDataRequest>(parsed.issues).nested ?? {};
    for (const [key, messages] of Object.entries(nested)) {
      const field = FIELD_OF[key];
      const first = messages?.[0];
      if (field && first && !errors[field]) errors[field] = first;
    }
  }
  // The spec's finer messages for the phone, CPF and CEP take precedence over the schema's.
  const phoneMessage = phoneError(draft.phone, phoneCountry);
  if (phoneMessage) errors.phone = phoneMessage;
  const cpf = cpfError(draft.cpf);
  if (cpf) errors.cpf = cpf;
  const cep = cepError(draft.cep);
  if (cep) errors.cep = cep;
  if (typed.city && errors.city) errors.city = m.cityTyped;
  if (typed.state && errors.state) errors.state = m.stateTyped;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.output };
  return { ok: false, errors };
}
