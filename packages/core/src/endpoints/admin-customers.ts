/**
 * The back office's customer calls (spec 7, "Admin": Customers); the edit is in admin-customer-update.ts. Every
 * change is audited in its transaction; an archived customer can neither sign in nor buy (docs/admin-customers.md).
 */
import {
  AdminCustomerDetails,
  AdminCustomerPasswordReset,
  AdminCustomersPage,
  AdminCustomersQuery,
} from '../contract/admin-customers.ts';
import { CustomerProfile } from '../contract/auth.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Admin customers';
const CUSTOMERS = `${ADMIN_API}/customers`;
const notFound = 'Cliente não encontrado';

export const adminCustomers = endpoint('admin.customers', {
  method: 'GET',
  path: CUSTOMERS,
  audience: 'admin',
  tag,
  summary: 'Pages the customers, searched by name, CPF, phone or e-mail (type + text)',
  query: AdminCustomersQuery,
  response: AdminCustomersPage,
});

export const adminCustomer = endpoint('admin.customer', {
  method: 'GET',
  path: `${CUSTOMERS}/:id`,
  audience: 'admin',
  tag,
  summary:
    'A customer with limit, bureau and anti-fraud scores, fraud report, whitelist entry, orders and admin history',
  params: IdParam,
  response: AdminCustomerDetails,
  errors: { 404: notFound },
});

export const adminArchiveCustomer = endpoint('admin.archiveCustomer', {
  method: 'PUT',
  path: `${CUSTOMERS}/:id/archive`,
  audience: 'admin',
  tag,
  summary: 'Archives a customer: sessions ended, no sign-in, no new purchase (audited)',
  params: IdParam,
  response: CustomerProfile,
  errors: { 404: notFound },
});

export const adminEnableCustomer = endpoint('admin.enableCustomer', {
  method: 'PUT',
  path: `${CUSTOMERS}/:id/enable`,
  audience: 'admin',
  tag,
  summary: 'Unarchives a customer (audited)',
  params: IdParam,
  response: CustomerProfile,
  errors: { 404: notFound },
});

export const adminResetCustomerPassword = endpoint('admin.resetCustomerPassword', {
  method: 'PUT',
  path: `${CUSTOMERS}/:id/reset_password`,
  audience: 'admin',
  tag,
  summary: 'A new password sent to the customer by SMS (never in the answer); old sessions ended (audited)',
  params: IdParam,
  response: AdminCustomerPasswordReset,
  errors: { 404: notFound },
});

export const adminReviewCustomerLimit = endpoint('admin.reviewCustomerLimit', {
  method: 'POST',
  path: `${CUSTOMERS}/review-limit/:id`,
  audience: 'admin',
  tag,
  summary: 'Asks the bureau again and records the limit and scores (audited, before and after)',
  params: IdParam,
  response: AdminCustomerDetails,
  errors: { 404: notFound },
});

export const adminCustomerEndpoints = {
  adminCustomers,
  adminCustomer,
  adminArchiveCustomer,
  adminEnableCustomer,
  adminResetCustomerPassword,
  adminReviewCustomerLimit,
} as const;
