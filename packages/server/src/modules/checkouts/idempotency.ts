/**
 * Idempotency keys of the merchant API (Stripe-style, DESIGN.md 2): the same key and body within 24 h replays the
 * first answer (same status and body) and creates nothing; the same key with another body is a 422; the same key
 * while the first request still runs is a 409. Keys are scoped to the merchant. "Same body" means the same JSON
 * value: key order and whitespace do not matter (the body is hashed in canonical form, `canonicalJson`).
 */
import { createHash } from 'node:crypto';
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { toApiError } from '../../http/errors.ts';
import { idempotencyKeys } from './tables.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export const idempotencyErrors = {
  missing: 'Envie o cabeçalho Idempotency-Key (1 a 255 caracteres) para criar um checkout.',
  bodyMismatch: 'Esta Idempotency-Key já foi usada com outro corpo de requisição. Use uma nova chave.',
  running: 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.',
} as const;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** What `work` answers: `stored` when it already stored the answer in its own statement (see `answerSql`). */
export interface WorkAnswer extends StoredAnswer {
  stored?: boolean;
}

/**
 * The stored answer's UPDATE for a shaped statement (db/shaped.ts): `build` gives its text with the placeholders
 * `answer_merchant` and `answer_key`, whose values are `values`.
 */
export interface AnswerSql {
  build(status: SQL, body: SQL): SQL;
  values: Record<string, unknown>;
}

export function parseIdempotencyKey(header: string | undefined): string {
  const key = header?.trim() ?? '';
  if (key.length < 1 || key.length > 255)
    throw new DomainError('invalid', 'IDEMPOTENCY_KEY_REQUIRED', idempotencyErrors.missing);
  return key;
}

/**
 * The JSON text of a value with the keys of every object sorted (recursively) and no whitespace: two bodies that mean
 * the same (keys in another order, other spacing) have the same canonical form. Array order is meaningful and kept.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash a request body is compared by: SHA-256 of its canonical JSON (`canonicalJson`). */
export function hashBody(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * The claim and the stored answer, prepared once per database handle: they run on every merchant API call that
 * creates, and building them with the query builder each time cost more CPU than sending them.
 */
function prepareStatements(db: Db) {
  const p = sql.placeholder;
  return {
    // One statement claims the key: a new key is inserted; an expired one (24 h window) is taken over as new.
    claim: db
      .insert(idempotencyKeys)
      .values({
        merchantId: p('merchantId'),
        key: p('key'),
        requestHash: p('requestHash'),
        state: 'RUNNING',
        createdAt: sql`${p('now')}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.merchantId, idempotencyKeys.key],
        set: {
          requestHash: sql`excluded.request_hash`,
          state: 'RUNNING',
          responseStatus: null,
          responseBody: null,
          createdAt: sql`excluded.created_at`,
        },
        setWhere: lte(idempotencyKeys.createdAt, sql`${p('cutoff')}::timestamptz`),
      })
      .returning({ key: idempotencyKeys.key })
      .prepare('drip_idempotency_claim'),
    done: db
      .update(idempotencyKeys)
      .set({
        state: 'DONE',
        responseStatus: sql`${p('status')}::integer`,
        responseBody: sql`${p('body')}::jsonb`,
      })
      .where(and(eq(idempotencyKeys.merchantId, p('merchantId')), eq(idempotencyKeys.key, p('key'))))
      .prepare('drip_idempotency_done'),
  };
}

export class IdempotencyStore {
  /**
   * The UPDATE that stores the answer of a claimed key, for a `work` that sends it in the same statement as its own
   * write (a data-modifying CTE: both or neither) and then answers with `stored: true`. `status` and `body` are SQL
   * expressions (an integer and a jsonb), so that they may depend on what the write did.
   */
  answerSql(merchantId: string, key: string): AnswerSql {
    return {
      build: (status, body) =>
        sql`update ${idempotencyKeys} set state = 'DONE', response_status = ${status}, response_body = ${body} where merchant_id = ${sql.placeholder('answer_merchant')} and key = ${sql.placeholder('answer_key')}`,
      values: { answer_merchant: merchantId, answer_key: key },
    };
  }

  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.statements = prepareStatements(db);
  }

  /**
   * Runs `work` once per (merchant, key). Returns the stored answer for a replay. A refusal from `work` (a
   * DomainError, or the HTTP layer's ApiError from parsing the body: any 4xx) is stored and replayed like a
   * success; any other failure releases the key so that a retry can run.
   */
  async run(
    merchantId: string,
    key: string,
    requestHash: string,
    work: () => Promise<WorkAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const now = this.clock.now();
    const claimed = await this.statements.claim.execute({
      merchantId,
      key,
      requestHash,
      now: now.toISOString(),
      cutoff: new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
    });
    if (claimed.length === 0) {
      const [existing] = await this.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
      if (!existing) throw new DomainError('conflict', 'IDEMPOTENCY_KEY_IN_USE', idempotencyErrors.running);
      if (existing.requestHash !== requestHash) {
        throw new DomainError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', idempotencyErrors.bodyMismatch);
      }
      if (existing.state !== 'DONE' || existing.responseStatus === null) {
        throw new DomainError('conflict', 'IDEMPOTENCY_KEY_IN_USE', idempotencyErrors.running);
      }
      return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
    }
    let answer: WorkAnswer;
    try {
      answer = await work();
    } catch (err) {
      const refusal = toApiError(err);
      if (refusal && refusal.status < 500) {
        answer = { status: refusal.status, body: refusal.body() };
      } else {
        await this.db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
        throw err;
      }
    }
    if (answer.stored) return { status: answer.status, body: answer.body, replayed: false };
    await this.statements.done.execute({
      merchantId,
      key,
      status: answer.status,
      body: JSON.stringify(answer.body ?? null),
    });
    return { ...answer, replayed: false };
  }
}
