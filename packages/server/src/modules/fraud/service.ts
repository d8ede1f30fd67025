/**
 * The risk lists (docs/risk-lists.md): blocks by CPF, phone, CEP (and bank code), the trust list and the
 * debt-negotiation list. The back office changes them, each change audited in its transaction; the credit analysis
 * reads them through `FraudService.creditListsSql`, a fragment of its one history statement.
 */
import {
  addDaysIso,
  BLOCK_REASON_LABELS,
  BLOCK_REASONS,
  type BlockReasonOptions,
  type CustomerRiskLists,
  type FraudBlockRequest,
  type FraudUnblockRequest,
  isoDateInSaoPaulo,
  isValidCpf,
  NEGOTIATION_TYPE_LABELS,
  NEGOTIATION_TYPES,
  type NegotiationListRequest,
  type NegotiationTypeOptions,
  normalizeShopperPhone,
  onlyDigits,
  type RiskListChange,
  TRUST_DEFAULT_DAYS,
  type TrustAddRequest,
  type TrustListChange,
  type TrustRemoveRequest,
} from '@drip/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError, type Issue } from '../../errors.ts';
import type { AuditService, AuditSubject } from '../audit/service.ts';
import type { AdminActor } from '../merchants/service.ts';
import { debtNegotiationList, fraudBlocks, trustList } from './tables.ts';

type BlockKind = 'CPF' | 'PHONE' | 'CEP';
type Value = { kind: BlockKind; value: string };

const FIELD: Record<BlockKind, 'cpfs' | 'phones' | 'addressCeps'> = {
  CPF: 'cpfs',
  PHONE: 'phones',
  CEP: 'addressCeps',
};

const INVALID: Record<BlockKind, string> = {
  CPF: 'CPF inválido',
  PHONE: 'Telefone inválido',
  CEP: 'CEP inválido',
};

/**
 * A value in the form the checkout stores it, or null: CPF 11 digits with valid check digits (dots and dash
 * dropped), phone E.164 with or without +55, spaces, brackets or dashes (the checkout's own reading), CEP 8 digits.
 * The analysis compares these exact strings, so no notation of a blocked value gets past it.
 */
export function normaliseListValue(kind: BlockKind, input: string): string | null {
  switch (kind) {
    case 'CPF': {
      const digits = onlyDigits(input);
      return digits.length === 11 && isValidCpf(digits) ? digits : null;
    }
    case 'PHONE':
      return normalizeShopperPhone(input);
    case 'CEP': {
      const digits = onlyDigits(input);
      return digits.length === 8 ? digits : null;
    }
  }
}

const nothingGiven = () =>
  new DomainError('unprocessable', 'NOTHING_TO_CHANGE', 'Informe ao menos um CPF, telefone ou CEP', {
    issues: [{ path: 'cpfs', message: 'Informe ao menos um CPF, telefone ou CEP' }],
  });

function invalidValues(issues: Issue[], code = 'INVALID_VALUES'): DomainError {
  const first = issues[0]?.message ?? 'Valor inválido';
  return new DomainError('unprocessable', code, first, { issues });
}

/** Every value of the request read (deduplicated), or a 422 listing each value that is not valid. */
function readValues(input: { cpfs?: string[]; phones?: string[]; addressCeps?: string[] }): Value[] {
  const issues: Issue[] = [];
  const out = new Map<string, Value>();
  for (const kind of ['CPF', 'PHONE', 'CEP'] as const) {
    const field = FIELD[kind];
    (input[field] ?? []).forEach((raw, i) => {
      const value = normaliseListValue(kind, raw);
      if (value === null) issues.push({ path: `${field}.${i}`, message: `${INVALID[kind]}: ${raw}` });
      else out.set(`${kind}:${value}`, { kind, value });
    });
  }
  if (issues.length > 0) throw invalidValues(issues);
  if (out.size === 0) throw nothingGiven();
  return [...out.values()];
}

/**
 * The CPFs of a list call as digits. `allowInvalid`: the operator confirmed CPFs that look invalid (spec 5), kept as
 * their digits; without it a wrong check digit is a 422 naming each one (the confirmation's list).
 */
function readCpfs(cpfs: string[], allowInvalid = false): string[] {
  const issues: Issue[] = [];
  const out = new Set<string>();
  cpfs.forEach((raw, i) => {
    const digits = onlyDigits(raw);
    const valid = digits.length === 11 && isValidCpf(digits);
    if (valid || (allowInvalid && digits.length > 0 && digits.length <= 14)) out.add(digits);
    else issues.push({ path: `cpfs.${i}`, message: `CPF inválido: ${raw}` });
  });
  if (issues.length > 0) throw invalidValues(issues, 'INVALID_CPF');
  if (out.size === 0)
    throw new DomainError('unprocessable', 'NOTHING_TO_CHANGE', 'Informe ao menos um CPF', {
      issues: [{ path: 'cpfs', message: 'Informe ao menos um CPF' }],
    });
  return [...out];
}

function notListed(message: string, code: string, values: string[]): DomainError {
  return new DomainError('not_found', code, `${message}: ${values.join(', ')}`, {
    issues: values.map((value) => ({ path: 'cpfs', message: `${message}: ${value}` })),
  });
}

/** The audit entity types of the lists' entries (the entity id is the stored value: CPF digits, E.164, CEP digits). */
const BLOCK_ENTITY = (kind: BlockKind) => `BLOCKED_${kind}` as const;
const TRUST_ENTITY = 'TRUST_LIST';
const NEGOTIATION_ENTITY = 'DEBT_NEGOTIATION_LIST';

/** A customer's CEP as the lists keep it: the customer portal and the seed store it with its dash. */
const cepOf = (customer: { addressCep: string | null }) => onlyDigits(customer.addressCep ?? '');

function changeOf(values: Value[]): RiskListChange {
  const pick = (k: BlockKind) => values.filter((x) => x.kind === k).map((x) => x.value);
  return { cpfs: pick('CPF'), phones: pick('PHONE'), addressCeps: pick('CEP') };
}

export class FraudService {
  constructor(
    private readonly d: {
      db: Db;
      /** The business clock: the trust list's "today" and expiry (the sandbox can move it). */
      clock: Clock;
      audit: AuditService;
      /** The customer's CPF, phone and CEP on file (the customers module); a 404 DomainError when unknown. */
      customerById: (id: string) => Promise<{ cpf: string; phone: string; addressCep: string | null }>;
    },
  ) {}

  /**
   * The columns the credit analysis reads, as a fragment of its one statement (placeholders `cpf`, `phone`, `cep`,
   * `bankCode`, `today`): blocked_cpf, blocked_phone, blocked_cep, blocked_bank, whitelisted, on_debt_negotiation.
   */
  static creditListsSql(): SQL {
    const p = sql.placeholder;
    const blocked = (k: string, value: string) =>
      sql`exists(select 1 from ${fraudBlocks} f where f.active and f.kind = ${sql.raw(`'${k}'`)} and f.value = ${p(value)})`;
    return sql`
      ${blocked('CPF', 'cpf')} as blocked_cpf,
      ${blocked('PHONE', 'phone')} as blocked_phone,
      ${blocked('CEP', 'cep')} as blocked_cep,
      ${blocked('BANK_CODE', 'bankCode')} as blocked_bank,
      exists(select 1 from ${trustList} t where t.cpf = ${p('cpf')} and t.expires_on >= ${p('today')}::date) as whitelisted,
      exists(select 1 from ${debtNegotiationList} n where n.cpf = ${p('cpf')}) as on_debt_negotiation`;
  }

  /** Blocked values added (the sandbox's magic values, docs/sandbox.md); one already blocked is left as it is. */
  static async addBlocks(
    tx: DbOrTx,
    blocks: readonly {
      kind: 'CPF' | 'PHONE' | 'CEP' | 'BANK_CODE';
      value: string;
      reason: string;
      description: string;
    }[],
  ): Promise<void> {
    await tx
      .insert(fraudBlocks)
      .values([...blocks])
      .onConflictDoNothing();
  }

  private today(): string {
    return isoDateInSaoPaulo(this.d.clock.now());
  }

  private audit(
    tx: DbOrTx,
    actor: AdminActor,
    action: string,
    entityType: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) {
    return this.d.audit.record(
      {
        actorType: 'ADMIN',
        actorId: actor.adminId,
        action,
        entityType,
        entityId,
        details: { before, after },
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      tx,
    );
  }

  reasons(): BlockReasonOptions {
    return BLOCK_REASONS.map((value) => ({ value, label: BLOCK_REASON_LABELS[value] }));
  }

  negotiationTypes(): NegotiationTypeOptions {
    return NEGOTIATION_TYPES.map((value) => ({ value, label: NEGOTIATION_TYPE_LABELS[value] }));
  }

  private async blockRows(tx: DbOrTx, values: Value[]) {
    if (values.length === 0) return new Map<string, typeof fraudBlocks.$inferSelect>();
    const rows = await tx
      .select()
      .from(fraudBlocks)
      .where(
        sql`(${fraudBlocks.kind}, ${fraudBlocks.value}) in (${sql.join(
          values.map((x) => sql`(${x.kind}, ${x.value})`),
          sql`, `,
        )})`,
      )
      .for('update');
    return new Map(rows.map((r) => [`${r.kind}:${r.value}`, r]));
  }

  /** Blocks each value (again, with the new reason and description, when it was blocked or lifted before). */
  async block(input: FraudBlockRequest, actor: AdminActor): Promise<RiskListChange> {
    const values = readValues(input);
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const before = await this.blockRows(tx, values);
      for (const x of values) {
        const after = { active: true, reason: input.reason, description: input.description };
        await tx
          .insert(fraudBlocks)
          .values({ kind: x.kind, value: x.value, ...after, createdAt: now })
          .onConflictDoUpdate({ target: [fraudBlocks.kind, fraudBlocks.value], set: after });
        const was = before.get(`${x.kind}:${x.value}`);
        const prior = was ? { active: was.active, reason: was.reason, description: was.description } : null;
        await this.audit(tx, actor, 'FRAUD_BLOCKED', BLOCK_ENTITY(x.kind), x.value, prior, after);
      }
    });
    return changeOf(values);
  }

  /** Lifts the block of every value, or of none: a value not blocked now is a 404 naming it. */
  async unblock(input: FraudUnblockRequest, actor: AdminActor): Promise<RiskListChange> {
    const values = readValues(input);
    await this.d.db.transaction(async (tx) => {
      const before = await this.blockRows(tx, values);
      const missing = values.filter((x) => !before.get(`${x.kind}:${x.value}`)?.active);
      if (missing.length > 0)
        throw notListed(
          'Não está bloqueado',
          'BLOCK_NOT_FOUND',
          missing.map((x) => x.value),
        );
      for (const x of values) {
        const was = before.get(`${x.kind}:${x.value}`);
        if (!was) continue;
        await tx.update(fraudBlocks).set({ active: false }).where(eq(fraudBlocks.id, was.id));
        await this.audit(
          tx,
          actor,
          'FRAUD_UNBLOCKED',
          BLOCK_ENTITY(x.kind),
          x.value,
          { active: true, reason: was.reason, description: was.description },
          { active: false, reason: was.reason, description: was.description },
        );
      }
    });
    return changeOf(values);
  }

  /** Puts CPFs on the trust list through `expirationDate` (default today + 3 days, São Paulo, by the app clock). */
  async trustAdd(input: TrustAddRequest, actor: AdminActor): Promise<TrustListChange> {
    const cpfs = readCpfs(input.cpfs);
    const today = this.today();
    const expiresOn = input.expirationDate ?? addDaysIso(today, TRUST_DEFAULT_DAYS);
    if (expiresOn < today) {
      const message = 'A data de expiração não pode ser anterior a hoje';
      throw new DomainError('unprocessable', 'EXPIRATION_IN_THE_PAST', message, {
        issues: [{ path: 'expirationDate', message }],
      });
    }
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const rows = await tx.select().from(trustList).where(inArray(trustList.cpf, cpfs)).for('update');
      const before = new Map(rows.map((r) => [r.cpf, r.expiresOn]));
      for (const cpf of cpfs) {
        await tx
          .insert(trustList)
          .values({ cpf, expiresOn, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: trustList.cpf, set: { expiresOn, updatedAt: now } });
        const was = before.get(cpf);
        await this.audit(tx, actor, 'TRUST_ADDED', TRUST_ENTITY, cpf, was ? { expirationDate: was } : null, {
          expirationDate: expiresOn,
        });
      }
    });
    return { cpfs, expirationDate: expiresOn };
  }

  /** Takes CPFs off the trust list, all or none (a CPF not on it is a 404 naming it). */
  async trustRemove(input: TrustRemoveRequest, actor: AdminActor): Promise<TrustListChange> {
    const cpfs = readCpfs(input.cpfs);
    await this.d.db.transaction(async (tx) => {
      const rows = await tx.select().from(trustList).where(inArray(trustList.cpf, cpfs)).for('update');
      const before = new Map(rows.map((r) => [r.cpf, r.expiresOn]));
      const missing = cpfs.filter((c) => !before.has(c));
      if (missing.length > 0) throw notListed('CPF fora da whitelist', 'TRUST_NOT_FOUND', missing);
      await tx.delete(trustList).where(inArray(trustList.cpf, cpfs));
      for (const cpf of cpfs)
        await this.audit(
          tx,
          actor,
          'TRUST_REMOVED',
          TRUST_ENTITY,
          cpf,
          { expirationDate: before.get(cpf) },
          null,
        );
    });
    return { cpfs, expirationDate: null };
  }

  /** Puts CPFs on the debt-negotiation list (type and description replaced when already on it). */
  async negotiationAdd(input: NegotiationListRequest, actor: AdminActor): Promise<RiskListChange> {
    const cpfs = readCpfs(input.cpfs, input.confirmInvalidCpfs);
    const now = this.d.clock.now();
    await this.d.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(debtNegotiationList)
        .where(inArray(debtNegotiationList.cpf, cpfs))
        .for('update');
      const before = new Map(rows.map((r) => [r.cpf, r]));
      const after = { type: input.type, description: input.description };
      for (const cpf of cpfs) {
        await tx
          .insert(debtNegotiationList)
          .values({ cpf, ...after, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: debtNegotiationList.cpf, set: { ...after, updatedAt: now } });
        const was = before.get(cpf);
        await this.audit(
          tx,
          actor,
          'DEBT_NEGOTIATION_ADDED',
          NEGOTIATION_ENTITY,
          cpf,
          was ? { type: was.type, description: was.description } : null,
          after,
        );
      }
    });
    return { cpfs, phones: [], addressCeps: [] };
  }

  /**
   * Takes CPFs off the debt-negotiation list, all or none. A CPF added with wrong check digits (confirmed) is taken
   * off by the same digits, so the check digits are not asked here.
   */
  async negotiationRemove(input: NegotiationListRequest, actor: AdminActor): Promise<RiskListChange> {
    const cpfs = readCpfs(input.cpfs, true);
    await this.d.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(debtNegotiationList)
        .where(inArray(debtNegotiationList.cpf, cpfs))
        .for('update');
      const before = new Map(rows.map((r) => [r.cpf, r]));
      const missing = cpfs.filter((c) => !before.has(c));
      if (missing.length > 0)
        throw notListed('CPF fora da lista de negociação', 'NEGOTIATION_NOT_FOUND', missing);
      await tx.delete(debtNegotiationList).where(inArray(debtNegotiationList.cpf, cpfs));
      for (const cpf of cpfs) {
        const was = before.get(cpf);
        await this.audit(
          tx,
          actor,
          'DEBT_NEGOTIATION_REMOVED',
          NEGOTIATION_ENTITY,
          cpf,
          { type: was?.type ?? null, description: was?.description ?? null },
          null,
        );
      }
    });
    return { cpfs, phones: [], addressCeps: [] };
  }

  /**
   * The audit subjects of a customer's entries on the lists (their CPF's, phone's and CEP's), for the customer's
   * history: the values on file now, so an entry about a CPF the customer had before an edit is not theirs.
   */
  historySubjectsOf(customer: { cpf: string; phone: string; addressCep: string | null }): AuditSubject[] {
    const cep = cepOf(customer);
    return [
      { entityType: BLOCK_ENTITY('CPF'), entityIds: [customer.cpf] },
      { entityType: BLOCK_ENTITY('PHONE'), entityIds: [customer.phone] },
      { entityType: BLOCK_ENTITY('CEP'), entityIds: cep === '' ? [] : [cep] },
      { entityType: TRUST_ENTITY, entityIds: [customer.cpf] },
      { entityType: NEGOTIATION_ENTITY, entityIds: [customer.cpf] },
    ];
  }

  /** `GET /fraud/reports/customers/{id}`: the lists against the customer's data on file. */
  async reportOf(customerId: string): Promise<CustomerRiskLists> {
    return this.listsOf(await this.d.customerById(customerId));
  }

  /** What the lists say of one customer (the customer details' fraud report, whitelist entry, negotiation flag). */
  async listsOf(
    customer: { cpf: string; phone: string; addressCep: string | null },
    db: DbOrTx = this.d.db,
  ): Promise<CustomerRiskLists> {
    const today = this.today();
    const blocks = await db
      .select({ kind: fraudBlocks.kind, value: fraudBlocks.value })
      .from(fraudBlocks)
      .where(
        and(
          eq(fraudBlocks.active, true),
          sql`(${fraudBlocks.kind}, ${fraudBlocks.value}) in (('CPF', ${customer.cpf}), ('PHONE', ${customer.phone}), ('CEP', ${cepOf(customer)}))`,
        ),
      );
    const [trust] = await db.select().from(trustList).where(eq(trustList.cpf, customer.cpf));
    const [negotiation] = await db
      .select({ cpf: debtNegotiationList.cpf })
      .from(debtNegotiationList)
      .where(eq(debtNegotiationList.cpf, customer.cpf));
    const has = (kind: BlockKind) => blocks.some((b) => b.kind === kind);
    return {
      blockedCpf: has('CPF'),
      blockedPhone: has('PHONE'),
      blockedAddressCep: has('CEP'),
      whitelist: trust ? { active: trust.expiresOn >= today, expiresAt: trust.expiresOn } : null,
      isOnDebtNegotiation: negotiation !== undefined,
    };
  }
}
