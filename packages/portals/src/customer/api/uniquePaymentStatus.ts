import { customerUniquePaymentStatus, type UniquePayment } from '@drip/core';
import { usePaymentPolling } from './instalment.ts';

export function isUniquePaymentPaid(payment: UniquePayment): boolean {
  return payment.status === 'PAID' || payment.status === 'SUCCESS';
}

/** GET /customer_backoffice/api/v1/instalments/payments/{id}, polled every 3 s while `enabled` and not paid. */
export function useUniquePaymentPolling(uniquePaymentId: string, enabled: boolean) {
  return usePaymentPolling(
    ['customer', 'uniquePayment', uniquePaymentId] as const,
    customerUniquePaymentStatus,
    uniquePaymentId,
    isUniquePaymentPaid,
    enabled,
  );
}
