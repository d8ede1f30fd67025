/**
 * The checkout's SQL that more than one step shares: the load (checkout + merchant + cashback rate in one query),
 * the optimistic steps' conditional write (`where xmin = version`), the verification Pix's move to ANALYSIS, and the
 * row shapes these statements answer. Statements run as shaped statements (db/shaped.ts) or prepared ones.
 */
import { eq, getTableColumns, SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/index.ts';
import type { Shaped } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { CustomerService } from '../customers/service.ts';
// Read-only: the merchant's columns are joined into the checkout's one load statement (docs/modules.md).
import { merchants } from '../merchants/tables.ts';
import { OrderService } from '../orders/service.ts';
import type { CheckoutSet } from './rules.ts';
import { checkouts } from './tables.ts';

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
  customerLimit: merchants.customerLimit,
  skipAntifraud: merchants.skipAntifraud,
  skipProtectedScore: merchants.skipProtectedScore,
  skipFraudulentPhone: merchants.skipFraudulentPhone,
  skipFraudulentCpf: merchants.skipFraudulentCpf,
  skipFraudulentAddressCep: merchants.skipFraudulentAddressCep,
  skipFraudulentBankCode: merchants.skipFraudulentBankCode,
  skipOrderAmountRule: merchants.skipOrderAmountRule,
};

/** What `load` reads: the checkout, its merchant's columns, the cashback rate of `today`, the row version. */
function loadFields(today: string) {
  return {
    row: checkouts,
    merchant: merchantColumns,
    cashbackRate: OrderService.cashbackRateSql(checkouts.merchantId, today),
    version: sql<string>`${checkouts}.xmin::text`,
  };
}

/** The load of a checkout by id (joined with its merchant), as a query to run, lock or not, on `db` or a `tx`. */
export function loadQuery(db: DbOrTx, id: string, today: string) {
  return db
    .select(loadFields(today))
    .from(checkouts)
    .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
    .where(eq(checkouts.id, id))
    .limit(1);
}

export function preparePlainLoad(db: Db, today: string) {
  return db
    .select(loadFields(today))
    .from(checkouts)
    .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
    .where(eq(checkouts.id, sql.placeholder('id')))
    .limit(1)
    .prepare(`drip_checkout_load_${today.replaceAll('-', '')}`);
}
export type PlainLoadQuery = ReturnType<typeof preparePlainLoad>;

const CHECKOUT_COLUMNS = getTableColumns(checkouts);
export const IdRows = v.object({ rows: v.array(v.object({ id: v.string() })) });
export const AppliedRows = v.object({ rows: v.array(v.unknown()) });
export const ReturningRows = v.object({ rows: v.array(v.object({ returning: v.boolean() })) });

/** The token step's one statement answers the checkout's id and the customer's, when its write applied. */
export const VerifiedRows = v.object({ rows: v.array(v.object({ id: v.string(), customerId: v.string() })) });

/** The verification booking's one statement: devoluções written (1) and the checkout moved on (its id or null). */
export const VerificationBookedRows = v.object({
  rows: v.array(v.object({ refunded: v.number(), moved: v.nullable(v.string()) })),
});

/** The customer upsert's answer (CustomerService.checkoutUpsert). */
export const CustomerRows = v.object({
  rows: v.array(v.object({ id: v.string(), birthDate: v.nullable(v.string()), phoneOnFile: v.boolean() })),
});

/**
 * What a conditional write computes in SQL beside its values: more assignments and a further condition, written
 * with placeholders (whose values are `values`) or reading the statement's other CTEs. `key` names their text.
 */
export interface ComputedSet {
  key: string;
  assignments?: () => SQL;
  where?: () => SQL;
  values?: Record<string, unknown>;
}

/**
 * `update checkouts set … where id = $id and xmin = $version returning id`, the optimistic steps' conditional write,
 * as a shaped statement (db/shaped.ts): built once per set of columns (each value encoded by its column), then only
 * filled in. Its placeholders start with `prefix` (the order's statement nests it as its guard).
 */
export function conditionalCheckoutUpdate(
  id: string,
  version: string,
  set: CheckoutSet,
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

/** The customer data's hint for the token step: `returning_customer` from the CPF's customer, in the write. */
export function returningCustomerSet(cpf: string, phone: string, prefix: string): ComputedSet {
  const name = `${prefix}returningCpf`;
  const phoneName = `${prefix}returningPhone`;
  return {
    key: 'returning-customer',
    assignments: () =>
      sql`returning_customer = ${CustomerService.returningCustomerSql(sql`${sql.placeholder(name)}`, sql`${sql.placeholder(phoneName)}`)}`,
    values: { [name]: cpf, [phoneName]: phone },
  };
}

/**
 * The verification paid moves its checkout on: `update checkouts … returning id`, only when the checkout is open, in
 * phase VERIFICATION_PIX and still shows this charge; the payer recorded, payerVerifiedAt set when the payer's CPF is
 * the customer's. `from` names where the charge's values come from: placeholders (the booking's transaction) or
 * the one-statement booking's CTE `paid` (read with `from paid`).
 */
export function verificationMove(from: {
  checkoutId: SQL;
  chargeId: SQL;
  payerCpf: SQL;
  payerBankCode: SQL;
  now: SQL;
  fromClause?: SQL;
}): SQL {
  return sql`update ${checkouts} set phase = 'ANALYSIS', payer_cpf = ${from.payerCpf}, payer_bank_code = ${from.payerBankCode}, payer_verified_at = case when ${checkouts.customerData}->>'customerCpf' = coalesce(${from.payerCpf}, '') then ${from.now}::timestamptz else ${checkouts.payerVerifiedAt} end, updated_at = ${from.now}::timestamptz${from.fromClause ?? sql``} where ${checkouts.id} = ${from.checkoutId} and ${checkouts.status} in ('PRISTINE', 'MORE_INFO') and ${checkouts.phase} = 'VERIFICATION_PIX' and ${checkouts.verificationPix}->>'chargeId' = ${from.chargeId} and ${checkouts.customerId} is not null returning ${checkouts.id}`;
}
