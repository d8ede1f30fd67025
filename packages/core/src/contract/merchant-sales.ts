/**
 * The merchant portal's sales views (spec 2.4, 3, 4, 7, 9): the checkouts list and details ('Minhas Vendas'), the
 * big numbers and the chart, and the Drip links ('Gerenciar Links', 'Criar Drip Link'). Money in reais on the wire.
 */
import * as v from 'valibot';
import { isIsoDate } from '../dates.ts';
import { isReaisAmount } from '../money.ts';
import { pageOf } from './orders.ts';
import {
  CHECKOUT_STATUSES,
  DATE_YEARS_MESSAGE,
  IsoInstant,
  inDateYears,
  NonNegativeReais,
  PageNumber,
  PageSize,
  PositiveReais,
} from './primitives.ts';
import { MerchantKoReason } from './refusal-groups.ts';

// ---------------------------------------------------------------- statuses (spec 4)

/** What the merchant views answer as a checkout's status (spec 3 "Merchant checkout"). */
export const MERCHANT_CHECKOUT_STATUSES = ['OK', 'KO', 'MORE_INFO', 'REFUNDED'] as const;
export type MerchantCheckoutStatus = (typeof MERCHANT_CHECKOUT_STATUSES)[number];

/** How the portal shows a checkout (spec 4 "Checkout display status (merchant)"; labels in the portal kit). */
export type MerchantCheckoutDisplay = 'APPROVED' | 'REFUNDED' | 'DENIED' | 'ABANDONED' | 'MORE_INFO';

/**
 * Spec 4: OK is approved; OK whose order is closed with its whole amount canceled is refunded; KO for the reason
 * EXPIRED is abandoned (the detail shows it as in progress: the shopper never finished); anything else as is.
 */
export function merchantCheckoutDisplay(
  checkout: {
    status: MerchantCheckoutStatus;
    koReason?: string | null | undefined;
    amount: number;
    order?: { status: string; canceledAmount: number } | null | undefined;
  },
  where: 'list' | 'detail' = 'list',
): MerchantCheckoutDisplay {
  const { status, order } = checkout;
  if (status === 'REFUNDED') return 'REFUNDED';
  if (status === 'OK') {
    const refunded =
      order != null &&
      order.status !== 'ACTIVE' &&
      order.canceledAmount > 0 &&
      order.canceledAmount >= checkout.amount;
    return refunded ? 'REFUNDED' : 'APPROVED';
  }
  if (status === 'KO') {
    if (checkout.koReason === 'EXPIRED') return where === 'detail' ? 'MORE_INFO' : 'ABANDONED';
    return 'DENIED';
  }
  return 'MORE_INFO';
}

// ---------------------------------------------------------------- list filters (spec 7, 9)

const FLAG = v.optional(v.picklist(['true', 'false'], 'Use true ou false'));
/** A date of the range, sent as midnight with the Z suffix (`2026-11-01T00:00:00Z`, or `.000Z`); a bare date too. */
const RangeDate = v.pipe(
  v.string(),
  v.regex(
    /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/,
    'Informe a data como AAAA-MM-DD ou AAAA-MM-DDT00:00:00Z',
  ),
  v.transform((s) => s.slice(0, 10)),
  v.check((s) => isIsoDate(s), 'Data inválida'),
  // The day after `to` and São Paulo's midnight are computed from it: year 9999 would reach SQL as 'Invalid Date'.
  v.check(inDateYears, DATE_YEARS_MESSAGE),
);

/**
 * `GET v2/checkouts`: `code` (merchant order code, prefix), `customerName` (prefix of a word, accents and case
 * ignored), `amount` (reais, exact), the status toggles (none set = every status) and the date range (`from`, `to`
 * inclusive calendar days in America/Sao_Paulo).
 */
export const MerchantCheckoutsQuery = v.object({
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'Código muito longo'))),
  customerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'Nome muito longo'))),
  amount: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,7}([.,]\d{1,2})?$/, 'Informe o valor com até 2 casas decimais'),
      v.transform((s) => s.replace(',', '.')),
    ),
  ),
  approved: FLAG,
  canceled: FLAG,
  denied: FLAG,
  abandoned: FLAG,
  from: v.optional(RangeDate),
  to: v.optional(RangeDate),
  page: PageNumber,
  size: PageSize,
});
export type MerchantCheckoutsQuery = v.InferOutput<typeof MerchantCheckoutsQuery>;

/** The order a checkout became (spec 3 "Merchant checkout", order). */
export const MerchantCheckoutOrder = v.object({
  id: v.string(),
  /** The Drip code ('DRP-7K2M9Q'). */
  code: v.string(),
  status: v.picklist(['ACTIVE', 'CLOSED', 'CANCELED']),
  createdDate: IsoInstant,
  canceledAmount: NonNegativeReais,
  canceledAt: v.nullable(IsoInstant),
});

export const MerchantCheckoutSummary = v.object({
  id: v.string(),
  /** The merchant's order code. */
  code: v.string(),
  customerName: v.nullable(v.string()),
  amount: PositiveReais,
  status: v.picklist(MERCHANT_CHECKOUT_STATUSES),
  koReason: v.nullable(MerchantKoReason),
  createdAt: IsoInstant,
  order: v.nullable(MerchantCheckoutOrder),
});
export type MerchantCheckoutSummary = v.InferOutput<typeof MerchantCheckoutSummary>;

/**
 * `totalElements` is exact up to the server's cap (10 000 checkouts); above, `totalCapped` is true, `totalElements`
 * is the cap and `totalPages` covers the first cap results (docs/merchant-sales.md, "The list's count"). Optional:
 * a server from before the cap does not send it.
 */
export const MerchantCheckoutPage = v.object({
  ...pageOf(MerchantCheckoutSummary).entries,
  totalCapped: v.optional(v.boolean()),
});
export type MerchantCheckoutPage = v.InferOutput<typeof MerchantCheckoutPage>;

export const MerchantCheckoutProduct = v.object({
  id: v.string(),
  name: v.string(),
  amount: NonNegativeReais,
  status: v.picklist(['ACTIVE', 'CANCELED']),
  canceledAt: v.nullable(IsoInstant),
  hasInstalmentProducts: v.boolean(),
});

const Text = v.nullable(v.string());

/** `GET v2/checkouts/{id}`: every field of the order detail (spec 2.4); unknown values are null ('N/A'). */
export const MerchantCheckoutDetails = v.object({
  ...MerchantCheckoutSummary.entries,
  customerCpf: Text,
  customerEmail: Text,
  customerPhone: Text,
  addressCep: Text,
  addressStreet: Text,
  addressNumber: Text,
  addressNeighborhood: Text,
  addressComplement: Text,
  addressCity: Text,
  addressState: Text,
  creatorEmail: Text,
  /** Drip's fee on the sale, as its `Venda` row charges it (settlements/sale-fee.ts); null before an order. */
  merchantFee: v.nullable(v.object({ percentage: v.number(), totalAmount: NonNegativeReais })),
  /**
   * 'Valor do repasse': what the merchant is paid for the order after its refunds (the amount not canceled less the
   * fee not given back, what the extract's rows of the order add up to); null before an order.
   */
  settlementAmount: v.nullable(NonNegativeReais),
  products: v.array(MerchantCheckoutProduct),
});
export type MerchantCheckoutDetails = v.InferOutput<typeof MerchantCheckoutDetails>;

// ---------------------------------------------------------------- big numbers and chart (spec 3, 9)

export const BIG_NUMBER_PERIODS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type BigNumberPeriod = (typeof BIG_NUMBER_PERIODS)[number];
export const PeriodQuery = v.object({
  period: v.optional(v.picklist(BIG_NUMBER_PERIODS, 'Use DAILY, WEEKLY ou MONTHLY'), 'DAILY'),
});

/** The portal's `volume_period` (kept in the URL) ↔ the API's period. */
export const VOLUME_PERIODS = [
  { value: 'DAILY', label: 'Hoje' },
  { value: 'WEEKLY', label: 'Semana' },
  { value: 'MONTHLY', label: 'Mês' },
] as const satisfies readonly { value: BigNumberPeriod; label: string }[];

export const CheckoutStatistics = v.object({
  /** Approved volume of the period, reais. */
  amount: NonNegativeReais,
  /** Percent change of the approved volume against the previous period; null when that one had none. */
  comparisonPercentage: v.nullable(v.number()),
  checkoutsApproved: v.pipe(v.number(), v.integer(), v.minValue(0)),
  checkoutsDenied: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type CheckoutStatistics = v.InferOutput<typeof CheckoutStatistics>;

export const CheckoutChartItem = v.object({
  initialDate: IsoInstant,
  finalDate: IsoInstant,
  checkoutsApproved: v.pipe(v.number(), v.integer(), v.minValue(0)),
  checkoutsDenied: v.pipe(v.number(), v.integer(), v.minValue(0)),
  reasons: v.array(
    /** One per refusal group of the slice (spec 8's chart grouping), never an individual reason. */
    v.object({ reason: MerchantKoReason, quantity: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  ),
});
export const CheckoutChart = v.array(CheckoutChartItem);
export type CheckoutChartItem = v.InferOutput<typeof CheckoutChartItem>;

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/**
 * Spec 9: 'em comparação à ontem', 'à última semana' or to the previous month's name, with 'a mais' when positive,
 * 'a menos' otherwise. `today` is the calendar date (YYYY-MM-DD) the numbers are about.
 */
export function comparisonText(period: BigNumberPeriod, percentage: number, today: string): string {
  const amount = `${Math.abs(percentage).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
  const direction = percentage > 0 ? 'a mais' : 'a menos';
  const month = Number(today.slice(5, 7));
  const target =
    period === 'DAILY'
      ? 'em comparação à ontem'
      : period === 'WEEKLY'
        ? 'em comparação à última semana'
        : `em comparação a ${MONTHS[(month + 10) % 12]}`;
  return `${amount} ${direction} ${target}`;
}

// ---------------------------------------------------------------- Drip links (spec 3 "Checkout link")

export const CheckoutLink = v.object({
  id: v.string(),
  code: v.string(),
  amount: PositiveReais,
  status: v.picklist(CHECKOUT_STATUSES),
  backofficeStatus: v.picklist(['ACTIVE', 'REVOKED']),
  koReason: v.nullable(MerchantKoReason),
  creatorEmail: v.nullable(v.string()),
  createdAt: IsoInstant,
  formUrl: v.string(),
});
export type CheckoutLink = v.InferOutput<typeof CheckoutLink>;
export const CheckoutLinkPage = pageOf(CheckoutLink);
export type CheckoutLinkPage = v.InferOutput<typeof CheckoutLinkPage>;

/** Spec 4 "Link status": the back-office status when not active, else the checkout's. */
export function linkStatus(link: Pick<CheckoutLink, 'status' | 'backofficeStatus'>): string {
  return link.backofficeStatus !== 'ACTIVE' ? link.backofficeStatus : link.status;
}

/**
 * Spec 4 "links in 'Criado' can be deactivated": the one rule of 'Desativar', applied by the portal (the button) and
 * by the server (`PUT v1/checkouts/{id}/revoke`, 409 otherwise) to the same link view. Once a shopper opened the
 * checkout ('Em uso') they may be typing their data or paying a Pix, so the link runs to its end or its expiry;
 * a 'Criado' link past its expiry shows 'Expirado' and is over already.
 */
export function canDeactivateLink(link: Pick<CheckoutLink, 'status' | 'backofficeStatus'>): boolean {
  return linkStatus(link) === 'PRISTINE';
}

export const checkoutLinkMessages = {
  /** Drip's wording (the portal shows spec 8's 'Falha ao desativar ({status})'; integrators read this one). */
  cannotDeactivate:
    "Só é possível desativar um link ainda 'Criado': o cliente já abriu este checkout ou ele já terminou.",
} as const;

export const LinkPageQuery = v.object({ page: PageNumber, size: PageSize });

export const CreateCheckoutLinkRequest = v.strictObject({
  amount: v.pipe(
    v.number('Informe o valor'),
    v.gtValue(0, 'O valor deve ser maior que zero'),
    v.maxValue(1_000_000, 'O valor deve ser no máximo R$ 1.000.000,00'),
    v.check((n) => isReaisAmount(n), 'O valor deve ter no máximo 2 casas decimais'),
  ),
  merchantCode: v.pipe(
    v.string('Informe o código do pedido'),
    v.trim(),
    v.minLength(1, 'Informe o código do pedido'),
    v.maxLength(64, 'O código do pedido deve ter no máximo 64 caracteres'),
  ),
});
export type CreateCheckoutLinkRequest = v.InferOutput<typeof CreateCheckoutLinkRequest>;

export const CreateCheckoutLinkResponse = v.object({ id: v.string(), formUrl: v.string() });
export type CreateCheckoutLinkResponse = v.InferOutput<typeof CreateCheckoutLinkResponse>;

/** Spec 8 "Create link": the 409 of a code already used. */
export const duplicateLinkCodeMessage = (code: string) =>
  `O código '${code}' já existe, insira outro e tente novamente`;
