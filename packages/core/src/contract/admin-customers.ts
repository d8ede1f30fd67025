/**
 * The back office's customer calls (spec 7, "Admin": Customers): the searchable list, the details (customer, limit,
 * scores, fraud report, whitelist entry, negotiation flag, orders), the edit (CPF and phone only here), archive,
 * enable, password reset and limit review. Amounts in reais on the wire (centavos in the domain). The edit's request
 * is in admin-customer-update.ts: its phone check needs libphonenumber's metadata, which the list and the details
 * (that import this module) must not fetch (docs/benchmarks.md).
 */
import * as v from 'valibot';
import { AdminHistoryEntry } from './admin-history.ts';
import { CustomerRiskLists } from './admin-risk.ts';
import { CustomerProfile } from './auth.ts';
import { CustomerOrderSummary, pageOf } from './orders.ts';
import { IsoInstant, PositiveReais, pageQueryEntries } from './primitives.ts';

/** Spec 2.2: the list searches by one field, chosen with the text. */
export const CUSTOMER_SEARCH_TYPES = ['name', 'cpf', 'phone', 'email'] as const;
export type CustomerSearchType = (typeof CUSTOMER_SEARCH_TYPES)[number];
export const CUSTOMER_SEARCH_LABELS: Record<CustomerSearchType, string> = {
  name: 'Nome',
  cpf: 'CPF',
  phone: 'Telefone',
  email: 'E-mail',
};

export const CUSTOMER_CPF_TAKEN = 'Este CPF já pertence a outro cliente';
export const CUSTOMER_PHONE_TAKEN = 'Este telefone já pertence a outro cliente';
export const CUSTOMER_CPF_INVALID = 'CPF inválido';
export const CUSTOMER_PHONE_INVALID = 'Telefone inválido';

export const AdminCustomersQuery = v.object({
  ...pageQueryEntries(),
  type: v.optional(v.picklist(CUSTOMER_SEARCH_TYPES, 'Tipo de busca desconhecido'), 'name'),
  text: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'A busca deve ter no máximo 200 caracteres')),
  ),
});
export type AdminCustomersQuery = v.InferOutput<typeof AdminCustomersQuery>;

export const AdminCustomerSummary = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  cpf: v.string(),
  phone: v.string(),
  addressCep: v.nullable(v.string()),
  status: v.picklist(['ACTIVE', 'ARCHIVED']),
});
export type AdminCustomerSummary = v.InferOutput<typeof AdminCustomerSummary>;

/**
 * A page of customers. `totalElements` is exact up to the server's cap (10 000); above, `totalCapped` is true and the
 * pages cover those first 10 000 (docs/admin-customers.md), as the merchant's checkout list does.
 */
export const AdminCustomersPage = v.object({
  ...pageOf(AdminCustomerSummary).entries,
  totalCapped: v.optional(v.boolean()),
});
export type AdminCustomersPage = v.InferOutput<typeof AdminCustomersPage>;

/** Spec 3 "Limit": total (the bureau's), used (unpaid principal of active orders), current; plus the scores. */
export const AdminCustomerLimit = v.object({
  total: v.number(),
  used: v.number(),
  current: v.number(),
  serasaScore: v.number(),
  serasaNegativated: v.boolean(),
});
export type AdminCustomerLimit = v.InferOutput<typeof AdminCustomerLimit>;

/**
 * A checkout of the customer's that did not become an order: refused (KO, with the denial reason the analysis gave;
 * staff see the reason, the merchant only its group) or expired after the customer had identified themselves.
 */
export const AdminCustomerRefusal = v.object({
  checkoutId: v.string(),
  merchantName: v.string(),
  merchantOrderCode: v.string(),
  amount: PositiveReais,
  status: v.picklist(['KO', 'EXPIRED']),
  reason: v.nullable(v.string()),
  createdAt: IsoInstant,
});
export type AdminCustomerRefusal = v.InferOutput<typeof AdminCustomerRefusal>;

export const AdminCustomerDetails = v.object({
  customer: CustomerProfile,
  fraudReport: CustomerRiskLists,
  limit: AdminCustomerLimit,
  clearsaleScore: v.number(),
  orders: v.array(CustomerOrderSummary),
  /** The customer's most recent refused and expired checkouts, newest first. */
  refusals: v.array(AdminCustomerRefusal),
  /** Every admin action on the customer and on their CPF's, phone's and CEP's risk-list entries, newest first. */
  history: v.array(AdminHistoryEntry),
});
export type AdminCustomerDetails = v.InferOutput<typeof AdminCustomerDetails>;

/** The reset's answer: whether the SMS was queued. The password itself never leaves the server but by SMS. */
export const AdminCustomerPasswordReset = v.object({ smsQueued: v.boolean() });
export type AdminCustomerPasswordReset = v.InferOutput<typeof AdminCustomerPasswordReset>;
