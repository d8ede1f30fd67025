/**
 * The pt-BR labels of the checkout and upfront-requirement statuses (spec 3 and 8), in a module of their own: a page
 * that shows a status label must not load the checkout contract's schemas, and with them the phone metadata.
 */
import type { CheckoutStatus, UpfrontPaymentStatus } from './checkout.ts';

export const CHECKOUT_STATUS_LABELS: Record<CheckoutStatus, string> = {
  PRISTINE: 'Criado',
  MORE_INFO: 'Em uso',
  OK: 'Concluído',
  KO: 'Falha durante o checkout do cliente',
  EXPIRED: 'Expirado',
  REVOKED: 'Desativado',
};

export const UPFRONT_PAYMENT_STATUS_LABELS: Record<UpfrontPaymentStatus, string> = {
  DISABLED: 'Desabilitado',
  OPTIONAL: 'Opcional',
  MANDATORY: 'Obrigatório',
};
