/**
 * Test support (not exported from the package): a small in-memory model of the checkout server, answering in
 * the wire shape (reais) and parsed with the contract like the real client does. Scenarios choose the merchant's
 * upfront status, flexibility, whether a verification Pix is needed and the credit decision.
 */
import * as v from 'valibot';
import { CheckoutResponse, type UpfrontPaymentStatus } from '../contract/checkout.ts';
import { cents } from '../money.ts';
import { planAmounts } from '../plan.ts';

type WireResponse = v.InferInput<typeof CheckoutResponse>;
type WireField = WireResponse['fields'][number];

export interface Scenario {
  upfront: UpfrontPaymentStatus;
  flexible: boolean;
  /**
   * First purchase: the R$ 1,00 verification Pix right after the token, before the credit decision (as the
   * server does, docs/checkout-lifecycle.md), whatever the merchant's upfront status.
   */
  verificationPix: boolean;
  decision: 'ok' | 'ko' | 'koFullAmount';
  /** How many polls answer "not paid yet" before the payment is seen. */
  pendingPolls?: number;
}

export const VALID_TOKEN = '123456';

type Phase =
  | 'customerData'
  | 'token'
  | 'selection'
  | 'confirmation'
  | 'verificationPix'
  | 'firstInstalmentPix'
  | 'fullAmountPix'
  | 'ok'
  | 'ko';

const EXPIRES_AT = '2030-01-01T12:00:00.000Z';

export class FakeCheckoutServer {
  phase: Phase = 'customerData';
  readonly requests: { kind: string; body: unknown }[] = [];
  private polls = 0;
  constructor(readonly scenario: Scenario) {}

  private merchant(): WireField {
    return {
      fieldName: 'merchantSummary',
      fieldData: {
        id: 'm1',
        name: 'Loja Exemplo',
        flexibleInstallments: this.scenario.flexible,
        maxInstalments: this.scenario.flexible ? 6 : 3,
        upfrontPaymentStatus: this.scenario.upfront,
        cashbackRate: 0.05,
        totalAmount: 300,
      },
    };
  }

  private instalments(): WireField {
    return {
      fieldName: 'instalments',
      fieldData: [
        { number: 1, dueDate: '2025-02-15', amount: 100, cashbackAmount: 0 },
        { number: 2, dueDate: '2025-03-17', amount: 100, cashbackAmount: 0 },
        { number: 3, dueDate: '2025-04-16', amount: 100, cashbackAmount: 15 },
      ],
    };
  }

  private pix(
    name: 'payment' | 'paymentForFirstInstalment' | 'paymentForFullAmount',
    amount: number,
  ): WireField {
    return {
      fieldName: name,
      fieldData: {
        paymentQrCode: 'data:image/png;base64,AAAA',
        paymentQrCodeText: '00020126580014br.gov.bcb.pix',
        amount,
        expiresAt: EXPIRES_AT,
      },
    };
  }

  /** The answer for the current phase. */
  private answer(): WireResponse {
    const base: WireField[] = [
      this.merchant(),
      { fieldName: 'resolveUrl', fieldData: 'https://loja.example/ok' },
    ];
    switch (this.phase) {
      case 'customerData':
        return {
          result: 'MORE_INFO',
          fields: [
            ...base,
            { fieldName: 'customerCpf' },
            { fieldName: 'customerPhone' },
            { fieldName: 'customerEmail', fieldData: 'ana@example.com' },
          ],
        };
      case 'token':
        return {
          result: 'MORE_INFO',
          fields: [
            ...base,
            {
              fieldName: 'phoneVerificationCode',
              fieldData: { channel: 'SMS', destination: '+55 (11) *****-4321' },
            },
          ],
        };
      case 'selection':
        return {
          result: 'MORE_INFO',
          fields: [
            ...base,
            this.instalments(),
            {
              fieldName: 'instalmentSelection',
              fieldData: {
                options: [2, 3, 4, 5, 6].map((n) => ({
                  totalInstalments: n,
                  // As the server: the first instalment of the plan.
                  instalmentAmount:
                    (planAmounts({ total: cents(30_000), totalInstalments: n, cashbackRate: 0 })[0]?.amount ??
                      0) / 100,
                })),
              },
            },
          ],
        };
      case 'confirmation':
        return {
          result: 'MORE_INFO',
          fields: [...base, this.instalments(), { fieldName: 'checkoutConfirmation' }],
        };
      case 'verificationPix':
        return { result: 'MORE_INFO', fields: [...base, this.pix('payment', 1)] };
      case 'firstInstalmentPix':
        return {
          result: 'MORE_INFO',
          fields: [...base, this.instalments(), this.pix('paymentForFirstInstalment', 100)],
        };
      case 'fullAmountPix':
        return {
          result: 'KO',
          fields: [
            ...base,
            { fieldName: 'koReason', fieldData: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE' },
            this.pix('paymentForFullAmount', 300),
          ],
        };
      case 'ok':
        return { result: 'OK', fields: [...base, this.instalments()] };
      case 'ko':
        return {
          result: 'KO',
          fields: [
            ...base,
            { fieldName: 'koReason', fieldData: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE' },
            { fieldName: 'koVariables', fieldData: { allowedAmount: 150 } },
          ],
        };
    }
  }

  private respond(): CheckoutResponse {
    return v.parse(CheckoutResponse, this.answer());
  }

  private afterCredit(): Phase {
    if (this.scenario.decision === 'ko') return 'ko';
    if (this.scenario.decision === 'koFullAmount') return 'fullAmountPix';
    return this.scenario.flexible ? 'selection' : 'confirmation';
  }

  private afterToken(): Phase {
    return this.scenario.verificationPix ? 'verificationPix' : this.afterCredit();
  }

  private afterConfirmation(): Phase {
    return this.scenario.upfront !== 'DISABLED' ? 'firstInstalmentPix' : 'ok';
  }

  private moveTo(phase: Phase): void {
    this.phase = phase;
    this.polls = 0;
  }

  load(): CheckoutResponse {
    this.requests.push({ kind: 'load', body: {} });
    return this.respond();
  }

  submitCustomerData(body: unknown): CheckoutResponse {
    this.requests.push({ kind: 'customerData', body });
    if (this.phase !== 'customerData') throw new Error(`customer data in phase ${this.phase}`);
    this.moveTo('token');
    return this.respond();
  }

  submitToken(code: string): CheckoutResponse {
    this.requests.push({ kind: 'token', body: code });
    if (this.phase !== 'token') throw new Error(`token in phase ${this.phase}`);
    if (code !== VALID_TOKEN) return { ...this.respond(), isValid: false };
    this.moveTo(this.afterToken());
    return { ...this.respond(), isValid: true };
  }

  resendToken(channel: string): CheckoutResponse {
    this.requests.push({ kind: 'resendToken', body: channel });
    return this.respond();
  }

  selectInstalments(n: number): CheckoutResponse {
    this.requests.push({ kind: 'instalments', body: n });
    if (this.phase !== 'selection') throw new Error(`selection in phase ${this.phase}`);
    this.moveTo('confirmation');
    return this.respond();
  }

  changeFirstDate(date: string): CheckoutResponse {
    this.requests.push({ kind: 'firstDate', body: date });
    return this.respond();
  }

  confirm(): CheckoutResponse {
    this.requests.push({ kind: 'confirm', body: { checkoutConfirmed: true } });
    if (this.phase !== 'confirmation') throw new Error(`confirmation in phase ${this.phase}`);
    this.moveTo(this.afterConfirmation());
    return this.respond();
  }

  /**
   * A poll: the Pix is seen as paid after `pendingPolls` polls; a paid verification Pix is followed by the credit
   * decision, the other charges by the approval.
   */
  poll(): CheckoutResponse {
    this.requests.push({ kind: 'poll', body: {} });
    this.polls += 1;
    const paid = this.polls > (this.scenario.pendingPolls ?? 1);
    if (paid && this.phase === 'verificationPix') this.moveTo(this.afterCredit());
    else if (paid && (this.phase === 'firstInstalmentPix' || this.phase === 'fullAmountPix'))
      this.moveTo('ok');
    return this.respond();
  }
}
