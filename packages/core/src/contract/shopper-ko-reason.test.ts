import { describe, expect, it } from 'vitest';
import { denialView } from '../checkout/messages.ts';
import { cents } from '../money.ts';
import { DENIAL_REASONS, type KoVariables, WAITLIST_STATUSES } from './checkout.ts';
import { shopperKoReason } from './shopper-ko-reason.ts';

describe('shopperKoReason: the reason a shopper answer carries', () => {
  // Every combination of ko variables the denied step reads (spec 8: allowedAmount, blockedLimit, waitlistStatus).
  const variables: KoVariables[] = [];
  for (const allowedAmount of [undefined, cents(0), cents(15_000)])
    for (const blockedLimit of [undefined, cents(0), cents(5_000)])
      for (const waitlistStatus of [undefined, ...WAITLIST_STATUSES])
        variables.push({
          ...(allowedAmount !== undefined ? { allowedAmount } : {}),
          ...(blockedLimit !== undefined ? { blockedLimit } : {}),
          ...(waitlistStatus !== undefined ? { waitlistStatus } : {}),
        });

  it('shows the shopper exactly the screen of the real reason, whatever the ko variables', () => {
    for (const reason of DENIAL_REASONS)
      for (const kv of variables)
        expect(denialView(shopperKoReason(reason), kv), reason).toEqual(denialView(reason, kv));
  });

  it('keeps a reason only when the screen shows something of its own', () => {
    for (const reason of DENIAL_REASONS) {
      if (shopperKoReason(reason) === 'DEFAULT') continue;
      const own = variables.some(
        (kv) => JSON.stringify(denialView(reason, kv)) !== JSON.stringify(denialView('DEFAULT', kv)),
      );
      expect(own, reason).toBe(true);
    }
  });

  it('never carries an individual fraud signal, a minor or an active order', () => {
    for (const reason of [
      'BLOCKED_CUSTOMER_PHONE',
      'BLOCKED_CUSTOMER_CPF',
      'BLOCKED_CUSTOMER_ADDRESS_CEP',
      'BLOCKED_BANK_CODE',
      'ANTI_FRAUD_SCORE',
      'LEGALLY_PROTECTED_MINOR',
      'ALREADY_HAVE_ACTIVE_ORDER',
      'FAILED_MERCHANT_ORDER_CONFIRMATION',
    ] as const)
      expect(shopperKoReason(reason), reason).toBe('DEFAULT');
  });
});
