/**
 * The back office's customers (spec 2.2 and 7, "Admin": Customers): search, details, edit, archive, enable, password
 * reset and limit review. Each change and its audit entry are one transaction (docs/admin-customers.md).
 */
import { randomInt } from 'node:crypto';
import {
  type AdminCustomerDetails,
  type AdminCustomerLimit,
  type AdminCustomerPasswordReset,
  type AdminCustomersPage,
  type AdminCustomersQuery,
  type AdminCustomerUpdateRequest,
  CUSTOMER_CPF_TAKEN,
  CUSTOMER_PHONE_TAKEN,
  type CustomerProfile,
  cents,
  centsToReais,
  normalizeShopperPhone,
  onlyDigits,
} from '@drip/core';
import { and, asc, count, eq, ilike, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { AuditHistory } from '../audit/history.ts';
import type { AuditService } from '../audit/service.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import type { CheckoutService } from '../checkouts/service.ts';
import type { CreditService } from '../credit/service.ts';
import type { FraudService } from '../fraud/service.ts';
import type { AdminActor } from '../merchants/service.ts';
import { storeOutboxMessage } from '../notifications/outbox.ts';
import type { InstalmentPayments } from '../orders/instalment-payments.ts';
import { toCustomerProfile } from './service.ts';
import { type CustomerRow, customers } from './tables.ts';

/** The details as they travel (reais): the orders come from the orders module already in that form. */
type DetailsWire = v.InferInput<typeof AdminCustomerDetails>;

/** The audit entity of the customer's own entries (edit, archive, password reset, limit review). */
export const CUSTOMER_AUDIT_ENTITY = 'CUSTOMER';

const customerNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Cliente não encontrado');
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
/**
 * The list counts at most this many matches: an exact count of a million customers (or of the 50 000 Silvas) reads
 * every row, 100 ms and more, for a page count nobody pages to the end of (docs/admin-customers.md).
 */
export const CUSTOMERS_COUNT_CAP = 10_000;
/** The details show the customer's most recent orders; the full history is the orders list's. */
const DETAILS_ORDERS = 50;
/** And their most recent refused or expired checkouts. */
const DETAILS_REFUSALS = 20;
/** Easy to type from an SMS, hard to guess: 10 characters of an alphabet without look-alikes (0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_LENGTH = 10;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The list's filter for one search field. Name and e-mail match any part (trigram indexes); CPF and phone match the
 * digits typed anywhere in the stored value (trigram indexes too, so a part of a CPF finds it as fast as a whole).
 * A phone typed with its mask or without +55 is read as its digits.
 */
function searchWhere(type: AdminCustomersQuery['type'], text: string): SQL | undefined {
  switch (type) {
    case 'name':
      return ilike(customers.name, `%${likeEscaped(text)}%`);
    case 'email':
      return ilike(customers.email, `%${likeEscaped(text.toLowerCase())}%`);
    case 'cpf': {
      const digits = onlyDigits(text);
      return digits === '' ? undefined : like(customers.cpf, `%${digits}%`);
    }
    case 'phone': {
      const full = normalizeShopperPhone(text);
      if (full) return eq(customers.phone, full);
      const digits = onlyDigits(text);
      return digits === '' ? undefined : like(customers.phone, `%${digits}%`);
    }
  }
}

export class CustomerAdminService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      audit: AuditService;
      auth: AuthService;
      passwords: PasswordHasher;
      fraud: FraudService;
      history: Pick<AuditHistory, 'of'>;
      credit: CreditService;
      orders: InstalmentPayments;
      checkouts: Pick<CheckoutService, 'refusalsOf'>;
      /** Sandbox: the outbox row is the delivery (the sandbox inbox shows it). */
      sandbox: boolean;
    },
  ) {}

  async list(q: AdminCustomersQuery, countCap = CUSTOMERS_COUNT_CAP): Promise<AdminCustomersPage> {
    const where = q.text ? searchWhere(q.type, q.text) : undefined;
    const matches = this.d.db
      .select({ one: sql`1` })
      .from(customers)
      .where(where)
      .limit(countCap + 1)
      .as('matches');
    const [[total], rows] = await Promise.all([
      this.d.db.select({ n: count() }).from(matches),
      this.d.db
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          cpf: customers.cpf,
          phone: customers.phone,
          addressCep: customers.addressCep,
          status: customers.status,
        })
        .from(customers)
        .where(where)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(q.size)
        .offset(q.page * q.size),
    ]);
    const counted = total?.n ?? 0;
    const totalCapped = counted > countCap;
    const totalElements = totalCapped ? countCap : counted;
    return {
      content: rows,
      number: q.page,
      size: q.size,
      totalElements,
      totalPages: Math.ceil(totalElements / q.size),
      totalCapped,
    };
  }

  private async row(id: string, db: DbOrTx = this.d.db, lock = false): Promise<CustomerRow> {
    if (!isUuid(id)) throw customerNotFound();
    const query = db.select().from(customers).where(eq(customers.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw customerNotFound();
    return row;
  }

  private async limitOf(row: CustomerRow): Promise<{ limit: AdminCustomerLimit; clearsaleScore: number }> {
    const [{ bureau, antifraudScore }, used] = await Promise.all([
      this.d.credit.scoresOf({ cpf: row.cpf, phone: row.phone, email: row.email }),
      this.d.credit.usedLimit(this.d.db, row.id),
    ]);
    const current = cents(Math.max(0, bureau.limit - used));
    return {
      limit: {
        total: centsToReais(bureau.limit),
        used: centsToReais(used),
        current: centsToReais(current),
        serasaScore: bureau.score,
        serasaNegativated: bureau.negativated,
      },
      clearsaleScore: antifraudScore,
    };
  }

  async details(id: string): Promise<DetailsWire> {
    const row = await this.row(id);
    const [scores, fraudReport, orders, refusals, history] = await Promise.all([
      this.limitOf(row),
      this.d.fraud.listsOf(row),
      this.d.orders.listOrders(row.id, 0, DETAILS_ORDERS),
      this.d.checkouts.refusalsOf(row.id, DETAILS_REFUSALS),
      // The customer's own entries and their CPF's, phone's and CEP's on the risk lists (the fraud module's).
      this.d.history.of([
        { entityType: CUSTOMER_AUDIT_ENTITY, entityIds: [row.id] },
        ...this.d.fraud.historySubjectsOf(row),
      ]),
    ]);
    const customer = toCustomerProfile(row);
    return {
      customer: { ...customer, isOnDebtNegotiation: fraudReport.isOnDebtNegotiation },
      fraudReport,
      ...scores,
      orders: orders.content,
      refusals: refusals.map((r) => ({
        ...r,
        amount: centsToReais(cents(r.amount)),
        createdAt: r.createdAt.toISOString(),
      })),
      history,
    };
  }

  /** The admin form: CPF and phone editable here only; each must stay unique (409 naming the field). */
  async update(id: string, req: AdminCustomerUpdateRequest, actor: AdminActor): Promise<CustomerProfile> {
    const email = req.email.toLowerCase();
    return this.d.db.transaction(async (tx) => {
      const before = await this.row(id, tx, true);
      const [clash] = await tx
        .select({ cpf: customers.cpf, phone: customers.phone })
        .from(customers)
        .where(and(ne(customers.id, id), or(eq(customers.cpf, req.cpf), eq(customers.phone, req.phone))))
        .limit(1);
      if (clash) {
        const field = clash.cpf === req.cpf ? 'cpf' : 'phone';
        const message = field === 'cpf' ? CUSTOMER_CPF_TAKEN : CUSTOMER_PHONE_TAKEN;
        throw new DomainError('conflict', field === 'cpf' ? 'CPF_TAKEN' : 'PHONE_TAKEN', message, {
          issues: [{ path: field, message }],
        });
      }
      const phoneChanged = req.phone !== before.phone;
      const [after] = await tx
        .update(customers)
        .set({
          name: req.name,
          email,
          cpf: req.cpf,
          phone: req.phone,
          // An operator typed this phone: staff is a proof (docs/identity.md), as the checkout's verified phone is.
          ...(phoneChanged ? { phoneVerifiedAt: this.d.clock.now() } : {}),
          addressCep: req.addressCep,
          addressStreet: req.addressStreet,
          addressNumber: req.addressNumber,
          addressComplement: req.addressComplement,
          addressNeighborhood: req.addressNeighborhood,
          addressCity: req.addressCity,
          addressState: req.addressState,
          updatedAt: this.d.clock.now(),
        })
        .where(eq(customers.id, id))
        .returning();
      if (!after) throw customerNotFound();
      await this.audit(
        tx,
        actor,
        'CUSTOMER_UPDATED',
        id,
        toCustomerProfile(before),
        toCustomerProfile(after),
      );
      return toCustomerProfile(after);
    });
  }

  /** ARCHIVED: sessions ended at once, no sign-in, no new purchase (rule CUSTOMER_ARCHIVED). */
  archive(id: string, actor: AdminActor): Promise<CustomerProfile> {
    return this.setStatus(id, 'ARCHIVED', actor);
  }

  enable(id: string, actor: AdminActor): Promise<CustomerProfile> {
    return this.setStatus(id, 'ACTIVE', actor);
  }

  private setStatus(id: string, status: 'ACTIVE' | 'ARCHIVED', actor: AdminActor): Promise<CustomerProfile> {
    return this.d.db.transaction(async (tx) => {
      const before = await this.row(id, tx, true);
      const [after] = await tx
        .update(customers)
        .set({ status, updatedAt: this.d.clock.now() })
        .where(eq(customers.id, id))
        .returning();
      if (!after) throw customerNotFound();
      if (status === 'ARCHIVED') await this.d.auth.revokeUser('customer', id, tx);
      await this.audit(
        tx,
        actor,
        status === 'ARCHIVED' ? 'CUSTOMER_ARCHIVED' : 'CUSTOMER_ENABLED',
        id,
        { status: before.status },
        { status },
      );
      return toCustomerProfile(after);
    });
  }

  /**
   * A new random password, sent by SMS to the phone on file through the outbox in the same transaction; every
   * session ends. The answer and the audit entry never carry the password.
   */
  async resetPassword(id: string, actor: AdminActor): Promise<AdminCustomerPasswordReset> {
    const password = Array.from(
      { length: PASSWORD_LENGTH },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    const passwordHash = await this.d.passwords.hash(password);
    await this.d.db.transaction(async (tx) => {
      const row = await this.row(id, tx, true);
      const now = this.d.clock.now();
      await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, id));
      await this.d.auth.revokeUser('customer', id, tx);
      await storeOutboxMessage(
        tx,
        {
          channel: 'SMS',
          to: row.phone,
          body: `Drip: sua senha foi redefinida pelo nosso atendimento. Nova senha: ${password}. Troque-a em Meu perfil.`,
        },
        { sandbox: this.d.sandbox, now },
      );
      await this.audit(tx, actor, 'CUSTOMER_PASSWORD_RESET', id, null, { phone: row.phone });
    });
    return { smsQueued: true };
  }

  /**
   * Asks the bureau and the anti-fraud provider again and records what they said against the last review (the
   * audit entry's before and after), then answers the details as they stand.
   */
  async reviewLimit(id: string, actor: AdminActor): Promise<DetailsWire> {
    const row = await this.row(id);
    const { limit, clearsaleScore } = await this.limitOf(row);
    const after = {
      total: limit.total,
      serasaScore: limit.serasaScore,
      serasaNegativated: limit.serasaNegativated,
      clearsaleScore,
    };
    await this.d.db.transaction(async (tx) => {
      const last = await this.d.audit.latest(tx, CUSTOMER_AUDIT_ENTITY, id, 'CUSTOMER_LIMIT_REVIEWED');
      const before = last && typeof last === 'object' && 'after' in last ? last.after : null;
      await this.audit(tx, actor, 'CUSTOMER_LIMIT_REVIEWED', id, before ?? null, after);
    });
    return this.details(id);
  }

  private audit(tx: DbOrTx, actor: AdminActor, action: string, id: string, before: unknown, after: unknown) {
    return this.d.audit.record(
      {
        actorType: 'ADMIN',
        actorId: actor.adminId,
        action,
        entityType: CUSTOMER_AUDIT_ENTITY,
        entityId: id,
        details: { before, after },
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      tx,
    );
  }
}
