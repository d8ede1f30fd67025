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
  instalmentsPhrase,
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

describe('denialView: the grouping of spec 8, reason by reason', () => {
  const GENERIC =
    'Infelizmente não conseguimos aprovar sua compra com a Drip desta vez. Por favor, escolha outra forma de pagamento para finalizar seu pedido.';
  const LIMIT =
    'O valor desta compra está acima do limite disponível para você na Drip no momento. Tente uma compra de valor menor ou escolha outra forma de pagamento.';
  const MAX_150 = `No momento, o valor máximo aprovado para suas compras com a Drip é de R$${NBSP}150,00. Tente uma compra de até esse valor ou escolha outra forma de pagamento.`;
  const WAITING =
    'Estamos com alta demanda e não conseguimos criar sua conta agora. Entre na lista de espera e avisaremos você assim que sua conta Drip estiver disponível.';
  const UNLOCK = `Você tem R$${NBSP}50,00 de limite reservado em parcelas em aberto. Pague suas parcelas pendentes para desbloquear mais limite e tente novamente.`;
  const RETRY_LATER =
    'Seu cadastro está correto, mas atingimos o limite de compras aprovadas neste momento. Tente novamente em alguns minutos.';

  const allowed = { allowedAmount: cents(15_000) };
  const cases: [string, Parameters<typeof denialView>, string, string, boolean, boolean][] = [
    // reason, koVariables → title, message, offerWaitlist, offerAppAccess
    [
      'max value, amount',
      ['ORDER_ABOVE_MAX_VALUE', allowed],
      DENIAL_TITLES.aboveMaxValue,
      MAX_150,
      false,
      false,
    ],
    ['max value, no amount', ['ORDER_ABOVE_MAX_VALUE', {}], DENIAL_TITLES.aboveMaxValue, LIMIT, false, false],
    [
      'max value, blocked limit',
      [
        'ORDER_ABOVE_MAX_VALUE',
        { ...allowed, blockedLimit: cents(5_000), waitlistStatus: 'WAITING_RESPONSE' },
      ],
      DENIAL_TITLES.aboveMaxValue,
      UNLOCK,
      false,
      false,
    ],
    [
      'max value, waiting response',
      ['ORDER_ABOVE_MAX_VALUE', { ...allowed, blockedLimit: cents(0), waitlistStatus: 'WAITING_RESPONSE' }],
      DENIAL_TITLES.accountNotCreated,
      WAITING,
      true,
      false,
    ],
    [
      'max value, joined the waiting list',
      ['ORDER_ABOVE_MAX_VALUE', { ...allowed, waitlistStatus: 'CONFIRMED', onWaitlist: true }],
      DENIAL_TITLES.aboveMaxValue,
      MAX_150,
      false,
      false,
    ],
    [
      'max value, waiting list denied',
      ['ORDER_ABOVE_MAX_VALUE', { ...allowed, waitlistStatus: 'DENIED' }],
      DENIAL_TITLES.aboveMaxValue,
      MAX_150,
      false,
      false,
    ],
    [
      'customer max',
      ['ORDER_ABOVE_CUSTOMER_MAX_VALUE', allowed],
      DENIAL_TITLES.generic,
      MAX_150,
      false,
      false,
    ],
    [
      'customer max, 0',
      ['ORDER_ABOVE_CUSTOMER_MAX_VALUE', { allowedAmount: cents(0) }],
      DENIAL_TITLES.generic,
      LIMIT,
      false,
      false,
    ],
    [
      'open value cap',
      ['MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER', allowed],
      DENIAL_TITLES.generic,
      MAX_150,
      false,
      false,
    ],
    ['daily cap', ['DRIP_MAX_VALUE_PER_DAY', {}], DENIAL_TITLES.generic, RETRY_LATER, false, false],
    ['global cap', ['DRIP_MAX_VALUE_GLOBAL', {}], DENIAL_TITLES.generic, RETRY_LATER, false, false],
    [
      'invalid data',
      ['INVALID_CUSTOMER_DATA', {}],
      DENIAL_TITLES.generic,
      'Não conseguimos confirmar seus dados. Verifique se a conta usada para enviar o Pix é sua, a mesma do CPF cadastrado nesta loja, e tente novamente.',
      false,
      false,
    ],
    [
      'late instalments',
      ['LATE_INSTALMENTS', {}],
      DENIAL_TITLES.generic,
      'Você tem pagamentos pendentes com a Drip. Regularize suas parcelas em atraso ou fale com o nosso suporte para voltar a comprar.',
      false,
      false,
    ],
    [
      'unpaid first instalment',
      ['ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID', {}],
      DENIAL_TITLES.generic,
      'Para fazer uma nova compra, é preciso pagar pelo menos uma parcela dos seus pedidos anteriores. Acesse sua conta Drip para pagar.',
      false,
      true,
    ],
    [
      'expired',
      ['EXPIRED', {}],
      'Esta compra está expirada',
      'Não identificamos o pagamento a tempo e esta compra expirou. Volte à loja e inicie uma nova compra.',
      false,
      false,
    ],
    [
      'store confirmation failed',
      ['FAILED_MERCHANT_ORDER_CONFIRMATION', {}],
      DENIAL_TITLES.generic,
      GENERIC,
      false,
      false,
    ],
    ['default', ['DEFAULT', {}], DENIAL_TITLES.generic, GENERIC, false, false],
    ['minor', ['LEGALLY_PROTECTED_MINOR', {}], DENIAL_TITLES.generic, GENERIC, false, false],
    ['no reason', [null, {}], DENIAL_TITLES.generic, GENERIC, false, false],
  ];

  it.each(cases)('%s', (_, args, title, message, offerWaitlist, offerAppAccess) => {
    expect(denialView(...args)).toEqual({ title, message, offerWaitlist, offerAppAccess });
  });

  it('every other reason gets the generic title and message, without offers', () => {
    const specific = new Set(cases.map(([, [reason]]) => reason));
    for (const reason of DENIAL_REASONS.filter((r) => !specific.has(r))) {
      expect(denialView(reason, allowed), reason).toEqual({
        title: DENIAL_TITLES.generic,
        message: GENERIC,
        offerWaitlist: false,
        offerAppAccess: false,
      });
    }
  });
});

describe('instalmentOptions (spec 5)', () => {
  it('from 2 to max, value total/n to 2 decimals, labels the amounts charged, default 3x', () => {
    const { options, defaultTotalInstalments } = instalmentOptions(cents(10_000), 4, 'OPTIONAL');
    expect(options.map((o) => o.totalInstalments)).toEqual([2, 3, 4]);
    expect(options.map((o) => o.value)).toEqual(['50.00', '33.33', '25.00']);
    expect(options.map((o) => o.label)).toEqual([
      `2x de R$${NBSP}50,00 sem juros`,
      `1x de R$${NBSP}33,34 + 2x de R$${NBSP}33,33 sem juros`,
      `4x de R$${NBSP}25,00 sem juros`,
    ]);
    expect(options[1]?.amounts).toEqual([3334, 3333, 3333]);
    expect(defaultTotalInstalments).toBe(3);
  });

  it('R$ 299,90 in 3x: the value stays total/3 (99.97), the label says the 99,98 + 99,96 + 99,96 charged', () => {
    const three = instalmentOptions(cents(29_990), 3, 'OPTIONAL').options.find(
      (o) => o.totalInstalments === 3,
    );
    expect(three?.value).toBe('99.97');
    expect(three?.label).toBe(`1x de R$${NBSP}99,98 + 2x de R$${NBSP}99,96 sem juros`);
  });

  it('from 1 when upfront is DISABLED; first option when 3x is absent', () => {
    const disabled = instalmentOptions(cents(10_000), 2, 'DISABLED');
    expect(disabled.options.map((o) => o.totalInstalments)).toEqual([1, 2]);
    expect(disabled.defaultTotalInstalments).toBe(1);
    const none = instalmentOptions(cents(10_000), 1, 'MANDATORY');
    expect(none).toEqual({ options: [], defaultTotalInstalments: null });
  });
});

describe('instalmentsPhrase', () => {
  it("one 'kx de {amount}' per run of equal amounts, in order, joined by ' + '", () => {
    expect(instalmentsPhrase([cents(10_000), cents(10_000), cents(10_000)])).toBe(`3x de R$${NBSP}100,00`);
    expect(instalmentsPhrase([cents(9998), cents(9996), cents(9996)])).toBe(
      `1x de R$${NBSP}99,98 + 2x de R$${NBSP}99,96`,
    );
    expect(instalmentsPhrase([cents(100_001), cents(100_000)])).toBe(
      `1x de R$${NBSP}1.000,01 + 1x de R$${NBSP}1.000,00`,
    );
    expect(instalmentsPhrase([cents(5), cents(3), cents(3), cents(5)])).toBe(
      `1x de R$${NBSP}0,05 + 2x de R$${NBSP}0,03 + 1x de R$${NBSP}0,05`,
    );
    expect(instalmentsPhrase([cents(1999)])).toBe(`1x de R$${NBSP}19,99`);
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
