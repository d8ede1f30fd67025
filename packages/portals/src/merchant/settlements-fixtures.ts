/** Wire shapes of the merchant extract (reais, as the API sends them), for the tests and the stories. */

export function settlementDay(date: string, overrides: Record<string, unknown> = {}) {
  return {
    date,
    amount: 291.03,
    outstandingBalance: 0,
    transferDates: [
      { transferDate: '2026-03-30', amount: 97.01, transferred: true, status: 'PAID' },
      { transferDate: '2026-04-29', amount: 97.01, transferred: false, status: 'SCHEDULED' },
      { transferDate: '2026-05-29', amount: 97.01, transferred: false, status: 'SCHEDULED' },
    ],
    orders: [
      {
        code: `PED-${date}`,
        type: 'Venda',
        createdDate: `${date}T13:45:00Z`,
        customerName: 'Maria Souza',
        amount: 300,
        merchantFee: { totalAmount: 8.97 },
        settlementAmount: 291.03,
      },
    ],
    transfer: null,
    ...overrides,
  };
}

/**
 * A day with no sale whose transfer netted a debt: the bank received 970,10 − 368,44 (the settlement of that day).
 */
export function transferDay(date: string) {
  return settlementDay(date, {
    amount: 0,
    outstandingBalance: 0,
    transferDates: [],
    orders: [],
    transfer: { amount: 601.66, partsAmount: 970.1, debtIn: -368.44, debtOut: 0, status: 'PAID' },
  });
}

/** A day with a full refund beyond what was left to transfer: the debt row. */
export function debtDay(date: string) {
  return settlementDay(date, {
    amount: -190,
    outstandingBalance: -190,
    transferDates: [],
    orders: [
      {
        code: 'PED-REEMBOLSO',
        type: 'Cancelamento',
        createdDate: '2026-03-02T10:00:00Z',
        customerName: null,
        amount: -200,
        merchantFee: { totalAmount: -10 },
        settlementAmount: -190,
      },
    ],
  });
}

export function settlementPage(
  content: unknown[],
  { number = 0, totalPages = 1, totalElements = content.length, transferColumns = 3 } = {},
) {
  return {
    content,
    number,
    size: 10,
    totalPages,
    totalElements,
    from: '2026-03-01',
    to: '2026-03-25',
    transferColumns,
  };
}

export const settlementNumbers = {
  period: 'CURRENT_MONTH',
  from: '2026-03-01',
  to: '2026-03-25',
  salesAmount: 1500,
  feeAmount: 44.85,
  cancellationAmount: -200,
  // 1 500,00 − 44,85 − 200,00
  settlementAmount: 1255.15,
  transferredAmount: 500,
  scheduledAmount: 945.15,
  outstandingBalance: -190,
};
