/**
 * What a shopper answer tells of a refusal. The shopper's calls (`PUT /api/v1/checkouts/{id}` and its polls) answer
 * anyone holding the checkout id, and the store that created the checkout holds it: the answer names a denial
 * reason only when the shopper's denied step shows something of its own for it, else DEFAULT, which shows exactly
 * the same screen. So a blocked CPF, phone, CEP or bank, the anti-fraud score, a minor or an active order never
 * reaches the store by that road (it reads spec 8's groups only, refusal-groups.ts). What stays is what the page
 * shows the shopper anyway. docs/checkout-lifecycle.md "What a denial tells whom".
 *
 * No schema here: the checkout's first load reads these codes without the contract's schemas.
 */
import type { DenialReason } from './primitives.ts';

/**
 * DEFAULT and the reasons the denied step tells apart (spec 8 "Shopper messages" and "Denied titles"), each with
 * its own title, message or action in core's `denialView` (a test keeps the two in step).
 */
export const SHOPPER_KO_REASONS = [
  'DEFAULT',
  'ORDER_ABOVE_MAX_VALUE',
  'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
  'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
  'INVALID_CUSTOMER_DATA',
  'DRIP_MAX_VALUE_PER_DAY',
  'DRIP_MAX_VALUE_GLOBAL',
  'LATE_INSTALMENTS',
  'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
  'EXPIRED',
] as const satisfies readonly DenialReason[];
export type ShopperKoReason = (typeof SHOPPER_KO_REASONS)[number];

/** The denial reason a shopper answer carries: the reason when its screen is its own, else DEFAULT. */
export function shopperKoReason(reason: DenialReason): ShopperKoReason {
  const kept: readonly string[] = SHOPPER_KO_REASONS;
  return kept.includes(reason) ? (reason as ShopperKoReason) : 'DEFAULT';
}
