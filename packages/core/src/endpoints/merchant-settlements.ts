/** Merchant settlements: the sales extract, its CSV export and the big numbers of payouts (spec 2.4, 3, 7, 9). */
import * as v from 'valibot';
import { MERCHANT_API } from '../contract/paths.ts';
import {
  SettlementBigNumbers,
  SettlementBigNumbersQuery,
  SettlementExportQuery,
  SettlementPage,
  SettlementsQuery,
} from '../contract/settlements.ts';
import { endpoint } from './define.ts';

const tag = 'Merchant portal';

export const merchantListSettlements = endpoint('merchant.listSettlements', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/settlements`,
  audience: 'merchantRead',
  tag,
  summary: 'Extrato de vendas: one row per day with its orders, transfers and debt (newest first)',
  query: SettlementsQuery,
  response: SettlementPage,
});

export const merchantSettlementBigNumbers = endpoint('merchant.settlementBigNumbers', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/settlements/big_numbers`,
  audience: 'merchantRead',
  tag,
  summary: "The period's sales, fees, cancellations, transfers and the current debt",
  query: SettlementBigNumbersQuery,
  response: SettlementBigNumbers,
});

export const merchantExportSettlements = endpoint('merchant.exportSettlements', {
  method: 'GET',
  path: `${MERCHANT_API}/v1/settlements/export-csv`,
  audience: 'merchantRead',
  tag,
  summary: "The month's extract as CSV (`extrato-MM-AAAA.csv`, semicolon-separated, reais with a comma)",
  query: SettlementExportQuery,
  response: v.string(),
  responseKind: 'binary',
  errors: { 404: 'Extrato para o período informado não está disponível' },
});

export const merchantSettlementEndpoints = {
  merchantListSettlements,
  merchantSettlementBigNumbers,
  merchantExportSettlements,
};
