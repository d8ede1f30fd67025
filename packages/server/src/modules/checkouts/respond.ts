/**
 * The `{result, fields}` answer of every shopper step, built from the checkout row (wire shape, reais), and the
 * status and denial reason a checkout shows as read now.
 */
import {
  type Cents,
  cents,
  centsToReais,
  type DenialReason,
  maskPhoneForDisplay,
  planAmounts,
  shopperKoReason,
} from '@drip/core';
import type { Charge } from './payments-port.ts';
import {
  instalmentRange,
  isOpen,
  type MerchantFacts,
  maxInstalmentsOf,
  planOf,
  TOKEN_RESEND_COOLDOWN_MS,
  toDenialReason,
  type WireField,
  type WireResponse,
} from './rules.ts';
import type { CheckoutRow, StoredPix } from './tables.ts';

/** Status as read at `now`: an open checkout past its expiry is EXPIRED even before the job ran. */
export function visibleStatus(row: CheckoutRow, now: Date): CheckoutRow['status'] {
  if (isOpen(row.status) && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.status;
}

export function koReasonOf(row: CheckoutRow, now: Date): DenialReason | undefined {
  if (visibleStatus(row, now) === 'EXPIRED') return 'EXPIRED';
  if (row.status === 'REVOKED') return 'DEFAULT';
  return toDenialReason(row.koReason);
}

/** The `{result, fields}` answer for a checkout row (wire shape, reais). */
export function respond(row: CheckoutRow, merchant: MerchantFacts, now: Date, today: string): WireResponse {
  const fields: WireField[] = [
    {
      fieldName: 'merchantSummary',
      fieldData: {
        id: merchant.id,
        name: merchant.name,
        flexibleInstallments: merchant.flexibleInstallments,
        maxInstalments: maxInstalmentsOf(merchant),
        upfrontPaymentStatus: merchant.upfrontPaymentStatus,
        cashbackRate: merchant.cashbackRate,
        totalAmount: centsToReais(cents(row.amount)),
        ...(merchant.logo ? { logoUrl: merchant.logo } : {}),
      },
    },
    { fieldName: 'resolveUrl', fieldData: row.resolveUrl },
    { fieldName: 'cancelUrl', fieldData: row.cancelUrl },
  ];
  const status = visibleStatus(row, now);
  if (status === 'OK') {
    fields.push({
      fieldName: 'instalments',
      fieldData: planOf(row, merchant, today).instalments.map(wireInstalment),
    });
    return { result: 'OK', fields };
  }
  if (status !== 'PRISTINE' && status !== 'MORE_INFO') {
    // Anyone holding the id reads this answer, the store that created the checkout included: the reason only when
    // the denied step shows something of its own, else DEFAULT, the same screen (core's shopperKoReason).
    const reason = shopperKoReason(koReasonOf(row, now) ?? 'DEFAULT');
    fields.push({ fieldName: 'koReason', fieldData: reason });
    const kv = row.koVariables ?? {};
    fields.push({
      fieldName: 'koVariables',
      fieldData: {
        ...(kv.allowedAmount !== undefined ? { allowedAmount: centsToReais(cents(kv.allowedAmount)) } : {}),
        ...(kv.blockedLimit !== undefined ? { blockedLimit: centsToReais(cents(kv.blockedLimit)) } : {}),
        ...(row.waitlistStatus
          ? { waitlistStatus: row.waitlistStatus, onWaitlist: row.waitlistStatus === 'CONFIRMED' }
          : {}),
      },
    });
    if (kv.blockedLimit !== undefined)
      fields.push({ fieldName: 'blockedLimit', fieldData: centsToReais(cents(kv.blockedLimit)) });
    if (status === 'KO' && row.fullAmountPix && !row.orderId) {
      fields.push({ fieldName: 'paymentForFullAmount', fieldData: wirePix(row.fullAmountPix) });
    }
    return { result: 'KO', fields };
  }
  const data = row.customerData;
  switch (row.phase) {
    case 'CUSTOMER_DATA': {
      const prefill = row.prefill ?? {};
      if (row.phoneOnly) {
        // A known customer prefilled by the merchant: the phone form (spec 4, step (2)).
        fields.push({ fieldName: 'customerPhone', ...(prefill.phone ? { fieldData: prefill.phone } : {}) });
        break;
      }
      fields.push(
        { fieldName: 'customerCpf', ...(prefill.cpf ? { fieldData: prefill.cpf } : {}) },
        { fieldName: 'customerPhone', ...(prefill.phone ? { fieldData: prefill.phone } : {}) },
        { fieldName: 'customerEmail', ...(prefill.email ? { fieldData: prefill.email } : {}) },
      );
      break;
    }
    case 'TOKEN': {
      const channel = row.tokenChannel ?? 'SMS';
      const destination =
        channel === 'EMAIL'
          ? maskEmail(data?.customerEmail ?? '')
          : maskPhoneForDisplay(data?.customerPhone ?? '');
      fields.push({
        fieldName: 'phoneVerificationCode',
        fieldData: {
          channel,
          destination,
          ...(row.tokenSentAt
            ? {
                resendAvailableAt: new Date(
                  row.tokenSentAt.getTime() + TOKEN_RESEND_COOLDOWN_MS,
                ).toISOString(),
              }
            : {}),
        },
      });
      break;
    }
    case 'VERIFICATION_PIX':
    // ANALYSIS is answered before it shows (a poll runs the pending analysis first); should it show, it is the
    // verification step still waiting, so that the page keeps polling (core shouldApplyPoll).
    case 'ANALYSIS':
      if (row.verificationPix) fields.push({ fieldName: 'payment', fieldData: wirePix(row.verificationPix) });
      break;
    case 'SELECTION':
    case 'CONFIRMATION': {
      const plan = planOf(row, merchant, today);
      fields.push({ fieldName: 'instalments', fieldData: plan.instalments.map(wireInstalment) });
      if (row.availableLimit !== null) {
        fields.push({ fieldName: 'customerThreshold', fieldData: centsToReais(cents(row.availableLimit)) });
      }
      if (plan.upfront) {
        const first = plan.instalments[0];
        if (first) {
          fields.push({
            fieldName: 'upfrontFirstInstalment',
            fieldData: { amount: centsToReais(cents(first.amount - first.cashbackAmount)) },
          });
        }
      }
      if (row.phase === 'SELECTION') {
        const { min, max } = instalmentRange(merchant);
        const options = [];
        for (let n = min; n <= max; n++) {
          // The first instalment (the largest: it carries the remainder centavos); the label is the shopper
          // page's, from the same plan (core's instalmentOptions).
          const first = planAmounts({ total: cents(row.amount), totalInstalments: n, cashbackRate: 0 })[0];
          options.push({ totalInstalments: n, instalmentAmount: centsToReais(first?.amount ?? cents(0)) });
        }
        fields.push({
          fieldName: 'instalmentSelection',
          fieldData: { options, ...(row.totalInstalments ? { selected: row.totalInstalments } : {}) },
        });
      } else {
        fields.push({ fieldName: 'checkoutConfirmation' });
      }
      break;
    }
    case 'FIRST_INSTALMENT_PIX': {
      fields.push({
        fieldName: 'instalments',
        fieldData: planOf(row, merchant, today).instalments.map(wireInstalment),
      });
      if (row.firstInstalmentPix) {
        fields.push({ fieldName: 'paymentForFirstInstalment', fieldData: wirePix(row.firstInstalmentPix) });
      }
      break;
    }
    case 'DONE':
      break;
  }
  return { result: 'MORE_INFO', fields };
}

export function wireInstalment(i: { number: number; dueDate: string; amount: Cents; cashbackAmount: Cents }) {
  return {
    number: i.number,
    dueDate: i.dueDate,
    amount: centsToReais(i.amount),
    cashbackAmount: centsToReais(i.cashbackAmount),
  };
}

export function wirePix(p: StoredPix) {
  return {
    paymentQrCode: p.qrCodeUrl,
    paymentQrCodeText: p.brCode,
    amount: centsToReais(cents(p.amount)),
    expiresAt: p.expiresAt,
  };
}

export function toStoredPix(c: Charge): StoredPix {
  return {
    chargeId: c.id,
    txid: c.txid,
    brCode: c.brCode,
    qrCodeUrl: c.qrCodeUrl,
    amount: c.amount,
    expiresAt: c.expiresAt.toISOString(),
  };
}

function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  if (!domain) return email;
  return `${user.slice(0, 2)}${'*'.repeat(Math.max(1, user.length - 2))}@${domain}`;
}
