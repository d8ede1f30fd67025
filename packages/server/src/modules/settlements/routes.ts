import {
  isExportableMonth,
  merchantExportSettlements,
  merchantListSettlements,
  merchantSettlementBigNumbers,
  settlementExportFileName,
  settlementMessages,
  todayInSaoPaulo,
} from '@drip/core';
import { type CsvCell, csvMoney, writeCsv } from '../../csv.ts';
import { DomainError } from '../../errors.ts';
import { merchantIdOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';

/** Reais with a comma and two decimals, a number for a Brazilian spreadsheet ('-12,34'). */
const brl = (centavos: unknown): CsvCell => csvMoney(String(centavos));
const br = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const EXPORT_COLUMNS = [
  'Data',
  'Tipo',
  'Pedido Drip',
  'Pedido da loja',
  'Cliente',
  'Data do pedido',
  'Valor',
  'Taxa',
  'Repasse',
  'Datas de repasse',
  'Saldo devedor compensado',
  'Saldo devedor',
];

/**
 * A row of the export. A settlement (kind TRANSFER) is its own row on the day it was made: Valor the shares due that
 * day, Repasse what the payout provider received, the debt it netted and the one it carried out, so that
 * Valor + Saldo devedor compensado = Repasse + Saldo devedor on every such line.
 */
export function csvRecord(r: Record<string, unknown>): CsvCell[] {
  if (r.kind === 'TRANSFER')
    return [
      br(String(r.day)),
      r.status === 'PENDING' ? 'Repasse em processamento' : 'Repasse',
      '',
      '',
      '',
      '',
      brl(r.amount),
      '',
      brl(r.payout),
      br(String(r.day)),
      brl(r.debt_in),
      brl(r.debt_out),
    ];
  return [
    br(String(r.day)),
    r.kind === 'SALE' ? 'Venda' : 'Cancelamento',
    String(r.code),
    String(r.merchant_order_code),
    r.customer_name == null ? '' : String(r.customer_name),
    // 'DD/MM/AAAA HH:mm' in São Paulo, written by the database (SettlementService.exportBatch).
    String(r.order_time),
    brl(r.amount),
    brl(r.fee),
    brl(r.payout),
    String(r.transfer_dates ?? '')
      .split(' ')
      .filter(Boolean)
      .map(br)
      .join(' '),
    '',
    '',
  ];
}

export function settlementRoutes(s: Services): RouteDef[] {
  return [
    route(merchantListSettlements, async ({ c, query }) => s.settlements.extract(merchantIdOf(c), query)),
    route(merchantSettlementBigNumbers, async ({ c, query }) =>
      s.settlements.bigNumbers(merchantIdOf(c), query.period),
    ),
    route(merchantExportSettlements, async ({ c, query }) => {
      const merchantId = merchantIdOf(c);
      if (!isExportableMonth(query.month, query.year, todayInSaoPaulo(s.clock)))
        throw new DomainError('invalid', 'INVALID_EXPORT_MONTH', settlementMessages.invalidMonth);
      if (!(await s.settlements.hasMonth(merchantId, query.month, query.year)))
        throw new DomainError('not_found', 'SETTLEMENTS_NOT_FOUND', settlementMessages.exportUnavailable);
      const rows = s.settlements.exportRows(merchantId, query.month, query.year)[Symbol.asyncIterator]();
      const encoder = new TextEncoder();
      let first = true;
      // Pulled: the next batch is read from the database only when the client has taken the previous one.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const records: CsvCell[][] = [];
          while (records.length < 200) {
            const next = await rows.next();
            if (next.done) break;
            records.push(csvRecord(next.value));
          }
          if (records.length > 0 || first) {
            controller.enqueue(
              encoder.encode(writeCsv(records, { header: first, columns: EXPORT_COLUMNS, bom: first })),
            );
            first = false;
          }
          if (records.length < 200) controller.close();
        },
        async cancel() {
          await rows.return?.(undefined);
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${settlementExportFileName(query.month, query.year)}"`,
        },
      });
    }),
  ];
}
