/**
 * The checkout's status labels and the upfront payment's requirement levels (spec 3 and 8), apart from the checkout
 * contract (`checkout.ts`, which re-exports them): that module imports the phone schemas, and a page that only
 * shows a status or picks a level would fetch libphonenumber's metadata with them.
 */
import * as v from 'valibot';
import type { CheckoutStatus } from './primitives.ts';

export const CHECKOUT_STATUS_LABELS: Record<CheckoutStatus, string> = {
  PRISTINE: 'Criado',
  MORE_INFO: 'Em uso',
  OK: 'Concluído',
  KO: 'Falha durante o checkout do cliente',
  EXPIRED: 'Expirado',
  REVOKED: 'Desativado',
};

/** Requirement level of the upfront (first instalment paid at checkout) payment. */
export const UPFRONT_PAYMENT_STATUSES = ['DISABLED', 'OPTIONAL', 'MANDATORY'] as const;
export const UpfrontPaymentStatus = v.picklist(UPFRONT_PAYMENT_STATUSES, 'Status de entrada desconhecido');
export type UpfrontPaymentStatus = v.InferOutput<typeof UpfrontPaymentStatus>;
export const UPFRONT_PAYMENT_STATUS_LABELS: Record<UpfrontPaymentStatus, string> = {
  DISABLED: 'Desabilitado',
  OPTIONAL: 'Opcional',
  MANDATORY: 'Obrigatório',
};
/** The checkout treats a merchant without the value as OPTIONAL (spec 3). */
export const DEFAULT_UPFRONT_PAYMENT_STATUS: UpfrontPaymentStatus = 'OPTIONAL';
