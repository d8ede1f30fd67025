/*
 * The customer screens' paths and shared texts, apart from the list page: the details and the edit import them, and
 * importing them from CustomersPage.tsx made both fetch the list's chunk (its search form with Mantine's Select, the
 * table) at first load, 60 KB over the details page's budget (bench/portal-first-load.mjs).
 */

export const CUSTOMERS_PATH = '/admin/customers';
export const customerPath = (id: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(id)}`;
/** The failed load of one customer (details and edit). */
export const CUSTOMER_LOAD_FAILED = 'Não foi possível carregar o cliente';
