import { AdminCustomerUpdateRequest, adminUpdateCustomer } from '@drip/core';
import * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import type { AdminClient } from '../context.tsx';

/**
 * The customer edit's request schema and call, fetched by the edit page after its first screen (customers.ts,
 * loadCustomerUpdate): the phone check needs libphonenumber's metadata (about 38 KB gzip), which no first screen
 * pays for (docs/benchmarks.md).
 */
export type CustomerUpdateInput = v.InferInput<typeof AdminCustomerUpdateRequest>;

/** The contract the server parses the request with: its first message for each field, or null when it is valid. */
export function customerUpdateErrors(body: CustomerUpdateInput): Record<string, string> | null {
  const parsed = v.safeParse(AdminCustomerUpdateRequest, body);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** PUT /customers/{id}. */
export async function sendCustomerUpdate(client: AdminClient, id: string, body: CustomerUpdateInput) {
  return unwrap(await client.call(adminUpdateCustomer, { params: { id }, body }));
}
