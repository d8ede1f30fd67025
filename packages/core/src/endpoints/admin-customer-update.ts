/**
 * The back office's customer edit (spec 7, "Admin": Customers), tagged with the other customer calls. A module of its
 * own so that a page importing the other customer calls does not
 * carry the edit's phone check and its libphonenumber metadata (docs/benchmarks.md).
 */
import { AdminCustomerUpdateRequest } from '../contract/admin-customer-update.ts';
import { CustomerProfile } from '../contract/auth.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

export const adminUpdateCustomer = endpoint('admin.updateCustomer', {
  method: 'PUT',
  path: `${ADMIN_API}/customers/:id`,
  audience: 'admin',
  tag: 'Admin customers',
  summary: "Edits a customer's data, CPF and phone included (audited)",
  params: IdParam,
  body: AdminCustomerUpdateRequest,
  response: CustomerProfile,
  errors: { 404: 'Cliente não encontrado', 409: 'CPF ou telefone de outro cliente' },
});

export const adminCustomerUpdateEndpoints = { adminUpdateCustomer } as const;
