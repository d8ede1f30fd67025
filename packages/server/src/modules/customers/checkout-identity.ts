/**
 * The customer rows a checkout reads and writes (docs/identity.md), as SQL fragments that the checkout module runs
 * inside its own one statements (db/shaped.ts): the customers table stays this module's, and a checkout step still
 * costs the statements it did. Reached through CustomerService's static methods (docs/modules.md).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { Shaped } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { customers } from './tables.ts';

/** The customer data a checkout collects (the checkout's `customer_data`); empty optional fields are undefined. */
export interface CheckoutCustomerData {
  customerPhone: string;
  customerCpf: string;
  customerName: string;
  customerEmail: string;
  customerBirthDate?: string | undefined;
  addressCep: string;
  addressStreet: string;
  addressNumber: string;
  addressComplement?: string | undefined;
  addressNeighborhood: string;
  addressCity: string;
  addressState: string;
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
export const returningCustomerOf = (cpf: SQL, phone: SQL) =>
  sql<boolean>`exists(select 1 from ${customers} as known where known.cpf = ${cpf} and ${phoneOnFileOf(sql`known`, phone)})`;

/**
 * Whether a CPF (as SQL, may be null) is a customer whose phone is verified and whose data is complete: the
 * checkout then asks for the phone only (`checkouts.phone_only`). It tells the shopper nothing about the CPF that
 * the merchant, who prefilled it, did not know.
 */
export const knownForPhoneOnly = (cpf: SQL) =>
  sql<boolean>`exists(select 1 from ${customers} as known where known.cpf = ${cpf} and known.phone_verified_at is not null and known.email is not null and known.address_cep is not null and known.address_street is not null and known.address_number is not null and known.address_neighborhood is not null and known.address_city is not null and known.address_state is not null)`;

/**
 * The customer of a checkout's CPF after its phone was verified (a shaped statement, db/shaped.ts: placeholders
 * start with `prefix`): a new CPF is inserted with the typed data, unproven (`phone_verified_at` null); a known CPF's
 * data changes only when the verified phone is its verified phone on file (`phoneOnFileOf`, the proof of the CPF),
 * never on what a checkout typed (docs/identity.md). Answers the id, the birth date and `phoneOnFile`: the locked
 * token step's statement, and the CTE `customer` of a first purchase's one statement.
 */
export function customerUpsertStatement(
  db: Db,
  data: CheckoutCustomerData,
  now: Date,
  prefix: string,
): Shaped {
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
export function bindProvenContact(after: string, prefix: string) {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return {
    key: `bind-contact:${after}:${prefix}`,
    build: () =>
      sql`update ${customers} set name = ${p('name')}, email = ${p('email')}, phone = ${p('phone')}, birth_date = coalesce(${customers.birthDate}, ${p('birthDate')}::date), address_cep = ${p('addressCep')}, address_street = ${p('addressStreet')}, address_number = ${p('addressNumber')}, address_complement = ${p('addressComplement')}, address_neighborhood = ${p('addressNeighborhood')}, address_city = ${p('addressCity')}, address_state = ${p('addressState')}, phone_verified_at = ${p('now')}::timestamptz, updated_at = ${p('now')}::timestamptz from ${sql.raw(after)} where ${customers.id} = ${p('customerId')}::uuid and ${customers.cpf} = ${p('cpf')}`,
    values: (customerId: string, data: CheckoutCustomerData, now: Date) => ({
      ...customerUpsertValues(data, now, prefix),
      [`${prefix}customerId`]: customerId,
    }),
  };
}

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
function customerUpsertValues(
  data: CheckoutCustomerData,
  now: Date,
  prefix: string,
): Record<string, unknown> {
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
 * The data on file of the customer with this CPF, as a checkout's customer data; null when unknown or incomplete
 * (no e-mail or address): a phone-only checkout then has nothing to reuse.
 */
export async function checkoutDataOnFile(db: DbOrTx, cpf: string): Promise<CheckoutCustomerData | null> {
  const [c] = await db.select().from(customers).where(eq(customers.cpf, cpf)).limit(1);
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
  return {
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
  };
}
