/**
 * The back office's customer edit request (spec 7, "Admin": Customers; spec 5: CPF and phone editable only here).
 * Apart from admin-customers.ts because its phone check needs libphonenumber's metadata (about 38 KB gzip): only the
 * edit, and only when it validates or sends, fetches it (docs/benchmarks.md).
 */
import * as v from 'valibot';
import { isValidCpf, onlyDigits } from '../br.ts';
import { normalizeShopperPhone } from '../phone.ts';
import { CUSTOMER_CPF_INVALID, CUSTOMER_PHONE_INVALID } from './admin-customers.ts';

const optionalText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string('O valor deve ser um texto'), v.trim(), v.maxLength(max))), null);

/** Spec 5: e-mail required; CPF (sent as digits) and phone editable only in this admin form. */
export const AdminCustomerUpdateRequest = v.object({
  name: v.pipe(v.string('Nome é obrigatório'), v.trim(), v.nonEmpty('Nome é obrigatório'), v.maxLength(120)),
  email: v.pipe(
    v.string('E-mail é obrigatório'),
    v.trim(),
    v.nonEmpty('E-mail é obrigatório'),
    v.email('E-mail inválido'),
    v.maxLength(254),
  ),
  cpf: v.pipe(
    v.string(CUSTOMER_CPF_INVALID),
    v.transform(onlyDigits),
    v.check(isValidCpf, CUSTOMER_CPF_INVALID),
  ),
  phone: v.pipe(
    v.string(CUSTOMER_PHONE_INVALID),
    v.check((s) => normalizeShopperPhone(s) !== null, CUSTOMER_PHONE_INVALID),
    v.transform((s) => normalizeShopperPhone(s) ?? s),
  ),
  addressCep: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.transform(onlyDigits),
        v.check((s) => s === '' || s.length === 8, 'CEP inválido'),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  ),
  addressStreet: optionalText(200),
  addressNumber: optionalText(20),
  addressComplement: optionalText(200),
  addressNeighborhood: optionalText(120),
  addressCity: optionalText(120),
  addressState: optionalText(2),
});
export type AdminCustomerUpdateRequest = v.InferOutput<typeof AdminCustomerUpdateRequest>;
