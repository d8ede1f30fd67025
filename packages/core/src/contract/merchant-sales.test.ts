import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CreateCheckoutLinkRequest,
  canDeactivateLink,
  comparisonText,
  linkStatus,
  MerchantCheckoutPage,
  MerchantCheckoutsQuery,
  merchantCheckoutDisplay,
} from './merchant-sales.ts';
import { CHECKOUT_STATUSES } from './primitives.ts';

describe('merchant checkout display (spec 4)', () => {
  const order = (status: string, canceledAmount: number) => ({ status, canceledAmount });
  it('shows OK as approved, and refunded once the closed order gave back its whole amount', () => {
    expect(merchantCheckoutDisplay({ status: 'OK', amount: 100, order: order('ACTIVE', 0) })).toBe(
      'APPROVED',
    );
    expect(merchantCheckoutDisplay({ status: 'OK', amount: 100, order: order('CLOSED', 40) })).toBe(
      'APPROVED',
    );
    expect(merchantCheckoutDisplay({ status: 'OK', amount: 100, order: order('CLOSED', 100) })).toBe(
      'REFUNDED',
    );
    expect(merchantCheckoutDisplay({ status: 'REFUNDED', amount: 100 })).toBe('REFUNDED');
  });
  it('shows KO for EXPIRED as abandoned in the list and as in progress in the detail', () => {
    const expired = { status: 'KO' as const, koReason: 'EXPIRED', amount: 1 };
    expect(merchantCheckoutDisplay(expired)).toBe('ABANDONED');
    expect(merchantCheckoutDisplay(expired, 'detail')).toBe('MORE_INFO');
    expect(merchantCheckoutDisplay({ status: 'KO', koReason: 'LATE_INSTALMENTS', amount: 1 })).toBe('DENIED');
  });
  it('shows the back-office status of a revoked link, else the checkout status', () => {
    expect(linkStatus({ status: 'PRISTINE', backofficeStatus: 'REVOKED' })).toBe('REVOKED');
    expect(linkStatus({ status: 'MORE_INFO', backofficeStatus: 'ACTIVE' })).toBe('MORE_INFO');
  });
});

describe("'Desativar' a link (spec 4: only while 'Criado')", () => {
  it('allows only an active link whose checkout nobody opened yet', () => {
    for (const status of CHECKOUT_STATUSES) {
      expect(canDeactivateLink({ status, backofficeStatus: 'ACTIVE' }), status).toBe(status === 'PRISTINE');
      expect(canDeactivateLink({ status, backofficeStatus: 'REVOKED' }), status).toBe(false);
    }
  });
});

describe('comparison text (spec 9)', () => {
  it('compares with yesterday, last week or the previous month, a mais / a menos', () => {
    expect(comparisonText('DAILY', 12.5, '2026-03-10')).toBe('12,5% a mais em comparação à ontem');
    expect(comparisonText('WEEKLY', -3, '2026-03-10')).toBe('3% a menos em comparação à última semana');
    expect(comparisonText('MONTHLY', 0, '2026-03-10')).toBe('0% a menos em comparação a fevereiro');
    expect(comparisonText('MONTHLY', 1, '2026-01-05')).toBe('1% a mais em comparação a dezembro');
  });
});

describe('list query and link request', () => {
  it('reads a date sent as midnight Z as its calendar day, and refuses other instants', () => {
    expect(v.parse(MerchantCheckoutsQuery, { from: '2026-03-01T00:00:00Z' }).from).toBe('2026-03-01');
    expect(v.parse(MerchantCheckoutsQuery, { to: '2026-03-01T00:00:00.000Z' }).to).toBe('2026-03-01');
    expect(v.safeParse(MerchantCheckoutsQuery, { from: '2026-03-01T10:00:00Z' }).success).toBe(false);
    expect(v.safeParse(MerchantCheckoutsQuery, { from: '2026-02-30' }).success).toBe(false);
  });
  it('takes an amount in reais with at most 2 decimals', () => {
    expect(v.safeParse(CreateCheckoutLinkRequest, { amount: 10.5, merchantCode: 'A' }).success).toBe(true);
    expect(v.safeParse(CreateCheckoutLinkRequest, { amount: 10.555, merchantCode: 'A' }).success).toBe(false);
  });
});

describe('MerchantCheckoutPage', () => {
  const page = { content: [], number: 0, size: 10, totalPages: 1000, totalElements: 10_000 };
  it('says when the count stopped at the cap; a server from before the cap does not send it', () => {
    expect(v.parse(MerchantCheckoutPage, { ...page, totalCapped: true }).totalCapped).toBe(true);
    expect(v.parse(MerchantCheckoutPage, page).totalCapped).toBeUndefined();
    expect(v.safeParse(MerchantCheckoutPage, { ...page, totalCapped: 'yes' }).success).toBe(false);
  });
});
