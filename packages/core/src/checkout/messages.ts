/**
 * The pt-BR texts of the shopper checkout (spec 2.5 and 8). Texts quoted by the spec are copied exactly; the
 * denial messages, whose wording the spec does not show, are Drip's own sentences following its description.
 */
import type {
  DenialReason,
  KoVariables,
  UpfrontPaymentStatus,
  VerificationChannel,
} from '../contract/checkout.ts';
import { type Cents, formatBRL, formatPercent } from '../money.ts';
import { planAmounts } from '../plan.ts';

/**
 * The contract's VERIFICATION_CHANNEL_LABELS, restated (a test keeps them equal): this module is on the checkout's
 * first load, which must not pull in the contract's schemas (issue 4 budget).
 */
export const CHANNEL_LABELS: Record<VerificationChannel, string> = {
  SMS: 'SMS',
  WHATSAPP: 'WhatsApp',
  EMAIL: 'e-mail',
};

export const DENIAL_TITLES = {
  expired: 'Esta compra está expirada',
  aboveMaxValue: 'Ops, não conseguimos aprovar limite suficiente para finalizar sua compra',
  accountNotCreated: 'Neste momento não foi possível criar a sua conta Drip',
  generic: 'Não foi possível aprovar a sua compra com Drip',
} as const;

/** Texts of the checkout steps (spec 2.5). */
export const checkoutStepMessages = {
  stepOf: (n: number) => `Passo ${n} de 3`,
  continue: 'Continuar',
  confirm: 'Confirmar',
  today: 'Hoje',
  purchaseAt: (merchantName: string) => `Compra na ${merchantName}`,
  instalmentSelectionTitle: 'Em quantas parcelas?',
  instalmentSelectionSubtitle: 'Selecione a quantidade de parcelas e revise para finalizar.',
  instalmentsLabel: 'Quantidade de parcelas',
  /** Spec 2.5 '{n}x de {amount} sem juros' when the instalments are equal; see `instalmentsPhrase` otherwise. */
  instalmentOption: (amounts: readonly Cents[]) => `${instalmentsPhrase(amounts)} sem juros`,
  upToInstalments: (max: number) => `Em até ${max}x sem juros`,
  /** Only when rate > 0 (see `cashbackCaption`). */
  cashbackOnLastPayment: (rate: number) => `${formatPercent(rate)} de cashback no último pagamento`,
  /**
   * Under the approval message: where the shopper follows and pays the instalments. The link text is the
   * portal's name; a first purchase adds the SMS sentence (the server sends the link to create the password).
   */
  approvedPortal: {
    before: 'Acompanhe e pague suas parcelas no ',
    link: 'Portal do Cliente Drip',
    after: '.',
    firstPurchase: 'Enviamos um SMS com o link para você criar sua senha.',
  },
  fullAmountTitle: 'Pagamento à vista',
  fullAmountText:
    'Não conseguimos aprovar o parcelamento desta compra agora. Finalize com o Pix à vista: pagar suas compras com a Drip aumenta suas chances de aprovação na próxima vez.',
} as const;

/** '{rate}% de cashback no último pagamento' when the rate is positive, else null (spec 2.5). */
export function cashbackCaption(rate: number): string | null {
  return rate > 0 ? checkoutStepMessages.cashbackOnLastPayment(rate) : null;
}

/** The toasts of the shopper checkout (spec 8). */
export const checkoutToasts = {
  tokenInvalid: 'Drip Token inválido, verifique o número inserido.',
  tokenResent: (channel: VerificationChannel) => `Drip Token reenviado por ${CHANNEL_LABELS[channel]}`,
  tokenResendFailed: (channel: VerificationChannel) =>
    `Ocorreu um erro ao reenviar o código por ${CHANNEL_LABELS[channel]}`,
  pixSentBySms: 'O código Pix foi enviado por SMS',
  pixSmsFailed: 'Ocorreu um erro ao enviar o código pix por SMS',
  firstDateChanged: 'Data da 1º parcela alterada',
  firstDateFailed: 'Não foi possível alterar a data de vencimento da primeira parcela',
  waitlistFailed: 'Ocorreu um erro ao entrar na whitelist',
  // Drip's own wording below (the spec gives none).
  loadFailed: 'Não foi possível carregar sua compra. Verifique sua conexão e tente novamente.',
  submitFailed: 'Não foi possível enviar seus dados. Tente novamente.',
  cancelFailed: 'Não foi possível cancelar a compra. Tente novamente.',
} as const;

export interface DenialView {
  title: string;
  message: string;
  /** Show the "join the waiting list" action (UPDATE_WAITLIST with CONFIRMED). */
  offerWaitlist: boolean;
  /** Show the access to the customer area / app (pay the pending first instalment). */
  offerAppAccess: boolean;
}

const positive = (amount: Cents | undefined): amount is Cents => amount !== undefined && amount > 0;

const GENERIC_MESSAGE =
  'Infelizmente não conseguimos aprovar sua compra com a Drip desta vez. Por favor, escolha outra forma de pagamento para finalizar seu pedido.';
const LIMIT_MESSAGE =
  'O valor desta compra está acima do limite disponível para você na Drip no momento. Tente uma compra de valor menor ou escolha outra forma de pagamento.';

function maxAmountMessage(allowed: Cents | undefined): string {
  return positive(allowed)
    ? `No momento, o valor máximo aprovado para suas compras com a Drip é de ${formatBRL(allowed)}. Tente uma compra de até esse valor ou escolha outra forma de pagamento.`
    : LIMIT_MESSAGE;
}

/** Title, message and actions of the denied step for a ko reason (spec 8 rules). */
export function denialView(reason: DenialReason | null, koVariables: KoVariables = {}): DenialView {
  const waitlistStatus = koVariables.waitlistStatus;
  const blocked = koVariables.blockedLimit;
  const waiting = waitlistStatus === 'WAITING_RESPONSE' && !positive(blocked);
  const aboveMax = reason === 'ORDER_ABOVE_MAX_VALUE';

  let title: string = DENIAL_TITLES.generic;
  if (reason === 'EXPIRED') title = DENIAL_TITLES.expired;
  else if (waiting) title = DENIAL_TITLES.accountNotCreated;
  else if (aboveMax) title = DENIAL_TITLES.aboveMaxValue;

  let message: string;
  switch (reason) {
    case 'ORDER_ABOVE_MAX_VALUE':
      if (positive(blocked)) {
        message = `Você tem ${formatBRL(blocked)} de limite reservado em parcelas em aberto. Pague suas parcelas pendentes para desbloquear mais limite e tente novamente.`;
      } else if (waitlistStatus === 'WAITING_RESPONSE') {
        message =
          'Estamos com alta demanda e não conseguimos criar sua conta agora. Entre na lista de espera e avisaremos você assim que sua conta Drip estiver disponível.';
      } else {
        // Spec 8: otherwise the maximum amount, also once on the waiting list (the page says so on its own).
        message = maxAmountMessage(koVariables.allowedAmount);
      }
      break;
    case 'ORDER_ABOVE_CUSTOMER_MAX_VALUE':
    case 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER':
      message = maxAmountMessage(koVariables.allowedAmount);
      break;
    case 'INVALID_CUSTOMER_DATA':
      message =
        'Não conseguimos confirmar seus dados. Verifique se a conta usada para enviar o Pix é sua, a mesma do CPF cadastrado nesta loja, e tente novamente.';
      break;
    case 'DRIP_MAX_VALUE_PER_DAY':
    case 'DRIP_MAX_VALUE_GLOBAL':
      message =
        'Seu cadastro está correto, mas atingimos o limite de compras aprovadas neste momento. Tente novamente em alguns minutos.';
      break;
    case 'LATE_INSTALMENTS':
      message =
        'Você tem pagamentos pendentes com a Drip. Regularize suas parcelas em atraso ou fale com o nosso suporte para voltar a comprar.';
      break;
    case 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID':
      message =
        'Para fazer uma nova compra, é preciso pagar pelo menos uma parcela dos seus pedidos anteriores. Acesse sua conta Drip para pagar.';
      break;
    case 'EXPIRED':
      message =
        'Não identificamos o pagamento a tempo e esta compra expirou. Volte à loja e inicie uma nova compra.';
      break;
    default:
      message = GENERIC_MESSAGE;
  }

  return {
    title,
    message,
    offerWaitlist: aboveMax && waiting,
    offerAppAccess: reason === 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
  };
}

/**
 * The amounts of a plan as pt-BR words that never name an amount that will not be charged: '3x de R$ 100,00' when
 * the instalments are equal (the spec's '{n}x de {amount}'), else one 'kx de {amount}' per run of equal amounts,
 * in order, joined by ' + ': R$ 299,90 in 3x is '1x de R$ 99,98 + 2x de R$ 99,96' (the remainder centavos go on
 * the first instalment, so 3 × R$ 99,96 or 3 × R$ 99,97 would both be false). docs/instalment-payments.md.
 */
export function instalmentsPhrase(amounts: readonly Cents[]): string {
  const runs: { count: number; amount: Cents }[] = [];
  for (const amount of amounts) {
    const last = runs[runs.length - 1];
    if (last && last.amount === amount) last.count++;
    else runs.push({ count: 1, amount });
  }
  return runs.map((r) => `${r.count}x de ${formatBRL(r.amount)}`).join(' + ');
}

export interface InstalmentChoice {
  totalInstalments: number;
  /** Each instalment's amount as the plan charges it (core's `planAmounts`): what the label says. */
  amounts: Cents[];
  /** The spec's option value: total / n in reais with 2 decimals, as text ('33.33'). Not shown. */
  value: string;
  /** '{n}x de {amount} sem juros', or '1x de {first} + {n-1}x de {amount} sem juros' (`instalmentsPhrase`). */
  label: string;
}

/** One option of the dropdown: its label from the plan, its value total / n (spec 5). */
export function instalmentChoice(total: Cents, n: number): InstalmentChoice {
  const amounts = planAmounts({ total, totalInstalments: n, cashbackRate: 0 }).map((p) => p.amount);
  return {
    totalInstalments: n,
    amounts,
    value: (Math.round(total / n) / 100).toFixed(2),
    label: checkoutStepMessages.instalmentOption(amounts),
  };
}

/**
 * The options of the instalment dropdown (spec 5): from 2 (from 1 when upfront is DISABLED) up to `max`, each
 * labelled with the amounts the plan charges, its value total / n to 2 decimals. The default is 3x when offered,
 * else the first option (null when none).
 */
export function instalmentOptions(
  total: Cents,
  max: number,
  upfrontStatus: UpfrontPaymentStatus,
): { options: InstalmentChoice[]; defaultTotalInstalments: number | null } {
  const first = upfrontStatus === 'DISABLED' ? 1 : 2;
  const options: InstalmentChoice[] = [];
  for (let n = first; n <= max; n++) options.push(instalmentChoice(total, n));
  const preferred = options.find((o) => o.totalInstalments === 3) ?? options[0];
  return { options, defaultTotalInstalments: preferred?.totalInstalments ?? null };
}
