/** Wire shapes of the merchant extract (reais, as the API sends them), for the tests and the stories. */

export function settlementDay(date: string, overrides: Record<string, unknown> = {}) {
  return {
    date,
    amount: 291.03,
    outstandingBalance: 0,
    transferDates: [
      { transferDate: '2026-03-30', amount: 97.01, transferred: true },
      { transferDate: '2026-04-29', amount: 97.01, transferred: false },
      { transferDate: '2026-05-29', amount: 97.01, transferred: false },
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
    ...overrides,
  };
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
  settlementAmount: 1265.15,
  transferredAmount: 500,
  scheduledAmount: 765.15,
  outstandingBalance: -190,
};
