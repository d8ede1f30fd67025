import {
  CustomerProfile,
  type CustomerUpdateProfileRequest,
  type CustomerUpdateProfileResponse,
} from '@drip/core';
import { and, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { normalizeCpf, normalizeEmail } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle, Db } from '../../db/index.ts';
import { ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError, type Issue, invalidCurrentPassword, invalidFields, linkExpired } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { sha256 } from '../auth/crypto.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService, SessionSubject } from '../auth/service.ts';
import type { Notifications } from '../notifications/ports.ts';
import {
  bindProvenContact,
  type CheckoutCustomerData,
  checkoutDataOnFile,
  customerUpsertStatement,
  knownForPhoneOnly,
  returningCustomerOf,
} from './checkout-identity.ts';
import { type CustomerAccessLinkRow, type CustomerRow, customerAccessLinks, customers } from './tables.ts';

export type { CheckoutCustomerData };

const customerNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Cliente não encontrado');
const accessLinkNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Link não encontrado');

const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

const PROFILE_SQL = `select id, name, email, cpf, phone, birth_date::text as "birthDate", address_cep as "addressCep",
  address_street as "addressStreet", address_number as "addressNumber", address_complement as "addressComplement",
  address_neighborhood as "addressNeighborhood", address_city as "addressCity", address_state as "addressState",
  is_on_debt_negotiation as "isOnDebtNegotiation", status
  from customers where id = $1`;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export function toCustomerProfile(row: Pick<CustomerRow, keyof CustomerProfile>): CustomerProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.cpf,
    phone: row.phone,
    birthDate: row.birthDate,
    addressCep: row.addressCep,
    addressStreet: row.addressStreet,
    addressNumber: row.addressNumber,
    addressComplement: row.addressComplement,
    addressNeighborhood: row.addressNeighborhood,
    addressCity: row.addressCity,
    addressState: row.addressState,
    isOnDebtNegotiation: row.isOnDebtNegotiation,
    status: row.status,
  };
}

/** 'YYYY-MM-DD' or 'DD/MM/YYYY' → 'YYYY-MM-DD' when it is a real past date. */
function parseBirthDate(input: string, today: Date): string | null {
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(input);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (br) [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > today.getTime()) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const emptyToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

export class CustomerService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      auth: AuthService;
      notifications: Notifications;
      /** See DatabaseHandle.readRow. */
      readRow: DatabaseHandle['readRow'];
      log?: Logger;
    },
  ) {}

  /** The recovery statement, built once per shape (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  // ------------------------------------------------------------ the customer of a checkout (checkout-identity.ts)
  // Static: the checkout module runs them as fragments of its own one statements, in its own transactions.

  /** The upsert of a checkout's customer once its phone is verified (shaped; placeholders start with `prefix`). */
  static checkoutUpsert(db: Db, data: CheckoutCustomerData, now: Date, prefix: string) {
    return customerUpsertStatement(db, data, now, prefix);
  }

  /** The contact binding after a payer-CPF Pix proved the CPF: a CTE applied only when the CTE `after` did. */
  static bindProvenContact(after: string, prefix: string) {
    return bindProvenContact(after, prefix);
  }

  /** SQL: whether the CPF's customer has this phone verified on file (a returning customer). */
  static returningCustomerSql(cpf: SQL, phone: SQL): SQL<boolean> {
    return returningCustomerOf(cpf, phone);
  }

  /** SQL: whether the CPF is a customer with a verified phone and complete data (a phone-only checkout). */
  static knownForPhoneOnlySql(cpf: SQL): SQL<boolean> {
    return knownForPhoneOnly(cpf);
  }

  /**
   * SQL select item `customer_archived`: whether the customer (placeholder `customerId`) is archived, a fragment of
   * the credit analysis' one history statement (an archived customer buys nothing).
   */
  static archivedSql(): SQL {
    return sql`exists(select 1 from ${customers} ca where ca.id = ${sql.placeholder('customerId')}::uuid and ca.status = 'ARCHIVED') as customer_archived`;
  }

  /** The complete data on file of the CPF's customer, as a checkout's customer data; null otherwise. */
  static checkoutDataOnFile(db: DbOrTx, cpf: string): Promise<CheckoutCustomerData | null> {
    return checkoutDataOnFile(db, cpf);
  }

  private async activeByCpf(cpfInput: string): Promise<CustomerRow | undefined> {
    const cpf = normalizeCpf(cpfInput);
    if (!cpf) return undefined;
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.cpf, cpf));
    return row && row.status === 'ACTIVE' ? row : undefined;
  }

  async login(cpf: string, password: string): Promise<SessionSubject> {
    const row = await this.activeByCpf(cpf);
    const ok = await this.deps.passwords.verify(row?.passwordHash, password);
    if (!row || !ok)
      throw new DomainError('unauthenticated', 'INVALID_CREDENTIALS', 'CPF e/ou senha inválidos');
    return { sub: row.id, aud: 'customer' };
  }

  async subject(id: string): Promise<SessionSubject | null> {
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.id, id));
    return row && row.status === 'ACTIVE' ? { sub: row.id, aud: 'customer' } : null;
  }

  async profile(id: string): Promise<CustomerProfile> {
    // The profile read is on every portal page: straight on the driver, parsed with the contract schema.
    if (!isUuid(id)) throw customerNotFound();
    const row = await this.deps.readRow('customer_profile_by_id', PROFILE_SQL, [id]);
    if (row === undefined) throw customerNotFound();
    return v.parse(CustomerProfile, row);
  }

  /** The portal's profile change; the phone is not changed here (it is verified through a checkout). */
  async updateProfile(
    id: string,
    req: CustomerUpdateProfileRequest,
  ): Promise<v.InferOutput<typeof CustomerUpdateProfileResponse>> {
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.id, id));
    if (!row) throw customerNotFound();
    const issues: Issue[] = [];
    const patch: Partial<typeof customers.$inferInsert> = {};
    if (req.name !== undefined) patch.name = req.name;
    if (req.email !== undefined) patch.email = normalizeEmail(req.email);
    const birth = emptyToNull(req.birthDate);
    if (birth !== undefined) {
      if (birth === null) patch.birthDate = null;
      else {
        const parsed = parseBirthDate(birth, this.deps.clock.now());
        if (parsed) patch.birthDate = parsed;
        else issues.push({ path: 'birthDate', message: 'A data de nascimento é inválida' });
      }
    }
    const cep = emptyToNull(req.addressCep);
    if (cep !== undefined) {
      if (cep === null) patch.addressCep = null;
      else {
        const digits = cep.replace(/\D/g, '');
        if (digits.length === 8 && /^[\d-]+$/.test(cep))
          patch.addressCep = `${digits.slice(0, 5)}-${digits.slice(5)}`;
        else issues.push({ path: 'addressCep', message: 'O CEP é inválido' });
      }
    }
    const state = emptyToNull(req.addressState);
    if (state !== undefined) {
      if (state === null) patch.addressState = null;
      else if (UFS.has(state.toUpperCase())) patch.addressState = state.toUpperCase();
      else issues.push({ path: 'addressState', message: 'O estado deve ser a sigla de uma UF' });
    }
    const texts = [
      'addressStreet',
      'addressNumber',
      'addressComplement',
      'addressNeighborhood',
      'addressCity',
    ] as const;
    for (const key of texts) {
      const value = emptyToNull(req[key]);
      if (value !== undefined) patch[key] = value;
    }
    if (issues.length > 0) throw invalidFields(issues);

    let passwordUpdated = false;
    if (req.newPassword !== undefined && req.currentPassword !== undefined) {
      if (!(await this.deps.passwords.verify(row.passwordHash, req.currentPassword)))
        throw invalidCurrentPassword();
      patch.passwordHash = await this.deps.passwords.hash(req.newPassword);
      passwordUpdated = true;
    }
    patch.updatedAt = this.deps.clock.now();
    const updated = await this.deps.db.transaction(async (tx) => {
      const [u] = await tx.update(customers).set(patch).where(eq(customers.id, id)).returning();
      // Spec: a password change logs the customer out; every refresh token of the customer stops working.
      if (passwordUpdated) await this.deps.auth.revokeUser('customer', id, tx);
      return u;
    });
    if (!updated) throw customerNotFound();
    return { phoneUpdated: false, passwordUpdated, user: toCustomerProfile(updated) };
  }

  /**
   * Sends a 6-digit recovery token by SMS, only ever to the customer's VERIFIED phone on file (docs/identity.md,
   * "Recovery"). With `phone`, the token goes out only when that phone is the verified one on file: a phone typed by
   * the user never receives a token for someone else's CPF. Unknown CPFs, unverified or other phones get the same
   * answer and cost the same work: one statement that looks the customer up, writes a code row (live only when a
   * verified customer matched) and stores the SMS only then (docs/sessions.md, "Recovery").
   */
  async startRecovery(cpf: string, source: string, phone?: string): Promise<{ smsDelivered: boolean }> {
    const p = sql.placeholder;
    // Codes of customer recovery are keyed by CPF, known before the lookup: the hash costs the same either way.
    const staged = this.deps.auth.stageCode('CUSTOMER_RECOVERY', cpf, source, 'c', 'code');
    const body = `Drip: seu código para redefinir a senha é ${staged.code}. Ele vale por 10 minutos. Não compartilhe este código.`;
    const withPhone = phone !== undefined;
    const lookup = () =>
      sql`c as (select id, phone from customers where cpf = ${p('cpf')} and status = 'ACTIVE' and phone_verified_at is not null${withPhone ? sql` and phone = ${p('phone')}` : sql``})`;
    const values = { cpf, ...(withPhone ? { phone } : {}), ...staged.ctes.values };
    const staging = this.deps.notifications.outbox;
    if (staging) {
      const sms = staging.insertIf('c', 'sms', {
        channel: 'SMS',
        to: { column: 'phone' },
        body,
        code: staged.code,
      });
      await this.shaped.execute(this.deps.db, {
        key: `customer-recovery:${withPhone}:${staged.ctes.key}:${sms.key}`,
        build: () => sql`with ${lookup()}, ${staged.ctes.build()}, sms as (${sms.build()}) select 1 as done`,
        values: { ...values, ...sms.values },
      });
      return { smsDelivered: true };
    }
    // A provider called directly (no outbox): the answer does not wait for the send, which only the known case does.
    const rows = v.parse(
      PhoneRows,
      await this.shaped.execute(this.deps.db, {
        key: `customer-recovery-direct:${withPhone}:${staged.ctes.key}`,
        build: () => sql`with ${lookup()}, ${staged.ctes.build()} select phone from c`,
        values,
      }),
    ).rows;
    for (const row of rows) {
      this.deps.notifications.sms
        .send({ to: row.phone, body, code: staged.code })
        .catch((err: unknown) => this.deps.log?.error('recovery SMS failed', { error: String(err) }));
    }
    return { smsDelivered: true };
  }

  /** The customer of a CPF whose phone on file is verified (recovery talks only to those). */
  private async verifiedByCpf(cpf: string): Promise<CustomerRow | undefined> {
    const row = await this.activeByCpf(cpf);
    return row?.phoneVerifiedAt ? row : undefined;
  }

  /** Checks the token without using it up (a wrong token counts an attempt). */
  async validateRecovery(cpf: string, token: string, source: string): Promise<{ isValid: boolean }> {
    const row = await this.verifiedByCpf(cpf);
    if (!row) return { isValid: false };
    return {
      isValid: (await this.deps.auth.checkCode('CUSTOMER_RECOVERY', row.cpf, token, false, source)) === 'ok',
    };
  }

  /** Uses the token up, sets the password and ends every session of the customer. */
  async resetPassword(
    cpf: string,
    token: string,
    password: string,
    source: string,
  ): Promise<{ passwordUpdated: true }> {
    const row = await this.verifiedByCpf(cpf);
    if (!row) throw invalidToken();
    if ((await this.deps.auth.checkCode('CUSTOMER_RECOVERY', row.cpf, token, true, source)) !== 'ok')
      throw invalidToken();
    const passwordHash = await this.deps.passwords.hash(password);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({ passwordHash, updatedAt: this.deps.clock.now() })
        .where(eq(customers.id, row.id));
      await this.deps.auth.revokeUser('customer', row.id, tx);
    });
    return { passwordUpdated: true };
  }

  /**
   * A first-access link (sent when an order was created for a customer without a password) works while: unused,
   * unexpired, the customer active and still without a password, and the phone it was sent to still the customer's
   * verified phone. An unknown token is a 404.
   */
  async accessLinkStatus(token: string): Promise<{ linkExpired: boolean }> {
    const found = await this.accessLink(token);
    if (!found) throw accessLinkNotFound();
    return { linkExpired: !usableAccessLink(found, this.deps.clock.now()) };
  }

  private async accessLink(token: string) {
    const [found] = await this.deps.db
      .select({ link: customerAccessLinks, customer: customers })
      .from(customerAccessLinks)
      .innerJoin(customers, eq(customers.id, customerAccessLinks.customerId))
      .where(eq(customerAccessLinks.tokenHash, sha256(token)));
    return found;
  }

  /** Sets the first password with a first-access link (used up) and ends every session of the customer. */
  async redeemAccessLink(token: string, password: string): Promise<{ passwordUpdated: true }> {
    const found = await this.accessLink(token);
    if (!found) throw accessLinkNotFound();
    const now = this.deps.clock.now();
    if (!usableAccessLink(found, now)) throw linkExpired();
    const passwordHash = await this.deps.passwords.hash(password);
    const { link } = found;
    // Refused after the commit, not by throwing inside: a link claimed for a customer who no longer qualifies stays
    // used up.
    const outcome = await this.deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(customerAccessLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(customerAccessLinks.tokenHash, link.tokenHash),
            isNull(customerAccessLinks.usedAt),
            gt(customerAccessLinks.expiresAt, now),
          ),
        )
        .returning({ customerId: customerAccessLinks.customerId });
      if (claimed.length === 0) return 'expired' as const;
      // Re-checked in the write: the phone may have changed, or a password been set, since the read above.
      const updated = await tx
        .update(customers)
        .set({ passwordHash, updatedAt: now })
        .where(
          and(
            eq(customers.id, link.customerId),
            eq(customers.status, 'ACTIVE'),
            eq(customers.phone, link.phone),
            isNotNull(customers.phoneVerifiedAt),
            isNull(customers.passwordHash),
          ),
        )
        .returning({ id: customers.id });
      if (updated.length === 0) return 'expired' as const;
      await this.deps.auth.revokeUser('customer', link.customerId, tx);
      return 'ok' as const;
    });
    if (outcome === 'expired') throw linkExpired();
    return { passwordUpdated: true };
  }
}

/** A wrong, used or expired recovery token, or a CPF without a verified phone (the answer does not tell which). */
function invalidToken(): DomainError {
  return new DomainError('invalid', 'INVALID_TOKEN', 'Token inválido', {
    issues: [{ path: 'token', message: 'Token inválido' }],
  });
}

const PhoneRows = v.object({ rows: v.array(v.object({ phone: v.string() })) });

function usableAccessLink(
  { link, customer }: { link: CustomerAccessLinkRow; customer: CustomerRow },
  now: Date,
): boolean {
  return (
    link.usedAt === null &&
    link.expiresAt.getTime() > now.getTime() &&
    customer.status === 'ACTIVE' &&
    customer.passwordHash === null &&
    customer.phone === link.phone &&
    customer.phoneVerifiedAt !== null
  );
}
