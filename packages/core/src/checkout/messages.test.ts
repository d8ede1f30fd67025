import { describe, expect, it } from 'vitest';
import { DENIAL_REASONS } from '../contract/checkout.ts';
import { cents } from '../money.ts';
import {
  cashbackCaption,
  checkoutStepMessages,
  checkoutToasts,
  DENIAL_TITLES,
  denialView,
  instalmentOptions,
} from './messages.ts';

const NBSP = '\u00A0';

describe('denialView (spec 8)', () => {
  it('titles', () => {
    expect(denialView('EXPIRED').title).toBe('Esta compra está expirada');
    expect(denialView('ORDER_ABOVE_MAX_VALUE').title).toBe(
      'Ops, não conseguimos aprovar limite suficiente para finalizar sua compra',
    );
    expect(denialView('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE' }).title).toBe(
      'Neste momento não foi possível criar a sua conta Drip',
    );
    expect(
      denialView('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE', blockedLimit: cents(100) })
        .title,
    ).toBe(DENIAL_TITLES.aboveMaxValue);
    expect(denialView('LATE_INSTALMENTS').title).toBe('Não foi possível aprovar a sua compra com Drip');
    expect(denialView(null).title).toBe(DENIAL_TITLES.generic);
  });

  it('names the allowed amount when positive, else a generic limit message', () => {
    for (const reason of [
      'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
      'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER',
      'ORDER_ABOVE_MAX_VALUE',
    ] as const) {
      expect(denialView(reason, { allowedAmount: cents(15_000) }).message).toContain(`R$${NBSP}150,00`);
      expect(denialView(reason, { allowedAmount: cents(0) }).message).not.toContain('R$');
    }
  });

  it('ORDER_ABOVE_MAX_VALUE: blocked limit, waiting list, confirmed', () => {
    expect(denialView('ORDER_ABOVE_MAX_VALUE', { blockedLimit: cents(5_000) }).message).toContain(
      `R$${NBSP}50,00`,
    );
    const waiting = denialView('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE' });
    expect(waiting.offerWaitlist).toBe(true);
    expect(waiting.message).toContain('lista de espera');
    expect(denialView('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'CONFIRMED' }).offerWaitlist).toBe(false);
    expect(
      denialView('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE', blockedLimit: cents(1) })
        .offerWaitlist,
    ).toBe(false);
    expect(
      denialView('ORDER_ABOVE_CUSTOMER_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE' }).offerWaitlist,
    ).toBe(false);
  });

  it('app access only for an unpaid first instalment; every reason has a message', () => {
    for (const reason of DENIAL_REASONS) {
      const view = denialView(reason);
      expect(view.message.length).toBeGreaterThan(20);
      expect(view.offerAppAccess).toBe(reason === 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID');
    }
    expect(denialView('INVALID_CUSTOMER_DATA').message).toContain('Pix');
    expect(denialView('DRIP_MAX_VALUE_PER_DAY').message).toContain('alguns minutos');
    expect(denialView('LATE_INSTALMENTS').message).toContain('suporte');
    expect(denialView('EXPIRED').message).toContain('nova compra');
  });
});

describe('instalmentOptions (spec 5)', () => {
  it('from 2 to max, total/n to 2 decimals, default 3x', () => {
    const { options, defaultTotalInstalments } = instalmentOptions(cents(10_000), 4, 'OPTIONAL');
    expect(options.map((o) => o.totalInstalments)).toEqual([2, 3, 4]);
    expect(options.map((o) => o.value)).toEqual(['50.00', '33.33', '25.00']);
    expect(options[1]?.label).toBe(`3x de R$${NBSP}33,33 sem juros`);
    expect(defaultTotalInstalments).toBe(3);
  });

  it('from 1 when upfront is DISABLED; first option when 3x is absent', () => {
    const disabled = instalmentOptions(cents(10_000), 2, 'DISABLED');
    expect(disabled.options.map((o) => o.totalInstalments)).toEqual([1, 2]);
    expect(disabled.defaultTotalInstalments).toBe(1);
    const none = instalmentOptions(cents(10_000), 1, 'MANDATORY');
    expect(none).toEqual({ options: [], defaultTotalInstalments: null });
  });
});

describe('texts', () => {
  it('are the spec texts', () => {
    expect(checkoutStepMessages.stepOf(2)).toBe('Passo 2 de 3');
    expect(checkoutStepMessages.upToInstalments(6)).toBe('Em até 6x sem juros');
    expect(cashbackCaption(0.05)).toBe('5,00% de cashback no último pagamento');
    expect(cashbackCaption(0)).toBeNull();
    expect(checkoutToasts.tokenResent('SMS')).toBe('Drip Token reenviado por SMS');
    expect(checkoutToasts.tokenResendFailed('EMAIL')).toBe('Ocorreu um erro ao reenviar o código por e-mail');
    expect(checkoutStepMessages.purchaseAt('Loja X')).toBe('Compra na Loja X');
  });
});
