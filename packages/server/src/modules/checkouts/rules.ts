/**
 * The checkout's fixed rules and the shapes its parts share: durations and amounts, which instalment counts a
 * merchant sells, what a loaded checkout is. Pure: no database, no clock.
 */
import { createHash } from 'node:crypto';
import {
  addDaysIso,
  type Cents,
  type CheckoutResponse,
  cents,
  DENIAL_REASONS,
  type DenialReason,
  MAX_INSTALMENTS,
  planInstalments,
  type UpfrontPaymentStatus,
} from '@drip/core';
import type * as v from 'valibot';
import type { MerchantRuleFlags } from '../credit/rules.ts';
import type { CheckoutRow, checkouts, StoredCustomerData } from './tables.ts';

export const TOKEN_TTL_MS = 10 * 60 * 1000;
export const TOKEN_RESEND_COOLDOWN_MS = 30 * 1000;
export const TOKEN_MAX_ATTEMPTS = 5;
export const VERIFICATION_AMOUNT: Cents = cents(100);
/** What the verification Pix says on the payer's bank statement. */
export const VERIFICATION_PIX_DESCRIPTION = 'Verificação Drip (estornada)';
export const DEFAULT_INSTALMENTS = 3;
export const DEFAULT_FIRST_DUE_DAYS = 15;
export const FIRST_DUE_MIN_DAYS = 1;
export const FIRST_DUE_MAX_DAYS = 31;
/** How long a poll waits for a credit analysis in progress before answering "still waiting". */
export const POLL_ANALYSIS_WAIT_MS = 2000;
/** The reason of the verification's devolução. */
export const VERIFICATION_REFUND_REASON = 'Estorno do Pix de verificação';

export type WireResponse = v.InferInput<typeof CheckoutResponse>;
export type WireField = WireResponse['fields'][number];

/** The merchant as a checkout reads it: its terms and the credit rules it switches off. */
export interface MerchantFacts extends MerchantRuleFlags {
  id: string;
  name: string;
  status: 'ENABLED' | 'ARCHIVED';
  logo: string | null;
  flexibleInstallments: boolean;
  maxInstalments: number;
  upfrontPaymentStatus: UpfrontPaymentStatus;
  maxAmountPerOrder: number | null;
  /** Centavos; a positive value caps every customer's limit at this merchant. */
  customerLimit: number | null;
  cashbackRate: number;
}

export interface Loaded {
  row: CheckoutRow;
  merchant: MerchantFacts;
  /** The row version read (PostgreSQL `xmin`): a write `where xmin = version` applies only if nobody wrote since. */
  version: string;
}

/** A message to send once the step's transaction committed. */
export interface PendingMessage {
  channel: 'SMS' | 'EMAIL';
  to: string;
  subject?: string;
  body: string;
  code?: string;
}

/** The columns a checkout step may set. */
export type CheckoutSet = Partial<typeof checkouts.$inferInsert>;

export const hashToken = (checkoutId: string, code: string) =>
  createHash('sha256').update(`${checkoutId}:${code}`).digest('hex');

export const isOpen = (status: CheckoutRow['status']) => status === 'PRISTINE' || status === 'MORE_INFO';

/**
 * A checkout's status as 'Gerenciar Links' reads it (spec 3 "Checkout link"): the shown status (`visibleStatus`) and
 * the back-office status. The list and 'Desativar' both use it, so that the button and the server agree.
 */
export const linkFacts = (status: CheckoutRow['status']) => ({
  status,
  backofficeStatus: status === 'REVOKED' ? ('REVOKED' as const) : ('ACTIVE' as const),
});

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}

/**
 * The most instalments a merchant sells in (spec 2.5 and 9): a flexible merchant up to its `maxInstalments`, capped
 * at the bound `{totalInstalments}` accepts (MAX_INSTALMENTS); any other merchant in the default 3. The selection
 * options, the merchant summary and the simulator all show this number.
 */
export function maxInstalmentsOf(m: Pick<MerchantFacts, 'flexibleInstallments' | 'maxInstalments'>): number {
  if (!m.flexibleInstallments) return DEFAULT_INSTALMENTS;
  return Math.min(MAX_INSTALMENTS, Math.max(1, m.maxInstalments));
}

/** Which instalment counts a merchant offers (spec 5: from 2, from 1 when upfront is DISABLED). */
export function instalmentRange(
  m: Pick<MerchantFacts, 'flexibleInstallments' | 'maxInstalments' | 'upfrontPaymentStatus'>,
) {
  const max = maxInstalmentsOf(m);
  const min = m.upfrontPaymentStatus === 'DISABLED' ? 1 : Math.min(2, max);
  return { min, max };
}

/** OPTIONAL upfront: "sem entrada" unless the shopper chose today as the first due date (changeFirstDate). */
function upfrontChosen(row: CheckoutRow, merchant: MerchantFacts): boolean {
  if (merchant.upfrontPaymentStatus === 'MANDATORY') return true;
  if (merchant.upfrontPaymentStatus === 'DISABLED') return false;
  return row.upfront === 'YES';
}

/** The instalment count before the shopper chose one. */
export function defaultInstalments(merchant: MerchantFacts): number {
  if (!merchant.flexibleInstallments) return maxInstalmentsOf(merchant);
  const { min, max } = instalmentRange(merchant);
  return Math.min(max, Math.max(min, DEFAULT_INSTALMENTS));
}

/** The checkout's plan as chosen so far (defaults for what was not), for São Paulo's date `today`. */
export function planOf(row: CheckoutRow, merchant: MerchantFacts, today: string) {
  const n = row.totalInstalments ?? defaultInstalments(merchant);
  const upfront = upfrontChosen(row, merchant);
  const firstDueDate = upfront ? today : (row.firstDueDate ?? addDaysIso(today, DEFAULT_FIRST_DUE_DAYS));
  return {
    upfront,
    totalInstalments: n,
    firstDueDate,
    instalments: planInstalments({
      total: cents(row.amount),
      totalInstalments: n,
      firstDueDate,
      cashbackRate: merchant.cashbackRate,
    }),
  };
}
export type CheckoutPlan = ReturnType<typeof planOf>;

/** What every order created from a checkout carries: the checkout, the parties, the total and the products. */
export function orderBase(row: CheckoutRow, customerId: string) {
  return {
    checkoutId: row.id,
    merchantId: row.merchantId,
    customerId,
    merchantOrderCode: row.merchantOrderCode,
    total: cents(row.amount),
    products: row.products.map((p) => ({ name: p.name, quantity: p.quantity, unitAmount: cents(p.amount) })),
  };
}

export const tokenText = (code: string, merchantName: string) =>
  `Drip: ${code} é o seu Drip Token para a compra na ${merchantName}. Válido por 10 minutos. Não compartilhe.`;

/** The customer data as stored: empty optional fields dropped. */
export function cleanCustomerData(data: StoredCustomerData): StoredCustomerData {
  return {
    ...data,
    customerBirthDate: data.customerBirthDate || undefined,
    addressComplement: data.addressComplement || undefined,
  };
}

export function toDenialReason(s: string | null): DenialReason | undefined {
  return DENIAL_REASONS.find((r) => r === s);
}
