import {
  merchantExportSettlements,
  merchantListSettlements,
  merchantSettlementBigNumbers,
  type SettlementPeriod,
  settlementExportFileName,
} from '@drip/core';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import { fileNameFromDisposition, nextPageParam, saveFile } from '../../shared/kit/index.ts';
import { useMerchant } from '../context.tsx';

export const settlementsKey = ['merchant', 'settlements'] as const;

/** GET v1/settlements?page&size&period: the extract's days, 10 a page (spec 9), one page after the other. */
export function useSettlements(period: SettlementPeriod) {
  const { client } = useMerchant();
  return useInfiniteQuery({
    queryKey: [...settlementsKey, 'days', period],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await client.call(merchantListSettlements, {
          query: { page: String(pageParam), size: '10', period },
          signal,
        }),
      ),
    getNextPageParam: nextPageParam,
  });
}

/** GET v1/settlements/big_numbers?period */
export function useSettlementBigNumbers(period: SettlementPeriod) {
  const { client } = useMerchant();
  return useQuery({
    queryKey: [...settlementsKey, 'big-numbers', period],
    queryFn: async ({ signal }) =>
      unwrap(await client.call(merchantSettlementBigNumbers, { query: { period }, signal })),
  });
}

/**
 * GET v1/settlements/export-csv?month&year, saved under the name of its content-disposition (spec 7). The text is
 * decoded as UTF-8, which drops the server's byte-order mark: it is put back so that a spreadsheet reads the
 * accents right.
 */
export function useExportSettlements() {
  const { client } = useMerchant();
  return useMutation({
    mutationFn: async ({ month, year }: { month: number; year: number }) => {
      const result = await client.call(merchantExportSettlements, {
        query: { month: String(month), year: String(year) },
      });
      const csv = unwrap(result);
      const fileName =
        (result.ok ? fileNameFromDisposition(result.headers.get('content-disposition')) : null) ??
        settlementExportFileName(month, year);
      const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
      saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
      return fileName;
    },
  });
}
