import { formatCnpj, formatCpf } from '@drip/core';

/*
 * The merchant screens' paths and the document's display, apart from the list page: the forms and the details
 * import them, and importing them from MerchantsPage.tsx made every merchant form fetch the list's chunk (the list,
 * its table and pagination) at first load.
 */

export const MERCHANTS_PATH = '/admin/merchants';
export const merchantPath = (id: string) => `${MERCHANTS_PATH}/${encodeURIComponent(id)}`;

/** A CNPJ or, for a sole trader, a CPF (spec 5 takes either), shown with its mask. */
export const formatDocument = (digits: string | null) =>
  digits === null ? null : digits.length === 11 ? formatCpf(digits) : formatCnpj(digits);
