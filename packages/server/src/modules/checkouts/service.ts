/**
 * The shopper checkout lifecycle (DESIGN.md 3, docs/checkout-lifecycle.md): PRISTINE → MORE_INFO → OK | KO |
 * EXPIRED | REVOKED. Each step runs in ONE transaction that locks the checkout row (joined with its merchant) and
 * answers the `{result, fields}` of the contract, built from the row.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  addDaysIso,
  type Cents,
  type CheckoutResponse,
  type CheckoutUpdateRequest,
  type CreateCheckoutRequest,
  type CreateCheckoutResponse,
  cents,
  centsToReais,
  checkoutPaths,
  DENIAL_REASONS,
  type DenialReason,
  daysBetweenIso,
  formatBRL,
  MAX_INSTALMENTS,
  type MerchantCheckoutView,
  maskPhoneForDisplay,
  planAmounts,
  planInstalments,
  todayInSaoPaulo,
  type UpdateWaitlistRequest,
  type UpfrontPaymentStatus,
  type VerificationChannel,
  type WaitlistStatus,
} from '@drip/core';
import { and, eq, getTableColumns, inArray, lte, SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { normalizeRecipient } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { type Shaped, ShapedStatements } from '../../db/shaped.ts';
import type { Tx } from '../../db/types.ts';
import { ApiError, errorBody, notFound } from '../../http/errors.ts';
import { tryJobLock } from '../../jobs/lock.ts';
import { JOB } from '../../jobs/names.ts';
import type { Logger } from '../../log.ts';
import type { CreditService } from '../credit/service.ts';
import { customers } from '../customers/tables.ts';
import { merchants } from '../merchants/tables.ts';
import type { Notifications } from '../notifications/ports.ts';
import { outboxMessages } from '../notifications/tables.ts';
import { OrderService } from '../orders/service.ts';
import { AnalysisQueue } from './analysis-queue.ts';
import type { CheckoutConfig } from './config.ts';
import type { AnswerSql } from './idempotency.ts';
import type { Charge, ChargePurpose, PaymentsPort } from './payments-port.ts';
import {
  type CheckoutRow,
  checkoutFeedback,
  checkouts,
  type StoredCustomerData,
  type StoredPix,
} from './tables.ts';

type WireResponse = v.InferInput<typeof CheckoutResponse>;
type WireField = WireResponse['fields'][number];

export const TOKEN_TTL_MS = 10 * 60 * 1000;
export const TOKEN_RESEND_COOLDOWN_MS = 30 * 1000;
export const TOKEN_MAX_ATTEMPTS = 5;
export const VERIFICATION_AMOUNT: Cents = cents(100);
export const DEFAULT_INSTALMENTS = 3;
export const DEFAULT_FIRST_DUE_DAYS = 15;
export const FIRST_DUE_MIN_DAYS = 1;
export const FIRST_DUE_MAX_DAYS = 31;
/** How long a poll waits for a credit analysis in progress before answering "still waiting". */
export const POLL_ANALYSIS_WAIT_MS = 2000;

/** The messages of the checkout API (pt-BR, shown by the UI or read by integrators). */
export const checkoutErrors = {
  notFound: 'Checkout não encontrado. Verifique o link da compra.',
  expired: 'Esta compra está expirada. Volte à loja e comece uma nova compra.',
  finished: 'Esta compra já foi finalizada.',
  revoked: 'Este checkout foi desativado pela loja.',
  outOfOrder: 'Este passo não está disponível agora. Atualize a página para continuar a compra.',
  tokenUsed: 'Este Drip Token já foi utilizado.',
  tokenExpired: 'O Drip Token expirou. Peça um novo código.',
  tokenLocked: 'Limite de tentativas atingido. Peça um novo código.',
  resendCooldown: (s: number) => `Aguarde ${s} segundos para pedir um novo código.`,
  instalmentsRange: (min: number, max: number) => `Escolha entre ${min} e ${max} parcelas.`,
  firstDateRange: (from: string, to: string) =>
    `A data da 1º parcela deve estar entre ${from.split('-').reverse().join('/')} e ${to.split('-').reverse().join('/')}.`,
  firstDateMandatory: 'Nesta loja a 1º parcela é paga hoje, na confirmação da compra.',
  noPix: 'Não há pagamento Pix pendente nesta compra.',
  waitlistUnavailable: 'A lista de espera não está disponível para esta compra.',
  waitlistDenied: 'Não foi possível entrar na lista de espera desta compra.',
  waitlistChanged: 'O status da lista de espera mudou. Atualize a página.',
  duplicateOrderCode: (code: string) =>
    `O código de pedido '${code}' já foi usado em outro checkout desta loja.`,
  cannotRevoke: 'Só é possível desativar um checkout que ainda não foi concluído.',
  alreadyApproved: 'Esta compra já foi aprovada e não pode ser cancelada pelo checkout.',
  merchantUnknown: 'Parceiro não encontrado.',
} as const;

const conflict = (message: string, code = 'CHECKOUT_STEP_CONFLICT') => new ApiError(409, code, message);
const unprocessable = (message: string, code = 'UNPROCESSABLE') => new ApiError(422, code, message);

/** The merchant columns a checkout step needs (loaded with the checkout, in the same query). */
const merchantColumns = {
  id: merchants.id,
  name: merchants.name,
  status: merchants.status,
  logo: merchants.logo,
  flexibleInstallments: merchants.flexibleInstallments,
  maxInstalments: merchants.maxInstalments,
  upfrontPaymentStatus: merchants.upfrontPaymentStatus,
  maxAmountPerOrder: merchants.maxAmountPerOrder,
  skipAntifraud: merchants.skipAntifraud,
  skipProtectedScore: merchants.skipProtectedScore,
  skipFraudulentPhone: merchants.skipFraudulentPhone,
  skipFraudulentCpf: merchants.skipFraudulentCpf,
  skipFraudulentAddressCep: merchants.skipFraudulentAddressCep,
  skipFraudulentBankCode: merchants.skipFraudulentBankCode,
  skipOrderAmountRule: merchants.skipOrderAmountRule,
};

interface MerchantFacts {
  id: string;
  name: string;
  status: 'ENABLED' | 'ARCHIVED';
  logo: string | null;
  flexibleInstallments: boolean;
  maxInstalments: number;
  upfrontPaymentStatus: UpfrontPaymentStatus;
  maxAmountPerOrder: number | null;
  skipAntifraud: boolean;
  skipProtectedScore: boolean;
  skipFraudulentPhone: boolean;
  skipFraudulentCpf: boolean;
  skipFraudulentAddressCep: boolean;
  skipFraudulentBankCode: boolean;
  skipOrderAmountRule: boolean;
  cashbackRate: number;
}

/** What `load` reads: the checkout, its merchant's columns, the cashback rate of `today`, the row version. */
function loadFields(today: string) {
  return {
    row: checkouts,
    merchant: merchantColumns,
    cashbackRate: OrderService.cashbackRateSql(checkouts.merchantId, today),
    version: sql<string>`${checkouts}.xmin::text`,
  };
}

function preparePlainLoad(db: Db, today: string) {
  return db
    .select(loadFields(today))
    .from(checkouts)
    .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
    .where(eq(checkouts.id, sql.placeholder('id')))
    .limit(1)
    .prepare(`drip_checkout_load_${today.replaceAll('-', '')}`);
}
type PlainLoadQuery = ReturnType<typeof preparePlainLoad>;

/** A message to send once the step's transaction committed. */
interface PendingMessage {
  channel: 'SMS' | 'EMAIL';
  to: string;
  subject?: string;
  body: string;
  code?: string;
}

interface Loaded {
  row: CheckoutRow;
  merchant: MerchantFacts;
  /** The row version read (PostgreSQL `xmin`): a write `where xmin = version` applies only if nobody wrote since. */
  version: string;
}

export interface CheckoutServiceDeps {
  db: Db;
  clock: Clock;
  notifications: Notifications;
  payments: PaymentsPort;
  credit: CreditService;
  orders: OrderService;
  config: CheckoutConfig;
  publicUrl: string;
  sandbox: boolean;
  /** Where the background analyses report their failures. */
  log: Pick<Logger, 'error'>;
}

/**
 * What a pending analysis did: decided (the row as written), or found nothing to do (not in ANALYSIS any more, or
 * another run wrote first). BUSY: the poll stopped waiting for it (timeout or failure; see pollPendingAnalysis).
 */
export type PendingAnalysisRun =
  | { outcome: 'RAN'; row: CheckoutRow; merchant: MerchantFacts }
  | { outcome: 'BUSY' }
  | { outcome: 'NOTHING' };

/** Thrown inside a step's transaction that found the checkout in phase ANALYSIS: the step is retried after it. */
class AnalysisPending extends Error {}

const AppliedRows = v.object({ rows: v.array(v.unknown()) });

const hashToken = (checkoutId: string, code: string) =>
  createHash('sha256').update(`${checkoutId}:${code}`).digest('hex');

const isOpen = (status: CheckoutRow['status']) => status === 'PRISTINE' || status === 'MORE_INFO';

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

/** What every order created from a checkout carries: the checkout, the parties, the total and the products. */
function orderBase(row: CheckoutRow, customerId: string) {
  return {
    checkoutId: row.id,
    merchantId: row.merchantId,
    customerId,
    merchantOrderCode: row.merchantOrderCode,
    total: cents(row.amount),
    products: row.products.map((p) => ({ name: p.name, quantity: p.quantity, unitAmount: cents(p.amount) })),
  };
}

const CHECKOUT_COLUMNS = getTableColumns(checkouts);
const IdRows = v.object({ rows: v.array(v.object({ id: v.string() })) });

/**
 * `update checkouts set … where id = $id and xmin = $version returning id`, the optimistic steps' conditional write,
 * as a shaped statement (db/shaped.ts): built once per set of columns (each value encoded by its column), then only
 * filled in. Its placeholders start with `prefix` (the order's statement nests it as its guard).
 */
function conditionalCheckoutUpdate(
  id: string,
  version: string,
  set: Partial<typeof checkouts.$inferInsert>,
  prefix = '',
  computed?: ComputedSet,
): Shaped {
  const keys: (keyof typeof CHECKOUT_COLUMNS)[] = [];
  const values: Record<string, unknown> = { [`${prefix}id`]: id, [`${prefix}version`]: version };
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) continue;
    if (!(key in CHECKOUT_COLUMNS)) throw new Error(`checkouts has no column ${key}`);
    if (value instanceof SQL) throw new Error(`conditionalCheckoutUpdate: ${key} is SQL, not a value`);
    keys.push(key as keyof typeof CHECKOUT_COLUMNS);
    values[`${prefix}${key}`] = value;
  }
  return {
    key: `checkout-cas:${prefix}:${keys.join(',')}${computed ? `:${computed.key}` : ''}`,
    build: () => {
      const assignments = keys.map((key) => {
        const column = CHECKOUT_COLUMNS[key];
        return sql`${sql.identifier(column.name)} = ${sql.param(sql.placeholder(`${prefix}${key}`), column)}`;
      });
      if (computed?.assignments) assignments.push(computed.assignments());
      const where = computed?.where ? sql` and ${computed.where()}` : sql``;
      return sql`update ${checkouts} set ${sql.join(assignments, sql`, `)} where id = ${sql.placeholder(`${prefix}id`)} and xmin = ${sql.placeholder(`${prefix}version`)}::xid${where} returning id`;
    },
    values: computed?.values ? { ...values, ...computed.values } : values,
  };
}

/**
 * What a conditional write computes in SQL beside its values: more assignments and a further condition, written
 * with placeholders (whose values are `values`) or reading the statement's other CTEs. `key` names their text.
 */
interface ComputedSet {
  key: string;
  assignments?: () => SQL;
  where?: () => SQL;
  values?: Record<string, unknown>;
}

/**
 * Whether the Drip Token verified in a checkout proves its CPF (docs/identity.md): the CPF's customer has a verified
 * phone on file and it is the phone the token went to. `known` is the customer row's alias, `phone` the checkout's.
 */
const phoneOnFileOf = (known: SQL, phone: SQL) =>
  sql<boolean>`(${known}.phone_verified_at is not null and ${known}.phone = ${phone})`;

/**
 * Whether a CPF and phone (as SQL) are a returning customer's: the phone proves the CPF (`phoneOnFileOf`), so the
 * token step analyses without the verification Pix. False for an unknown CPF and for a known CPF with another phone.
 */
const returningCustomerOf = (cpf: SQL, phone: SQL) =>
  sql<boolean>`exists(select 1 from ${customers} as known where known.cpf = ${cpf} and ${phoneOnFileOf(sql`known`, phone)})`;

/**
 * Whether a CPF (as SQL, may be null) is a customer whose phone is verified and whose data is complete: the
 * checkout then asks for the phone only (`checkouts.phone_only`). It tells the shopper nothing about the CPF that
 * the merchant, who prefilled it, did not know.
 */
const knownForPhoneOnly = (cpf: SQL) =>
  sql<boolean>`exists(select 1 from ${customers} as known where known.cpf = ${cpf} and known.phone_verified_at is not null and known.email is not null and known.address_cep is not null and known.address_street is not null and known.address_number is not null and known.address_neighborhood is not null and known.address_city is not null and known.address_state is not null)`;

/** The customer data's hint for the token step: `returning_customer` from the CPF's customer, in the write. */
function returningCustomerSet(cpf: string, phone: string, prefix: string): ComputedSet {
  const name = `${prefix}returningCpf`;
  const phoneName = `${prefix}returningPhone`;
  return {
    key: 'returning-customer',
    assignments: () =>
      sql`returning_customer = ${returningCustomerOf(sql`${sql.placeholder(name)}`, sql`${sql.placeholder(phoneName)}`)}`,
    values: { [name]: cpf, [phoneName]: phone },
  };
}

const ReturningRows = v.object({ rows: v.array(v.object({ returning: v.boolean() })) });

/** The token step's one statement answers the checkout's id and the customer's, when its write applied. */
const VerifiedRows = v.object({ rows: v.array(v.object({ id: v.string(), customerId: v.string() })) });

/** The verification booking's one statement: devoluções written (1) and the checkout moved on (its id or null). */
const VerificationBookedRows = v.object({
  rows: v.array(v.object({ refunded: v.number(), moved: v.nullable(v.string()) })),
});

/** The reason of the verification's devolução. */
const VERIFICATION_REFUND_REASON = 'Estorno do Pix de verificação';

/**
 * The verification paid moves its checkout on: `update checkouts … returning id`, only when the checkout is open, in
 * phase VERIFICATION_PIX and still shows this charge; the payer recorded, payerVerifiedAt set when the payer's CPF is
 * the customer's. `from` names where the charge's values come from: placeholders (the booking's transaction) or
 * the one-statement booking's CTE `paid` (read with `from paid`).
 */
function verificationMove(from: {
  checkoutId: SQL;
  chargeId: SQL;
  payerCpf: SQL;
  payerBankCode: SQL;
  now: SQL;
  fromClause?: SQL;
}): SQL {
  return sql`update ${checkouts} set phase = 'ANALYSIS', payer_cpf = ${from.payerCpf}, payer_bank_code = ${from.payerBankCode}, payer_verified_at = case when ${checkouts.customerData}->>'customerCpf' = coalesce(${from.payerCpf}, '') then ${from.now}::timestamptz else ${checkouts.payerVerifiedAt} end, updated_at = ${from.now}::timestamptz${from.fromClause ?? sql``} where ${checkouts.id} = ${from.checkoutId} and ${checkouts.status} in ('PRISTINE', 'MORE_INFO') and ${checkouts.phase} = 'VERIFICATION_PIX' and ${checkouts.verificationPix}->>'chargeId' = ${from.chargeId} and ${checkouts.customerId} is not null returning ${checkouts.id}`;
}

/**
 * The customer of a checkout's CPF after its phone was verified (a shaped statement, db/shaped.ts: placeholders
 * start with `prefix`): a new CPF is inserted with the typed data, unproven (`phone_verified_at` null); a known CPF's
 * data changes only when the verified phone is its verified phone on file (`phoneOnFileOf`, the proof of the CPF),
 * never on what a checkout typed (docs/identity.md). Answers the id, the birth date and `phoneOnFile`: the locked
 * token step's statement, and the CTE `customer` of a first purchase's one statement.
 */
function customerUpsertStatement(db: Db, data: StoredCustomerData, now: Date, prefix: string): Shaped {
  return {
    key: `customer-upsert:${prefix}`,
    build: () =>
      sql`${customerUpsert(db, prefix).getSQL()} returning id::text as id, birth_date::text as "birthDate", ${phoneOnFileOf(sql.raw('"customers"'), sql`${sql.placeholder(`${prefix}phone`)}`)} as "phoneOnFile"`,
    values: customerUpsertValues(data, now, prefix),
  };
}

/**
 * The contact binding after a payer-CPF Pix proved the CPF (docs/identity.md): the customer's data and phone become
 * the checkout's, the phone verified, in a CTE that applies only when the CTE `after` (the decision's conditional
 * write) did. Placeholders start with `prefix`.
 */
function bindProvenContact(after: string, prefix: string) {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return {
    key: `bind-contact:${after}:${prefix}`,
    build: () =>
      sql`update ${customers} set name = ${p('name')}, email = ${p('email')}, phone = ${p('phone')}, birth_date = coalesce(${customers.birthDate}, ${p('birthDate')}::date), address_cep = ${p('addressCep')}, address_street = ${p('addressStreet')}, address_number = ${p('addressNumber')}, address_complement = ${p('addressComplement')}, address_neighborhood = ${p('addressNeighborhood')}, address_city = ${p('addressCity')}, address_state = ${p('addressState')}, phone_verified_at = ${p('now')}::timestamptz, updated_at = ${p('now')}::timestamptz from ${sql.raw(after)} where ${customers.id} = ${p('customerId')}::uuid and ${customers.cpf} = ${p('cpf')}`,
    values: (customerId: string, data: StoredCustomerData, now: Date) => ({
      ...customerUpsertValues(data, now, prefix),
      [`${prefix}customerId`]: customerId,
    }),
  };
}

const CustomerRows = v.object({
  rows: v.array(v.object({ id: v.string(), birthDate: v.nullable(v.string()), phoneOnFile: v.boolean() })),
});

/** A known customer's column on conflict: the checkout's value only when the phone proves the CPF. */
const ifProven = (column: string) =>
  sql.raw(
    `case when "customers"."phone_verified_at" is not null and "customers"."phone" = excluded.phone then excluded.${column} else "customers".${column} end`,
  );

function customerUpsert(db: Db, prefix: string) {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return db
    .insert(customers)
    .values({
      name: p('name'),
      email: p('email'),
      cpf: p('cpf'),
      phone: p('phone'),
      birthDate: sql`${p('birthDate')}::date`,
      addressCep: p('addressCep'),
      addressStreet: p('addressStreet'),
      addressNumber: p('addressNumber'),
      addressComplement: p('addressComplement'),
      addressNeighborhood: p('addressNeighborhood'),
      addressCity: p('addressCity'),
      addressState: p('addressState'),
    })
    .onConflictDoUpdate({
      target: customers.cpf,
      // The phone itself never changes here: a new phone is bound only after a payer-CPF Pix (bindProvenContact).
      set: {
        name: ifProven('name'),
        email: ifProven('email'),
        addressCep: ifProven('address_cep'),
        addressStreet: ifProven('address_street'),
        addressNumber: ifProven('address_number'),
        addressComplement: ifProven('address_complement'),
        addressNeighborhood: ifProven('address_neighborhood'),
        addressCity: ifProven('address_city'),
        addressState: ifProven('address_state'),
        birthDate: sql`coalesce(${customers.birthDate}, ${ifProven('birth_date')})`,
        updatedAt: sql`case when "customers"."phone_verified_at" is not null and "customers"."phone" = excluded.phone then ${p('now')}::timestamptz else "customers"."updated_at" end`,
      },
    });
}

/** The values of `customerUpsert`'s placeholders for a customer's data. */
function customerUpsertValues(data: StoredCustomerData, now: Date, prefix: string): Record<string, unknown> {
  const values: Record<string, unknown> = {
    name: data.customerName,
    email: data.customerEmail,
    cpf: data.customerCpf,
    phone: data.customerPhone,
    birthDate: data.customerBirthDate ?? null,
    addressCep: data.addressCep,
    addressStreet: data.addressStreet,
    addressNumber: data.addressNumber,
    addressComplement: data.addressComplement ?? null,
    addressNeighborhood: data.addressNeighborhood,
    addressCity: data.addressCity,
    addressState: data.addressState,
    now: now.toISOString(),
  };
  return Object.fromEntries(Object.entries(values).map(([k, value]) => [`${prefix}${k}`, value]));
}

/**
 * The statement every checkout sends first — the merchant API's key lookup — prepared once per database handle:
 * built by the query builder on every call, it cost more CPU than sending it (docs/benchmarks.md).
 */
function prepareHotStatements(db: Db) {
  const p = sql.placeholder;
  return {
    merchantForKey: db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.apiKey, p('key')), eq(merchants.status, 'ENABLED')))
      .limit(1)
      .prepare('drip_merchant_for_api_key'),
  };
}

export class CheckoutService {
  /** The pending credit analyses, run after the verification Pix's booking committed. */
  readonly analyses: AnalysisQueue<PendingAnalysisRun>;
  private readonly prepared: ReturnType<typeof prepareHotStatements>;
  /** The statements built once per shape (db/shaped.ts): the conditional writes and the verification booking. */
  private readonly shaped = new ShapedStatements();
  private plainLoadQuery: { today: string; query: PlainLoadQuery } | undefined;
  private todayCache: { minute: number; today: string } | undefined;

  constructor(private readonly d: CheckoutServiceDeps) {
    this.prepared = prepareHotStatements(d.db);
    this.analyses = new AnalysisQueue((id) => this.analyseOnce(id), d.log);
    d.payments.onPaid('VERIFICATION', (tx, charge, ctx) => this.onVerificationPaid(tx, charge, ctx));
    d.payments.onPaidInOneStatement('VERIFICATION', {
      refundReason: VERIFICATION_REFUND_REASON,
      fragment: () => ({
        key: 'verification-move',
        ctes: () =>
          sql`moved as (${verificationMove({
            // A uuid text as a uuid, else null (isUuid's pattern: a cast of anything else would fail the statement).
            checkoutId: sql`(case when paid.reference_id ~* ${sql.raw(`'${UUID_RE.source}'`)} then paid.reference_id::uuid end)`,
            chargeId: sql`paid.id::text`,
            payerCpf: sql`paid.payer_cpf`,
            payerBankCode: sql`paid.payer_bank_code`,
            now: sql`${sql.placeholder('booking_now')}`,
            fromClause: sql` from paid`,
          })})`,
        answer: () => sql`(select id::text from moved) as handled`,
        values: { booking_now: d.clock.now().toISOString() },
      }),
      after: (moved) => {
        if (moved !== null) this.analyses.enqueue(moved);
      },
    });
    d.payments.onPaid('FIRST_INSTALMENT', (tx, charge) => this.onFirstInstalmentPaid(tx, charge));
    d.payments.onPaid('FULL_AMOUNT', (tx, charge) => this.onFullAmountPaid(tx, charge));
  }

  private today(): string {
    // São Paulo's date changes on a minute boundary (whole-hour offset): the date of a minute is exact for all of it.
    const minute = Math.floor(this.d.clock.now().getTime() / 60_000);
    if (this.todayCache?.minute !== minute)
      this.todayCache = { minute, today: todayInSaoPaulo(this.d.clock) };
    return this.todayCache.today;
  }

  // ------------------------------------------------------------ merchant API

  /** The merchant an API key belongs to (null for an unknown key or an archived merchant). */
  async merchantIdForApiKey(key: string): Promise<string | null> {
    if (key.length > 200) return null;
    const [row] = await this.prepared.merchantForKey.execute({ key });
    return row?.id ?? null;
  }

  /**
   * Creates a checkout for the merchant (DESIGN.md 2). 409 when the merchant order code was used. With
   * `storeAnswer` (the idempotency key's UPDATE, see IdempotencyStore.answerSql) the insert and the stored answer —
   * 201 and the checkout, or the 409 — are one statement.
   */
  async create(
    merchantId: string,
    body: CreateCheckoutRequest,
    storeAnswer?: AnswerSql,
  ): Promise<CreateCheckoutResponse> {
    const at = this.d.clock.now();
    const now = at.toISOString();
    const expiresAt = new Date(at.getTime() + this.d.config.ttlHours * 3600_000).toISOString();
    const id = crypto.randomUUID();
    const created: CreateCheckoutResponse = {
      id,
      url: `${this.d.publicUrl}${checkoutPaths.hostedPage(id)}`,
      expiresAt,
    };
    // The 409's error is made only when it is raised (an Error captures its stack); its body is stored always.
    const duplicateMessage = checkoutErrors.duplicateOrderCode(body.merchantOrderCode);
    const duplicate = () => conflict(duplicateMessage, 'DUPLICATE_ORDER_CODE');
    const duplicateBody = errorBody('DUPLICATE_ORDER_CODE', duplicateMessage);
    const prefill = body.customer?.prefill;
    const products = body.products.map((p) => ({ name: p.name, quantity: p.quantity, amount: p.amount }));
    const prefillJson = prefill
      ? JSON.stringify({
          ...(prefill.cpf ? { cpf: prefill.cpf } : {}),
          ...(prefill.phone ? { phone: prefill.phone } : {}),
          ...(prefill.email ? { email: prefill.email.toLowerCase() } : {}),
          ...(prefill.name ? { name: prefill.name } : {}),
        })
      : null;
    const rows = v.parse(
      IdRows,
      await this.shaped.execute(this.d.db, {
        key: storeAnswer ? 'create-with-answer' : 'create',
        build: () => {
          const p = sql.placeholder;
          // phone_only: the prefilled CPF is a customer with a verified phone and complete data (knownForPhoneOnly).
          const insert = sql`insert into ${checkouts} (id, merchant_id, merchant_order_code, amount, products, prefill, resolve_url, cancel_url, status, phase, phone_only, expires_at, created_at, updated_at) values (${p('id')}, ${p('merchantId')}, ${p('orderCode')}, ${p('amount')}, ${p('products')}::jsonb, ${p('prefill')}::jsonb, ${p('resolveUrl')}, ${p('cancelUrl')}, 'PRISTINE', 'CUSTOMER_DATA', ${knownForPhoneOnly(sql`${p('prefillCpf')}::text`)}, ${p('expiresAt')}::timestamptz, ${p('now')}::timestamptz, ${p('now')}::timestamptz) on conflict (merchant_id, merchant_order_code) do nothing returning id::text as id`;
          if (!storeAnswer) return insert;
          const inserted = sql`exists (select 1 from c)`;
          return sql`with c as (${insert}), answer as (${storeAnswer.build(
            sql`case when ${inserted} then 201 else 409 end`,
            sql`case when ${inserted} then ${p('created')}::jsonb else ${p('duplicate')}::jsonb end`,
          )}) select id from c`;
        },
        values: {
          id,
          merchantId,
          orderCode: body.merchantOrderCode,
          amount: body.amount,
          products: JSON.stringify(products),
          prefill: prefillJson,
          prefillCpf: prefill?.cpf ?? null,
          resolveUrl: body.resolveUrl,
          cancelUrl: body.cancelUrl,
          expiresAt,
          now,
          ...(storeAnswer
            ? {
                created: JSON.stringify(created),
                duplicate: JSON.stringify(duplicateBody),
                ...storeAnswer.values,
              }
            : {}),
        },
      }),
    ).rows;
    if (rows.length === 0) throw duplicate();
    return created;
  }

  /** The merchant's view of one of its checkouts (404 for another merchant's). */
  async merchantView(merchantId: string, id: string): Promise<v.InferInput<typeof MerchantCheckoutView>> {
    const row = await this.readOwn(merchantId, id);
    const order = row.orderId ? await this.d.orders.orderView(row.orderId) : null;
    return {
      id: row.id,
      status: this.visibleStatus(row),
      merchantOrderCode: row.merchantOrderCode,
      amount: centsToReais(cents(row.amount)),
      koReason: row.status === 'KO' || row.status === 'EXPIRED' ? (this.koReasonOf(row) ?? null) : null,
      order: order
        ? {
            id: order.id,
            status: order.status,
            instalments: order.instalments.map((i) => ({
              number: i.number,
              dueDate: i.dueDate,
              amount: centsToReais(i.amount),
              status: i.status,
            })),
          }
        : null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  private async readOwn(merchantId: string, id: string): Promise<CheckoutRow> {
    if (!isUuid(id)) throw notFound(checkoutErrors.notFound);
    const [row] = await this.d.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.merchantId, merchantId)))
      .limit(1);
    if (!row) throw notFound(checkoutErrors.notFound);
    return row;
  }

  /** Status as read now: an open checkout past its expiry is EXPIRED even before the job ran. */
  private visibleStatus(row: CheckoutRow): CheckoutRow['status'] {
    if (isOpen(row.status) && row.expiresAt.getTime() <= this.d.clock.now().getTime()) return 'EXPIRED';
    return row.status;
  }

  private koReasonOf(row: CheckoutRow): DenialReason | undefined {
    if (this.visibleStatus(row) === 'EXPIRED') return 'EXPIRED';
    if (row.status === 'REVOKED') return 'DEFAULT';
    return toDenialReason(row.koReason);
  }

  /** Merchant revocation (merchant back office, ADMIN): an unfinished checkout becomes REVOKED. */
  async revoke(merchantId: string, id: string): Promise<{ id: string; status: CheckoutRow['status'] }> {
    const row = await this.readOwn(merchantId, id);
    if (row.status === 'REVOKED') return { id, status: 'REVOKED' };
    if (!isOpen(row.status)) throw conflict(checkoutErrors.cannotRevoke, 'CHECKOUT_FINISHED');
    const now = this.d.clock.now();
    const updated = await this.d.db
      .update(checkouts)
      .set({ status: 'REVOKED', updatedAt: now })
      .where(and(eq(checkouts.id, id), inArray(checkouts.status, ['PRISTINE', 'MORE_INFO'])))
      .returning({ id: checkouts.id });
    if (updated.length === 0) throw conflict(checkoutErrors.cannotRevoke, 'CHECKOUT_FINISHED');
    return { id, status: 'REVOKED' };
  }

  // ------------------------------------------------------------ shopper API

  /** Loads a checkout locked for update, with its merchant and cashback rate, in one query. */
  private async load(tx: Tx | Db, id: string, lock: boolean): Promise<Loaded> {
    if (!isUuid(id)) throw notFound(checkoutErrors.notFound);
    let found: Awaited<ReturnType<CheckoutService['plainLoad']>>[number] | undefined;
    if (!lock && tx === this.d.db) {
      [found] = await this.plainLoad(id);
    } else {
      const query = tx
        .select(loadFields(this.today()))
        .from(checkouts)
        .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
        .where(eq(checkouts.id, id))
        .limit(1);
      [found] = lock ? await query.for('update', { of: checkouts }) : await query;
    }
    if (!found) throw notFound(checkoutErrors.notFound);
    return {
      row: found.row,
      merchant: { ...found.merchant, cashbackRate: Number(found.cashbackRate) || 0 },
      version: String(found.version),
    };
  }

  /**
   * The plain (unlocked) load, the one most steps and every poll run: a prepared statement, built once a day (the
   * cashback rate depends on the date) instead of once per request — building this 60-column query was a visible
   * share of the server's CPU under load.
   */
  private plainLoad(id: string) {
    const today = this.today();
    if (this.plainLoadQuery?.today !== today) {
      this.plainLoadQuery = { today, query: preparePlainLoad(this.d.db, today) };
    }
    return this.plainLoadQuery.query.execute({ id });
  }

  private async update(
    tx: Tx,
    id: string,
    set: Partial<typeof checkouts.$inferInsert>,
  ): Promise<CheckoutRow> {
    const [row] = await tx
      .update(checkouts)
      .set({ ...set, updatedAt: this.d.clock.now() })
      .where(eq(checkouts.id, id))
      .returning();
    if (!row) throw notFound(checkoutErrors.notFound);
    return row;
  }

  /**
   * Runs `first` (another module's write, e.g. the credit decision's INSERT) and the checkout's update in ONE
   * statement (a CTE), on the row locked by the caller's transaction; returns the row as updated.
   */
  private async updateWith(
    tx: Tx,
    first: SQL,
    row: CheckoutRow,
    set: Partial<typeof checkouts.$inferInsert>,
  ): Promise<CheckoutRow> {
    const updatedAt = this.d.clock.now();
    const update = tx
      .update(checkouts)
      .set({ ...set, updatedAt })
      .where(eq(checkouts.id, row.id))
      .getSQL();
    await tx.execute(sql`with first as (${first}) ${update}`);
    return { ...row, ...set, updatedAt };
  }

  /** `PUT /api/v1/checkouts/{id}` with any body of the contract. */
  async handleUpdate(
    id: string,
    kind: string,
    body: CheckoutUpdateRequest,
    retried = false,
  ): Promise<WireResponse> {
    if (kind === 'load') {
      // The shopper's page polls with PUT {}: when it changes nothing, one plain read answers it (no transaction,
      // no row lock); otherwise the locked path below decides again on the locked row.
      let seen = await this.load(this.d.db, id, false);
      // The Pix it shows is asked of the PSP first: one the PSP has paid, whose notice never reached Drip, is booked
      // now (and the checkout read again) rather than offered again.
      if (await this.offeredPixPaidAtPsp(seen.row)) seen = await this.load(this.d.db, id, false);
      let { row, merchant } = seen;
      if (row.phase === 'ANALYSIS' && isOpen(row.status)) {
        // The verification Pix was booked and its analysis has not run yet (or is running): the poll runs it
        // itself unless another run holds the row, in which case it answers "still waiting" and polls again.
        const ran = await this.pollPendingAnalysis(id);
        if (ran.outcome === 'BUSY') return this.respond(row, merchant);
        if (ran.outcome === 'NOTHING')
          return retried ? this.respond(row, merchant) : this.handleUpdate(id, kind, body, true);
        ({ row, merchant } = ran);
      }
      if (!this.loadChanges(row)) return this.respond(row, merchant);
      if (
        row === seen.row &&
        row.status === 'PRISTINE' &&
        !this.loadChanges({ ...row, status: 'MORE_INFO' })
      ) {
        // First open: one conditional write on the row as read (no customer data yet, so no Pix to renew). A
        // concurrent write since the read (a first open that won the race) leaves nothing to update: the locked
        // path below answers then.
        const set = { status: 'MORE_INFO' as const, updatedAt: this.d.clock.now() };
        const opened = v.parse(
          IdRows,
          await this.shaped.execute(this.d.db, conditionalCheckoutUpdate(id, seen.version, set)),
        ).rows;
        if (opened.length > 0) return this.respond({ ...row, ...set }, merchant);
      }
    }
    const outbox: PendingMessage[] = [];
    if (kind === 'customerData' || kind === 'token' || kind === 'confirm') {
      // Optimistic fast path: one plain read, then ONE conditional write that applies only if the row did not
      // change since (`xmin`). When it cannot apply (a check fails, or a concurrent step won), the locked path
      // below decides again on the locked row and answers (or raises) exactly as before.
      const fast = await this.fastStep(id, kind, body, outbox);
      if (fast) {
        for (const m of outbox) await this.send(m);
        return fast;
      }
    }
    let response: WireResponse;
    try {
      response = await this.lockedStep(id, kind, body, outbox);
    } catch (err) {
      if (!(err instanceof AnalysisPending) || retried) throw err;
      // Any step on a checkout whose analysis is pending runs the analysis first (its own transaction), then
      // decides on the analysed row.
      await this.runPendingAnalysis(id);
      return this.handleUpdate(id, kind, body, true);
    }
    // Messages go out after the commit (a code is never sent for a step that rolled back).
    for (const m of outbox) await this.send(m);
    return response;
  }

  /**
   * The poll's run of a pending analysis (or the run in progress in this process, joined). It waits for it at most
   * POLL_ANALYSIS_WAIT_MS, then answers "still waiting" (BUSY) so that the page polls again instead of holding a
   * request open for as long as the bureau takes; a failure is logged and answered the same way.
   */
  private async pollPendingAnalysis(id: string): Promise<PendingAnalysisRun> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<PendingAnalysisRun>((resolve) => {
      timer = setTimeout(() => resolve({ outcome: 'BUSY' }), POLL_ANALYSIS_WAIT_MS);
    });
    const run = this.runPendingAnalysis(id).catch((err: unknown): PendingAnalysisRun => {
      this.d.log.error('pending credit analysis failed', {
        checkoutId: id,
        error: err instanceof Error ? err.message : String(err),
      });
      return { outcome: 'BUSY' };
    });
    try {
      return await Promise.race([run, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A step on the locked row (one transaction). */
  private lockedStep(
    id: string,
    kind: string,
    body: CheckoutUpdateRequest,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    return this.d.db.transaction(async (tx) => {
      const loaded = await this.load(tx, id, true);
      let { row } = loaded;
      const { merchant } = loaded;
      const now = this.d.clock.now();
      if (row.phase === 'ANALYSIS' && isOpen(row.status)) throw new AnalysisPending();
      if (isOpen(row.status) && row.expiresAt.getTime() <= now.getTime()) {
        row = await this.update(tx, id, { status: 'EXPIRED', koReason: 'EXPIRED' });
        if (kind !== 'load') throw new ApiError(410, 'CHECKOUT_EXPIRED', checkoutErrors.expired);
        return this.respond(row, merchant);
      }
      if (kind === 'load') {
        if (row.status === 'PRISTINE') row = await this.update(tx, id, { status: 'MORE_INFO' });
        row = await this.renewExpiredPix(tx, row, merchant);
        return this.respond(row, merchant);
      }
      if (!isOpen(row.status)) {
        if (kind === 'token' && row.tokenVerifiedAt) throw conflict(checkoutErrors.tokenUsed, 'TOKEN_USED');
        throw conflict(
          row.status === 'REVOKED' ? checkoutErrors.revoked : checkoutErrors.finished,
          'CHECKOUT_FINISHED',
        );
      }
      if (row.status === 'PRISTINE') row = { ...row, status: 'MORE_INFO' };
      switch (kind) {
        case 'customerData':
          if (!('customerCpf' in body)) break;
          return this.submitCustomerData(tx, row, merchant, body, outbox);
        case 'phone':
          if (!('customerPhone' in body) || 'customerCpf' in body) break;
          return this.submitPhoneOnly(tx, row, merchant, body.customerPhone, outbox);
        case 'resendToken':
          if (!('phoneVerificationMethod' in body)) break;
          return this.resendToken(tx, row, merchant, body.phoneVerificationMethod, outbox);
        case 'token':
          if (!('phoneVerificationCode' in body)) break;
          return this.submitToken(tx, row, merchant, body.phoneVerificationCode);
        case 'instalmentSelection':
          if (!('totalInstalments' in body)) break;
          return this.selectInstalments(tx, row, merchant, body.totalInstalments);
        case 'firstInstalmentDate':
          if (!('firstInstallmentsDate' in body)) break;
          return this.changeFirstDate(tx, row, merchant, body.firstInstallmentsDate);
        case 'confirm':
          return this.confirm(tx, row, merchant);
      }
      throw conflict(checkoutErrors.outOfOrder);
    });
  }

  /** The optimistic variant of a step (see handleUpdate); null when the locked path must decide. */
  private async fastStep(
    id: string,
    kind: 'customerData' | 'token' | 'confirm',
    body: CheckoutUpdateRequest,
    outbox: PendingMessage[],
  ): Promise<WireResponse | null> {
    const { row, merchant, version } = await this.load(this.d.db, id, false);
    const now = this.d.clock.now();
    if (!isOpen(row.status) || row.expiresAt.getTime() <= now.getTime()) return null;
    // The conditional write answers the row as written (read row + what was set), not the whole row again.
    const guard = async (
      set: Partial<typeof checkouts.$inferInsert>,
      computed?: ComputedSet,
    ): Promise<CheckoutRow[]> => {
      const written = v.parse(
        IdRows,
        await this.shaped.execute(
          this.d.db,
          conditionalCheckoutUpdate(id, version, { ...set, updatedAt: now }, '', computed),
        ),
      ).rows;
      return written.map(() => ({ ...row, ...set, updatedAt: now }));
    };
    if (kind === 'customerData') {
      if (!('customerCpf' in body) || (row.phase !== 'CUSTOMER_DATA' && row.phase !== 'TOKEN')) return null;
      const clean = cleanCustomerData(body);
      const { set, code } = this.newTokenSet(row.id, 'SMS', { customerData: clean });
      const staging = this.d.notifications.outbox;
      if (!staging) {
        const [updated] = await guard(set, returningCustomerSet(clean.customerCpf, clean.customerPhone, ''));
        if (!updated) return null;
        this.queueToken('SMS', clean, merchant.name, code, outbox);
        return this.respond(updated, merchant);
      }
      // Outbox delivery: the code's SMS is stored in the same statement as the write that makes it valid.
      const write = conditionalCheckoutUpdate(
        id,
        version,
        { ...set, updatedAt: now },
        'guard_',
        returningCustomerSet(clean.customerCpf, clean.customerPhone, 'guard_'),
      );
      const sms = staging.insertIf('guard', 'sms', {
        channel: 'SMS',
        to: clean.customerPhone,
        body: tokenText(code, merchant.name),
        code,
      });
      const written = v.parse(
        IdRows,
        await this.shaped.execute(this.d.db, {
          key: `customer-data:${write.key}:${sms.key}`,
          build: () => sql`with guard as (${write.build()}), sms as (${sms.build()}) select id from guard`,
          values: { ...write.values, ...sms.values },
        }),
      ).rows;
      if (written.length === 0) return null;
      return this.respond({ ...row, ...set, updatedAt: now }, merchant);
    }
    if (kind === 'token') {
      // Only the right code of a first purchase (the verification Pix comes next) is done here; a wrong, expired or
      // locked code, and the analysis of a returning customer, go to the locked path.
      if (!('phoneVerificationCode' in body)) return null;
      const data = row.customerData;
      if (row.phase !== 'TOKEN' || !row.tokenHash || !data) return null;
      if (row.tokenAttempts >= TOKEN_MAX_ATTEMPTS) return null;
      if (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= now.getTime()) return null;
      const expected = Buffer.from(row.tokenHash, 'hex');
      const given = Buffer.from(hashToken(row.id, body.phoneVerificationCode), 'hex');
      if (!timingSafeEqual(expected, given)) return null;
      // A returning customer's analysis (and a checkout whose customer data did not look the CPF up) is the locked
      // path's. A first purchase's customer, checkout write and verification charge are ONE statement; its write
      // applies only if the customer, as upserted, has still no verified payer, and stores the charge only then.
      if (row.returningCustomer !== false) return null;
      const prepared = await this.d.payments.prepareCharge(
        this.pixInput(row, 'VERIFICATION', VERIFICATION_AMOUNT, data, 'Verificação Drip (estornada)'),
      );
      const set = {
        tokenHash: null,
        tokenVerifiedAt: now,
        phase: 'VERIFICATION_PIX' as const,
        verificationPix: toStoredPix(prepared.charge),
      };
      const customer = customerUpsertStatement(this.d.db, data, now, 'customer_');
      const write = conditionalCheckoutUpdate(id, version, { ...set, updatedAt: now }, 'guard_', {
        key: 'new-customer',
        assignments: () => sql`customer_id = (select id::uuid from customer)`,
        where: () => sql`not (select "phoneOnFile" from customer)`,
      });
      const charge = prepared.insertIf('guard', 'charge');
      const [written] = v.parse(
        VerifiedRows,
        await this.shaped.execute(this.d.db, {
          key: `token-verification:${customer.key}:${write.key}:${charge.key}`,
          build: () =>
            sql`with customer as (${customer.build()}), guard as (${write.build()}), charge as (${charge.build()}) select guard.id::text as id, customer.id as "customerId" from guard, customer`,
          values: { ...customer.values, ...write.values, ...charge.values },
        }),
      ).rows;
      if (!written) {
        // A concurrent step changed the checkout, or the customer verified a payer meanwhile: this charge was never
        // stored nor shown; the locked path answers.
        await prepared.abandon();
        return null;
      }
      const verified = { ...row, ...set, customerId: written.customerId, updatedAt: now };
      return { ...this.respond(verified, merchant), isValid: true };
    }
    if (row.phase !== 'CONFIRMATION' || !row.customerData || !row.customerId) return null;
    const plan = this.plan(row, merchant);
    if (plan.upfront) return null;
    const set = {
      status: 'OK' as const,
      phase: 'DONE' as const,
      totalInstalments: plan.totalInstalments,
      firstDueDate: plan.firstDueDate,
      upfront: 'NO' as const,
    };
    const guardFor = (orderId: string) =>
      conditionalCheckoutUpdate(id, version, { ...set, orderId, updatedAt: now }, 'guard_');
    const order = await this.d.orders.createInstalmentOrderIf(
      this.d.db,
      {
        ...orderBase(row, row.customerId),
        totalInstalments: plan.totalInstalments,
        firstDueDate: plan.firstDueDate,
        cashbackRate: merchant.cashbackRate,
        upfrontPayment: null,
        now,
      },
      guardFor,
    );
    if (!order) return null;
    return this.respond({ ...row, ...set, orderId: order.id, updatedAt: now }, merchant);
  }

  private async send(m: PendingMessage): Promise<void> {
    if (m.channel === 'EMAIL') {
      await this.d.notifications.email.send({
        to: m.to,
        subject: m.subject ?? 'Drip',
        body: m.body,
        ...(m.code ? { code: m.code } : {}),
      });
    } else {
      await this.d.notifications.sms.send({ to: m.to, body: m.body, ...(m.code ? { code: m.code } : {}) });
    }
  }

  // ---------------------------------------------------------- customer data and token

  private async submitCustomerData(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    data: StoredCustomerData,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    if (row.phase !== 'CUSTOMER_DATA' && row.phase !== 'TOKEN') throw conflict(checkoutErrors.outOfOrder);
    const clean = cleanCustomerData(data);
    // The token step's hint (see the column), as the optimistic path computes it in its write.
    const [known] = v.parse(
      ReturningRows,
      await tx.execute(
        sql`select ${returningCustomerOf(sql`${clean.customerCpf}`, sql`${clean.customerPhone}`)} as returning`,
      ),
    ).rows;
    const set = { customerData: clean, returningCustomer: known?.returning ?? null };
    return this.sendNewToken(tx, { ...row, ...set }, merchant, 'SMS', set, outbox);
  }

  private async submitPhoneOnly(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    phone: string,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    // The phone form is asked when the merchant prefilled a known customer's CPF (`phone_only`), or again at the
    // token step to correct the phone. The rest of the data is the customer's on file; the token step then decides
    // whether this phone proves the CPF (docs/identity.md).
    if (row.phase !== 'CUSTOMER_DATA' && row.phase !== 'TOKEN') throw conflict(checkoutErrors.outOfOrder);
    const known = row.customerData ?? (row.phoneOnly ? await this.customerOnFile(tx, row) : null);
    if (!known) throw conflict(checkoutErrors.outOfOrder);
    const customerData = { ...known, customerPhone: phone };
    return this.sendNewToken(tx, { ...row, customerData }, merchant, 'SMS', { customerData }, outbox);
  }

  /** The data on file of the customer whose CPF the merchant prefilled (a phone-only checkout), or null. */
  private async customerOnFile(tx: Tx, row: CheckoutRow): Promise<StoredCustomerData | null> {
    const cpf = row.prefill?.cpf;
    if (!cpf) return null;
    const [c] = await tx.select().from(customers).where(eq(customers.cpf, cpf)).limit(1);
    if (
      !c?.email ||
      !c.addressCep ||
      !c.addressStreet ||
      !c.addressNumber ||
      !c.addressNeighborhood ||
      !c.addressCity ||
      !c.addressState
    )
      return null;
    return cleanCustomerData({
      customerPhone: c.phone,
      customerCpf: c.cpf,
      customerName: c.name,
      customerEmail: c.email,
      customerBirthDate: c.birthDate ?? undefined,
      addressCep: c.addressCep,
      addressStreet: c.addressStreet,
      addressNumber: c.addressNumber,
      addressComplement: c.addressComplement ?? undefined,
      addressNeighborhood: c.addressNeighborhood,
      addressCity: c.addressCity,
      addressState: c.addressState,
    });
  }

  private async sendNewToken(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    channel: VerificationChannel,
    extra: Partial<typeof checkouts.$inferInsert>,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    const data = row.customerData;
    if (!data) throw conflict(checkoutErrors.outOfOrder);
    const { set, code } = this.newTokenSet(row.id, channel, extra);
    const updated = await this.update(tx, row.id, set);
    await this.deliverToken(tx, channel, data, merchant.name, code, outbox);
    return this.respond(updated, merchant);
  }

  /** The columns of a new Drip Token (and its code, to send once the write is done). */
  private newTokenSet(
    id: string,
    channel: VerificationChannel,
    extra: Partial<typeof checkouts.$inferInsert>,
  ): { set: Partial<typeof checkouts.$inferInsert>; code: string } {
    const now = this.d.clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return {
      code,
      set: {
        ...extra,
        status: 'MORE_INFO',
        phase: 'TOKEN',
        tokenHash: hashToken(id, code),
        tokenChannel: channel,
        tokenSentAt: now,
        tokenExpiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
        tokenAttempts: 0,
      },
    };
  }

  /** Queues an SMS or e-mail token for after the write (WhatsApp is stored in the step's transaction instead). */
  private queueToken(
    channel: 'SMS' | 'EMAIL',
    data: StoredCustomerData,
    merchantName: string,
    code: string,
    outbox: PendingMessage[],
  ): void {
    const text = tokenText(code, merchantName);
    if (channel === 'SMS') outbox.push({ channel: 'SMS', to: data.customerPhone, body: text, code });
    else
      outbox.push({ channel: 'EMAIL', to: data.customerEmail, subject: 'Seu Drip Token', body: text, code });
  }

  private async deliverToken(
    tx: Tx,
    channel: VerificationChannel,
    data: StoredCustomerData,
    merchantName: string,
    code: string,
    outbox: PendingMessage[],
  ): Promise<void> {
    const text = tokenText(code, merchantName);
    if (channel === 'SMS' || channel === 'EMAIL') {
      this.queueToken(channel, data, merchantName, code, outbox);
    } else {
      // WhatsApp has no adapter yet: the message is stored in the outbox like SMS and e-mail.
      await tx.insert(outboxMessages).values({
        channel: 'WHATSAPP',
        to: normalizeRecipient(data.customerPhone),
        body: text,
        code,
        status: this.d.sandbox ? 'SANDBOX' : 'PENDING',
        createdAt: this.d.clock.now(),
      });
    }
  }

  private async resendToken(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    channel: VerificationChannel,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    if (row.phase !== 'TOKEN') throw conflict(checkoutErrors.outOfOrder);
    const now = this.d.clock.now().getTime();
    const availableAt = (row.tokenSentAt?.getTime() ?? 0) + TOKEN_RESEND_COOLDOWN_MS;
    if (availableAt > now) {
      const seconds = Math.ceil((availableAt - now) / 1000);
      throw new ApiError(429, 'RESEND_COOLDOWN', checkoutErrors.resendCooldown(seconds), undefined, {
        'Retry-After': String(seconds),
      });
    }
    return this.sendNewToken(tx, row, merchant, channel, {}, outbox);
  }

  private async submitToken(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    code: string,
  ): Promise<WireResponse> {
    if (row.phase !== 'TOKEN' || !row.tokenHash || !row.customerData) {
      if (row.tokenVerifiedAt) throw conflict(checkoutErrors.tokenUsed, 'TOKEN_USED');
      throw conflict(checkoutErrors.outOfOrder);
    }
    if (row.tokenAttempts >= TOKEN_MAX_ATTEMPTS) {
      throw new ApiError(429, 'TOKEN_LOCKED', checkoutErrors.tokenLocked);
    }
    if (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= this.d.clock.now().getTime()) {
      throw new ApiError(410, 'TOKEN_EXPIRED', checkoutErrors.tokenExpired);
    }
    const expected = Buffer.from(row.tokenHash, 'hex');
    const given = Buffer.from(hashToken(row.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const updated = await this.update(tx, row.id, { tokenAttempts: row.tokenAttempts + 1 });
      return { ...(await this.respond(updated, merchant)), isValid: false };
    }
    const now = this.d.clock.now();
    const data = row.customerData;
    const customer = await this.upsertCustomer(tx, data);
    const verified = {
      ...row,
      customerId: customer.id,
      tokenHash: null,
      tokenVerifiedAt: now,
    };
    const base = { customerId: customer.id, tokenHash: null, tokenVerifiedAt: now };
    if (!customer.phoneOnFile) {
      // A new CPF, or a known CPF whose verified phone on file is not this one: the token proved a phone, not the
      // CPF. Nothing of the customer changed; the payer-CPF Pix proves the CPF before any analysis.
      const pix = await this.createPix(
        tx,
        verified,
        'VERIFICATION',
        VERIFICATION_AMOUNT,
        data,
        'Verificação Drip (estornada)',
      );
      const updated = await this.update(tx, row.id, {
        ...base,
        phase: 'VERIFICATION_PIX',
        verificationPix: pix,
      });
      return { ...(await this.respond(updated, merchant)), isValid: true };
    }
    const analysed = await this.analyseAndApply(tx, verified, merchant, customer, null, base);
    return { ...this.respond(analysed, merchant), isValid: true };
  }

  /**
   * The customer of the CPF after the phone was verified (customerUpsertStatement): created when new, its data
   * updated only when this phone is its verified phone on file, which `phoneOnFile` tells.
   */
  private async upsertCustomer(
    tx: Tx,
    data: StoredCustomerData,
  ): Promise<{ id: string; phoneOnFile: boolean; birthDate: string | null }> {
    const upsert = customerUpsertStatement(this.d.db, data, this.d.clock.now(), '');
    const [row] = v.parse(CustomerRows, await this.shaped.execute(tx, upsert)).rows;
    if (!row) throw new Error('customer upsert returned nothing');
    return row;
  }

  // ---------------------------------------------------------- credit analysis

  /** The token step of a returning customer: the analysis and its decision written in the step's transaction. */
  private async analyseAndApply(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    customer: { id: string; birthDate: string | null; phoneOnFile: boolean },
    payer: { cpf: string; bankCode: string } | null,
    extra: Partial<typeof checkouts.$inferInsert>,
  ): Promise<CheckoutRow> {
    const decided = await this.decide(tx, row, merchant, customer, payer);
    return this.updateWith(tx, decided.record(), row, { ...extra, ...decided.set });
  }

  /**
   * Runs the credit analysis (snapshot, bureau and anti-fraud ports, rules) and answers the checkout's columns for
   * the decision, with the decision's INSERT (not run). A denial with a full-amount offer creates its Pix charge.
   * `tx` null: no transaction (the pending analysis, see analyseOnce).
   */
  private async decide(
    tx: Tx | null,
    row: CheckoutRow,
    merchant: MerchantFacts,
    customer: { id: string; birthDate: string | null; phoneOnFile: boolean },
    payer: { cpf: string; bankCode: string } | null,
  ) {
    const data = row.customerData;
    if (!data) throw conflict(checkoutErrors.outOfOrder);
    const now = this.d.clock.now();
    const { decision, decisionId, record, recordIf, recordJson } = await this.d.credit.analyse(
      tx ?? this.d.db,
      {
        checkoutId: row.id,
        merchantId: row.merchantId,
        amount: cents(row.amount),
        checkoutExpiresAt: row.expiresAt,
        now,
        today: this.today(),
        customer: {
          id: customer.id,
          cpf: data.customerCpf,
          phone: data.customerPhone,
          email: data.customerEmail,
          addressCep: data.addressCep,
          birthDate: data.customerBirthDate ?? customer.birthDate,
          phoneOnFile: customer.phoneOnFile,
        },
        payer,
        merchant: {
          enabled: merchant.status === 'ENABLED',
          maxAmountPerOrder: merchant.maxAmountPerOrder === null ? null : cents(merchant.maxAmountPerOrder),
          skipAntifraud: merchant.skipAntifraud,
          skipProtectedScore: merchant.skipProtectedScore,
          skipFraudulentPhone: merchant.skipFraudulentPhone,
          skipFraudulentCpf: merchant.skipFraudulentCpf,
          skipFraudulentAddressCep: merchant.skipFraudulentAddressCep,
          skipFraudulentBankCode: merchant.skipFraudulentBankCode,
          skipOrderAmountRule: merchant.skipOrderAmountRule,
        },
      },
    );
    if (decision.type === 'approved') {
      const set: Partial<typeof checkouts.$inferInsert> = {
        status: 'MORE_INFO',
        creditDecisionId: decisionId,
        availableLimit: decision.available,
        phase: merchant.flexibleInstallments ? 'SELECTION' : 'CONFIRMATION',
        totalInstalments: merchant.flexibleInstallments ? null : maxInstalmentsOf(merchant),
      };
      return { set, record, recordIf, recordJson, fullAmountPix: null };
    }
    const koVariables = {
      ...(decision.koVariables.allowedAmount !== undefined
        ? { allowedAmount: decision.koVariables.allowedAmount }
        : {}),
      ...(decision.koVariables.blockedLimit !== undefined
        ? { blockedLimit: decision.koVariables.blockedLimit }
        : {}),
    };
    const waitlistStatus = decision.koVariables.waitlistStatus ?? null;
    let fullAmountPix: StoredPix | null = null;
    if (this.d.config.fullAmountOfferReasons.includes(decision.reason)) {
      fullAmountPix = await this.createPix(
        tx,
        row,
        'FULL_AMOUNT',
        cents(row.amount),
        data,
        `Pagamento à vista na ${merchant.name}`,
      );
    }
    const set: Partial<typeof checkouts.$inferInsert> = {
      status: 'KO',
      phase: 'DONE',
      koReason: decision.reason,
      koVariables,
      waitlistStatus,
      creditDecisionId: decisionId,
      availableLimit: decision.available,
      fullAmountPix,
    };
    return { set, record, recordIf, recordJson, fullAmountPix };
  }

  /**
   * Runs the credit analysis of a checkout in phase ANALYSIS (the verification Pix booked) and answers what it did.
   * Within this process it joins a run in progress for the same checkout; across processes the write is
   * conditional (see analyseOnce): concurrent runs produce one decision.
   */
  runPendingAnalysis(checkoutId: string): Promise<PendingAnalysisRun> {
    if (!isUuid(checkoutId)) return Promise.reject(notFound(checkoutErrors.notFound));
    return this.analyses.run(checkoutId);
  }

  /**
   * One pending analysis, without a transaction and without holding a row lock while the bureau and anti-fraud
   * ports answer: a plain read (with the row version `xmin`), nothing done unless the checkout is open and still in
   * phase ANALYSIS; the analysis as the booking ran it before (payer as booked, same rules); then ONE statement
   * writes the checkout's decision columns `where xmin = version` and inserts the decision only if that update
   * applied. A run that lost the race (another run, or any other write meanwhile) writes nothing: NOTHING.
   */
  private async analyseOnce(checkoutId: string): Promise<PendingAnalysisRun> {
    const { row, merchant, version } = await this.load(this.d.db, checkoutId, false);
    if (!isOpen(row.status) || row.phase !== 'ANALYSIS' || !row.customerId) return { outcome: 'NOTHING' };
    const payer = { cpf: row.payerCpf ?? '', bankCode: row.payerBankCode ?? '' };
    const decided = await this.decide(
      null,
      row,
      merchant,
      { id: row.customerId, birthDate: null, phoneOnFile: false },
      payer,
    );
    const updatedAt = this.d.clock.now();
    const guard = conditionalCheckoutUpdate(row.id, version, { ...decided.set, updatedAt }, 'guard_');
    // The payer-CPF Pix proved the CPF: the phone verified in this checkout and its data become the customer's, in
    // the decision's statement (only if its write applied).
    const bind = row.customerData && row.payerCpf === row.customerData.customerCpf ? row.customerData : null;
    const bound = bindProvenContact('guard', 'bind_');
    const written = v.parse(
      AppliedRows,
      await this.shaped.execute(this.d.db, {
        key: `analysis-decided:${guard.key}:${bind ? bound.key : 'unbound'}`,
        build: () =>
          bind
            ? sql`with guard as (${guard.build()}), bound as (${bound.build()}) ${decided.recordIf('guard')} returning 1 as applied`
            : sql`with guard as (${guard.build()}) ${decided.recordIf('guard')} returning 1 as applied`,
        values: {
          ...guard.values,
          decision: decided.recordJson,
          ...(bind ? bound.values(row.customerId, bind, updatedAt) : {}),
        },
      }),
    );
    if (written.rows.length === 0) {
      // Another run decided first (or the checkout changed): this run's full-amount charge was never shown.
      if (decided.fullAmountPix) await this.d.payments.cancelCharge(decided.fullAmountPix.chargeId);
      return { outcome: 'NOTHING' };
    }
    return { outcome: 'RAN', row: { ...row, ...decided.set, updatedAt }, merchant };
  }

  // ---------------------------------------------------------- plan: selection, date, confirmation

  /** OPTIONAL upfront: "sem entrada" unless the shopper chose today as the first due date (changeFirstDate). */
  private upfrontChosen(row: CheckoutRow, merchant: MerchantFacts): boolean {
    if (merchant.upfrontPaymentStatus === 'MANDATORY') return true;
    if (merchant.upfrontPaymentStatus === 'DISABLED') return false;
    return row.upfront === 'YES';
  }

  private defaultInstalments(merchant: MerchantFacts): number {
    if (!merchant.flexibleInstallments) return maxInstalmentsOf(merchant);
    const { min, max } = instalmentRange(merchant);
    return Math.min(max, Math.max(min, DEFAULT_INSTALMENTS));
  }

  private plan(row: CheckoutRow, merchant: MerchantFacts) {
    const n = row.totalInstalments ?? this.defaultInstalments(merchant);
    const today = this.today();
    const upfront = this.upfrontChosen(row, merchant);
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

  private async selectInstalments(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    n: number,
  ): Promise<WireResponse> {
    if (!merchant.flexibleInstallments || (row.phase !== 'SELECTION' && row.phase !== 'CONFIRMATION')) {
      throw conflict(checkoutErrors.outOfOrder);
    }
    const { min, max } = instalmentRange(merchant);
    if (n < min || n > max)
      throw unprocessable(checkoutErrors.instalmentsRange(min, max), 'INSTALMENTS_OUT_OF_RANGE');
    const updated = await this.update(tx, row.id, { totalInstalments: n, phase: 'CONFIRMATION' });
    return this.respond(updated, merchant);
  }

  private async changeFirstDate(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    date: string,
  ): Promise<WireResponse> {
    if (row.phase !== 'CONFIRMATION' && row.phase !== 'SELECTION') throw conflict(checkoutErrors.outOfOrder);
    if (merchant.upfrontPaymentStatus === 'MANDATORY') {
      throw unprocessable(checkoutErrors.firstDateMandatory, 'FIRST_DATE_FIXED');
    }
    const today = this.today();
    const days = daysBetweenIso(today, date);
    // OPTIONAL upfront: today is the entry ("com entrada", paid by Pix at confirmation); any later date in the
    // window is "sem entrada" (docs/checkout-lifecycle.md).
    const optional = merchant.upfrontPaymentStatus === 'OPTIONAL';
    const minDays = optional ? 0 : FIRST_DUE_MIN_DAYS;
    if (days < minDays || days > FIRST_DUE_MAX_DAYS) {
      throw unprocessable(
        checkoutErrors.firstDateRange(addDaysIso(today, minDays), addDaysIso(today, FIRST_DUE_MAX_DAYS)),
        'FIRST_DATE_OUT_OF_RANGE',
      );
    }
    const updated = await this.update(tx, row.id, { firstDueDate: date, upfront: days === 0 ? 'YES' : 'NO' });
    return this.respond(updated, merchant);
  }

  private async confirm(tx: Tx, row: CheckoutRow, merchant: MerchantFacts): Promise<WireResponse> {
    if (row.phase !== 'CONFIRMATION') throw conflict(checkoutErrors.outOfOrder);
    const data = row.customerData;
    if (!data || !row.customerId) throw conflict(checkoutErrors.outOfOrder);
    const plan = this.plan(row, merchant);
    if (plan.upfront) {
      const first = plan.instalments[0];
      if (!first) throw conflict(checkoutErrors.outOfOrder);
      const due = cents(first.amount - first.cashbackAmount);
      const pix = await this.createPix(
        tx,
        row,
        'FIRST_INSTALMENT',
        due,
        data,
        `1ª parcela da compra na ${merchant.name}`,
      );
      const updated = await this.update(tx, row.id, {
        phase: 'FIRST_INSTALMENT_PIX',
        totalInstalments: plan.totalInstalments,
        firstDueDate: plan.firstDueDate,
        upfront: 'YES',
        firstInstalmentPix: pix,
      });
      return this.respond(updated, merchant);
    }
    const order = await this.d.orders.createInstalmentOrder(tx, {
      ...orderBase(row, row.customerId),
      totalInstalments: plan.totalInstalments,
      firstDueDate: plan.firstDueDate,
      cashbackRate: merchant.cashbackRate,
      upfrontPayment: null,
      now: this.d.clock.now(),
    });
    const updated = await this.update(tx, row.id, {
      status: 'OK',
      phase: 'DONE',
      totalInstalments: plan.totalInstalments,
      firstDueDate: plan.firstDueDate,
      upfront: 'NO',
      orderId: order.id,
    });
    return this.respond(updated, merchant);
  }

  // ---------------------------------------------------------- Pix

  private async createPix(
    tx: Tx | null,
    row: CheckoutRow,
    purpose: ChargePurpose,
    amount: Cents,
    data: StoredCustomerData,
    description: string,
  ): Promise<StoredPix> {
    const charge = await this.d.payments.createCharge(
      tx,
      this.pixInput(row, purpose, amount, data, description),
    );
    return toStoredPix(charge);
  }

  /** What a checkout's Pix charge is asked with. */
  private pixInput(
    row: CheckoutRow,
    purpose: ChargePurpose,
    amount: Cents,
    data: StoredCustomerData,
    description: string,
  ) {
    return {
      purpose,
      referenceId: row.id,
      amount,
      expiresInSeconds: this.d.config.pixTtlSeconds,
      payer: { cpf: data.customerCpf, name: data.customerName },
      description,
    };
  }

  /** An expired QR code is replaced by a new charge on the next load, without losing the checkout. */
  /** Whether a `load` (PUT {}) of this row writes anything: first open, expiry, or an expired Pix to renew. */
  private loadChanges(row: CheckoutRow): boolean {
    const now = this.d.clock.now().getTime();
    if (row.status === 'PRISTINE') return true;
    if (isOpen(row.status) && row.expiresAt.getTime() <= now) return true;
    const expired = (p: StoredPix | null) => p !== null && Date.parse(p.expiresAt) <= now;
    return expired(row.verificationPix) || expired(row.firstInstalmentPix) || expired(row.fullAmountPix);
  }

  /** The Pix the checkout offers (reconcileCharge; forced once it expired, as it is replaced then): true if booked now. */
  private async offeredPixPaidAtPsp(row: CheckoutRow): Promise<boolean> {
    const pix =
      isOpen(row.status) && row.phase === 'VERIFICATION_PIX'
        ? row.verificationPix
        : isOpen(row.status) && row.phase === 'FIRST_INSTALMENT_PIX'
          ? row.firstInstalmentPix
          : row.status === 'KO' && !row.orderId
            ? row.fullAmountPix
            : null;
    if (!pix) return false;
    const force = Date.parse(pix.expiresAt) <= this.d.clock.now().getTime();
    return (await this.d.payments.reconcileCharge(pix.txid, { force })) > 0;
  }

  private async renewExpiredPix(tx: Tx, row: CheckoutRow, merchant: MerchantFacts): Promise<CheckoutRow> {
    const now = this.d.clock.now().getTime();
    const expired = (p: StoredPix | null): p is StoredPix => p !== null && Date.parse(p.expiresAt) <= now;
    const data = row.customerData;
    if (!data) return row;
    if (row.phase === 'VERIFICATION_PIX' && expired(row.verificationPix)) {
      const pix = await this.createPix(
        tx,
        row,
        'VERIFICATION',
        VERIFICATION_AMOUNT,
        data,
        'Verificação Drip (estornada)',
      );
      return this.update(tx, row.id, { verificationPix: pix });
    }
    if (row.phase === 'FIRST_INSTALMENT_PIX' && expired(row.firstInstalmentPix)) {
      const pix = await this.createPix(
        tx,
        row,
        'FIRST_INSTALMENT',
        cents(row.firstInstalmentPix.amount),
        data,
        `1ª parcela da compra na ${merchant.name}`,
      );
      return this.update(tx, row.id, { firstInstalmentPix: pix });
    }
    if (row.status === 'KO' && !row.orderId && expired(row.fullAmountPix)) {
      const pix = await this.createPix(
        tx,
        row,
        'FULL_AMOUNT',
        cents(row.amount),
        data,
        `Pagamento à vista na ${merchant.name}`,
      );
      return this.update(tx, row.id, { fullAmountPix: pix });
    }
    return row;
  }

  /**
   * R$ 1,00 verification paid: record the payer, refund it, and move the checkout to phase ANALYSIS. The credit
   * analysis (payer CPF and bank) runs after the booking committed (the background queue, or the shopper's next
   * poll): the PSP's webhook is answered without waiting for the bureau and anti-fraud ports.
   */
  async onVerificationPaid(
    tx: Tx,
    charge: Charge,
    ctx: { afterCommit(fn: () => void): void },
  ): Promise<void> {
    const reason = VERIFICATION_REFUND_REASON;
    if (!isUuid(charge.referenceId)) {
      await this.d.payments.refundCharge(tx, charge.id, charge.amount, reason);
      return;
    }
    // One statement (in the booking's transaction): the R$ 1,00 given back, and the checkout moved on (see
    // verificationMove; the row locked until the booking commits). The one-statement booking (constructor) does the
    // same from its CTE `paid`.
    const now = this.d.clock.now();
    const refund = this.d.payments.refundChargeCtes(charge.id, charge.amount, reason, 'refund');
    const p = sql.placeholder;
    const [result] = v.parse(
      VerificationBookedRows,
      await this.shaped.execute(tx, {
        key: `verification-booked:${refund.key}`,
        build: () =>
          sql`with ${refund.build()}, moved as (${verificationMove({
            checkoutId: sql`${p('checkoutId')}`,
            chargeId: sql`${p('chargeId')}`,
            payerCpf: sql`${p('payerCpf')}`,
            payerBankCode: sql`${p('payerBankCode')}`,
            now: sql`${p('now')}`,
          })}) select (select count(*) from refund)::int as refunded, (select id::text from moved) as moved`,
        values: {
          ...refund.values,
          payerCpf: charge.payerCpf,
          payerBankCode: charge.payerBankCode,
          now: now.toISOString(),
          checkoutId: charge.referenceId,
          chargeId: charge.id,
        },
      }),
    ).rows;
    // The charge was paid in this very transaction: its full amount always fits; anything else rolls back.
    if (result?.refunded !== 1) throw new Error(`verification Pix ${charge.id}: the refund was refused`);
    const moved = result.moved === null ? [] : [{ id: result.moved }];
    for (const { id } of moved) ctx.afterCommit(() => this.analyses.enqueue(id));
  }

  /** First instalment paid upfront: the order is created with instalment 1 paid (else the Pix is given back). */
  async onFirstInstalmentPaid(tx: Tx, charge: Charge): Promise<void> {
    const loaded = await this.loadPaidCheckout(tx, charge);
    const row = loaded?.row;
    if (
      !loaded ||
      !row ||
      !isOpen(row.status) ||
      row.phase !== 'FIRST_INSTALMENT_PIX' ||
      row.firstInstalmentPix?.chargeId !== charge.id ||
      !row.customerId
    ) {
      await this.givePaymentBack(tx, charge, row ?? null, 'Pagamento recebido fora do checkout');
      return;
    }
    const { merchant } = loaded;
    const customerId = row.customerId;
    await this.orderOrGiveBack(tx, charge, row, async (sp, now) => {
      const order = await this.d.orders.createInstalmentOrder(sp, {
        ...orderBase(row, customerId),
        totalInstalments: row.totalInstalments ?? this.defaultInstalments(merchant),
        firstDueDate: row.firstDueDate ?? this.today(),
        cashbackRate: merchant.cashbackRate,
        upfrontPayment: { chargeId: charge.id, paidAt: charge.paidAt ?? now },
        now,
      });
      await this.update(sp, row.id, {
        status: 'OK',
        phase: 'DONE',
        orderId: order.id,
        payerCpf: charge.payerCpf,
        payerBankCode: charge.payerBankCode,
        ...(charge.payerCpf === row.customerData?.customerCpf ? { payerVerifiedAt: now } : {}),
      });
    });
  }

  /** Full amount paid after a KO: an order paid at once (CLOSED); the checkout answers OK (else the Pix is given back). */
  async onFullAmountPaid(tx: Tx, charge: Charge): Promise<void> {
    const row = (await this.loadPaidCheckout(tx, charge))?.row;
    if (row?.status !== 'KO' || row.orderId || row.fullAmountPix?.chargeId !== charge.id || !row.customerId) {
      await this.givePaymentBack(tx, charge, row ?? null, 'Pagamento recebido fora do checkout');
      return;
    }
    const customerId = row.customerId;
    await this.orderOrGiveBack(tx, charge, row, async (sp, now) => {
      const order = await this.d.orders.createFullPaymentOrder(sp, {
        ...orderBase(row, customerId),
        today: this.today(),
        payment: { chargeId: charge.id, paidAt: charge.paidAt ?? now },
        now,
      });
      await this.update(sp, row.id, {
        status: 'OK',
        phase: 'DONE',
        orderId: order.id,
        koReason: null,
        koVariables: null,
        totalInstalments: 1,
        firstDueDate: this.today(),
      });
    });
  }

  /** The checkout a paid charge refers to, locked; null when there is none (its Pix is then given back). */
  private async loadPaidCheckout(tx: Tx, charge: Charge): Promise<Loaded | null> {
    if (!isUuid(charge.referenceId)) return null;
    try {
      return await this.load(tx, charge.referenceId, true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }

  /**
   * Creates the order of a paid checkout in a savepoint of the booking transaction. When that fails, for whatever
   * reason (rows the order's columns cannot hold, a bug), the savepoint is rolled back and the booking still commits:
   * the payment stays booked, the checkout ends KO (no further Pix is offered) and the money is given back — rather
   * than a booking that fails, and a webhook answered 500, on every delivery of the PSP.
   */
  private async orderOrGiveBack(
    tx: Tx,
    charge: Charge,
    row: CheckoutRow,
    create: (sp: Tx, now: Date) => Promise<void>,
  ): Promise<void> {
    const now = this.d.clock.now();
    try {
      await tx.transaction((sp) => create(sp, now));
      return;
    } catch (err) {
      this.d.log.error('a paid checkout could not become an order: its Pix is given back', {
        checkoutId: row.id,
        chargeId: charge.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
    await this.update(tx, row.id, {
      status: 'KO',
      phase: 'DONE',
      koReason: row.status === 'KO' ? row.koReason : 'DEFAULT',
      fullAmountPix: null,
    });
    await this.givePaymentBack(tx, charge, row, 'Não foi possível criar o pedido do checkout');
  }

  /**
   * A checkout payment that does not become an order: the devolução of the whole amount is recorded (sent to the PSP
   * by the payments job), with its ledger entries, in the booking's transaction.
   */
  private async givePaymentBack(
    tx: Tx,
    charge: Charge,
    row: CheckoutRow | null,
    reason: string,
  ): Promise<void> {
    await this.d.payments.refundCharge(tx, charge.id, charge.amount, reason);
    await this.d.orders.recordReturnedPayment(tx, {
      chargeId: charge.id,
      amount: charge.amount,
      checkoutId: row?.id ?? null,
      customerId: row?.customerId ?? null,
      merchantId: row?.merchantId ?? null,
      reason,
      now: this.d.clock.now(),
    });
  }

  // ---------------------------------------------------------- other shopper calls

  /** Shopper cancel: an unfinished checkout becomes KO with reason EXPIRED ("abandoned"), see the docs. */
  async cancel(id: string): Promise<{ status: CheckoutRow['status']; cancelUrl: string | null }> {
    return this.d.db.transaction(async (tx) => {
      const { row } = await this.load(tx, id, true);
      if (row.status === 'OK') throw conflict(checkoutErrors.alreadyApproved, 'CHECKOUT_FINISHED');
      if (!isOpen(row.status)) return { status: row.status, cancelUrl: row.cancelUrl };
      const now = this.d.clock.now();
      const updated = await this.update(tx, id, {
        status: 'KO',
        phase: 'DONE',
        koReason: 'EXPIRED',
        canceledAt: now,
      });
      return { status: updated.status, cancelUrl: updated.cancelUrl };
    });
  }

  /**
   * Where a message of the checkout goes on `channel` (the phone for SMS and WhatsApp, the e-mail otherwise), as
   * stored; null before the customer data. Read by the route to count the send against the caps before the step.
   */
  async messageRecipient(id: string, channel: VerificationChannel): Promise<string | null> {
    const { row } = await this.load(this.d.db, id, false);
    const data = row.customerData;
    if (!data) return null;
    return channel === 'EMAIL' ? data.customerEmail : data.customerPhone;
  }

  /** Sends the copy-paste code of the checkout's pending Pix to the customer's phone by SMS. */
  async notifyPix(id: string): Promise<{ smsDelivered: boolean }> {
    const { row } = await this.load(this.d.db, id, false);
    const pix =
      row.phase === 'VERIFICATION_PIX'
        ? row.verificationPix
        : row.phase === 'FIRST_INSTALMENT_PIX'
          ? row.firstInstalmentPix
          : row.status === 'KO' && !row.orderId
            ? row.fullAmountPix
            : null;
    const phone = row.customerData?.customerPhone;
    if (!pix || !phone || !(isOpen(row.status) || row.status === 'KO'))
      throw conflict(checkoutErrors.noPix, 'NO_PENDING_PIX');
    const result = await this.d.notifications.sms.send({
      to: phone,
      body: `Drip: Pix copia e cola de ${formatBRL(cents(pix.amount))}: ${pix.brCode}`,
    });
    return { smsDelivered: result.delivered };
  }

  async updateWaitlist(id: string, body: UpdateWaitlistRequest): Promise<{ status: WaitlistStatus }> {
    return this.d.db.transaction(async (tx) => {
      const { row } = await this.load(tx, id, true);
      if (row.status !== 'KO' || row.waitlistStatus === null) {
        throw conflict(checkoutErrors.waitlistUnavailable, 'WAITLIST_UNAVAILABLE');
      }
      if (body.oldStatus !== null && body.oldStatus !== row.waitlistStatus) {
        throw conflict(checkoutErrors.waitlistChanged, 'WAITLIST_CHANGED');
      }
      // The shopper joins (CONFIRMED, again as often as they like); a list Drip DENIED stays denied.
      if (row.waitlistStatus === 'DENIED') {
        throw conflict(checkoutErrors.waitlistDenied, 'WAITLIST_DENIED');
      }
      const updated = await this.update(tx, id, { waitlistStatus: body.newStatus });
      return { status: updated.waitlistStatus ?? body.newStatus };
    });
  }

  async feedback(body: { checkoutID: string; feedback: string; comment: string }): Promise<void> {
    if (!isUuid(body.checkoutID)) throw notFound(checkoutErrors.notFound);
    const [row] = await this.d.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.id, body.checkoutID));
    if (!row) throw notFound(checkoutErrors.notFound);
    await this.d.db.insert(checkoutFeedback).values({
      checkoutId: row.id,
      feedback: body.feedback,
      comment: body.comment,
      createdAt: this.d.clock.now(),
    });
  }

  /** `GET /instalments_simulator?checkoutId=`. */
  async simulateForCheckout(id: string) {
    const { row, merchant } = await this.load(this.d.db, id, false);
    const plan = this.plan(row, merchant);
    return {
      cashbackRate: merchant.cashbackRate,
      instalments: plan.instalments.map(wireInstalment),
      totalAmount: centsToReais(cents(row.amount)),
      flexibleInstallments: merchant.flexibleInstallments,
      maxInstalments: maxInstalmentsOf(merchant),
    };
  }

  /** `GET /instalments_simulator?amount=&date=&cnpj=&merchantId=`: first due date = date + 30 days. */
  async simulate(q: {
    amount: Cents;
    date?: string | undefined;
    cnpj?: string | undefined;
    merchantId?: string | undefined;
  }) {
    let merchant: { flexibleInstallments: boolean; maxInstalments: number; id: string | null } = {
      flexibleInstallments: false,
      maxInstalments: DEFAULT_INSTALMENTS,
      id: null,
    };
    if (q.merchantId !== undefined || q.cnpj !== undefined) {
      if (q.merchantId !== undefined && !isUuid(q.merchantId)) throw notFound(checkoutErrors.merchantUnknown);
      const where =
        q.merchantId !== undefined ? eq(merchants.id, q.merchantId) : eq(merchants.cnpj, q.cnpj ?? '');
      const [m] = await this.d.db
        .select({
          id: merchants.id,
          flexibleInstallments: merchants.flexibleInstallments,
          maxInstalments: merchants.maxInstalments,
        })
        .from(merchants)
        .where(where)
        .limit(1);
      if (!m) throw notFound(checkoutErrors.merchantUnknown);
      merchant = m;
    }
    const rate = merchant.id ? await this.d.orders.cashbackRate(merchant.id, this.today()) : 0;
    // The default plan: 3x, or fewer when a flexible merchant sells in fewer.
    const max = maxInstalmentsOf(merchant);
    const n = Math.min(DEFAULT_INSTALMENTS, max);
    const firstDueDate = addDaysIso(q.date ?? this.today(), 30);
    return {
      cashbackRate: rate,
      instalments: planInstalments({
        total: q.amount,
        totalInstalments: n,
        firstDueDate,
        cashbackRate: rate,
      }).map(wireInstalment),
      totalAmount: centsToReais(q.amount),
      flexibleInstallments: merchant.flexibleInstallments,
      maxInstalments: max,
    };
  }

  // ---------------------------------------------------------- expiry job

  /**
   * Turns unfinished checkouts past their expiry into EXPIRED (koReason EXPIRED). Set-based, idempotent, and guarded
   * by a transaction-scoped advisory lock so that concurrent instances do not run it twice. Returns how many expired.
   */
  async expireCheckouts(now: Date = this.d.clock.now()): Promise<number> {
    return this.d.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, JOB.checkoutExpiry))) return 0;
      const rows = await tx
        .update(checkouts)
        .set({ status: 'EXPIRED', koReason: 'EXPIRED', phase: 'DONE', updatedAt: now })
        .where(and(inArray(checkouts.status, ['PRISTINE', 'MORE_INFO']), lte(checkouts.expiresAt, now)))
        .returning({ id: checkouts.id });
      return rows.length;
    });
  }

  // ---------------------------------------------------------- response

  /** The `{result, fields}` answer for a checkout row (wire shape, reais). */
  respond(row: CheckoutRow, merchant: MerchantFacts): WireResponse {
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
    const status = this.visibleStatus(row);
    if (status === 'OK') {
      fields.push({
        fieldName: 'instalments',
        fieldData: this.plan(row, merchant).instalments.map(wireInstalment),
      });
      return { result: 'OK', fields };
    }
    if (status !== 'PRISTINE' && status !== 'MORE_INFO') {
      const reason = this.koReasonOf(row) ?? 'DEFAULT';
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
        if (row.verificationPix)
          fields.push({ fieldName: 'payment', fieldData: wirePix(row.verificationPix) });
        break;
      case 'SELECTION':
      case 'CONFIRMATION': {
        const plan = this.plan(row, merchant);
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
          fieldData: this.plan(row, merchant).instalments.map(wireInstalment),
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
}

const tokenText = (code: string, merchantName: string) =>
  `Drip: ${code} é o seu Drip Token para a compra na ${merchantName}. Válido por 10 minutos. Não compartilhe.`;

/** The customer data as stored: empty optional fields dropped. */
function cleanCustomerData(data: StoredCustomerData): StoredCustomerData {
  return {
    ...data,
    customerBirthDate: data.customerBirthDate || undefined,
    addressComplement: data.addressComplement || undefined,
  };
}

function wireInstalment(i: { number: number; dueDate: string; amount: Cents; cashbackAmount: Cents }) {
  return {
    number: i.number,
    dueDate: i.dueDate,
    amount: centsToReais(i.amount),
    cashbackAmount: centsToReais(i.cashbackAmount),
  };
}

function wirePix(p: StoredPix) {
  return {
    paymentQrCode: p.qrCodeUrl,
    paymentQrCodeText: p.brCode,
    amount: centsToReais(cents(p.amount)),
    expiresAt: p.expiresAt,
  };
}

function toStoredPix(c: Charge): StoredPix {
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

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}

function toDenialReason(s: string | null): DenialReason | undefined {
  return DENIAL_REASONS.find((r) => r === s);
}
