import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { loginThrottle } from './tables.ts';

/** What a sign-in attempt proves, each with its own budget: a stranger's recovery requests never slow a login. */
export type AttemptPurpose =
  | 'admin-login'
  | 'merchant-login'
  | 'merchant-login-code'
  | 'customer-login'
  | 'customer-recovery-code';

export interface ThrottleConfig {
  /** Failures of one account from one address before delays start. */
  freePerAccountAndSource: number;
  /** Failures from one address over every account before delays start (password spraying). */
  freePerSource: number;
  /** The first delay; each further failure doubles it. */
  firstDelaySeconds: number;
  /** The longest delay. */
  maxDelaySeconds: number;
  /** A key whose last failure is this old starts again from zero. */
  forgetAfterSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleConfig = {
  freePerAccountAndSource: 5,
  freePerSource: 20,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 3600,
};

/** One attempt let through: a failure unless `succeeded()` says otherwise. */
export interface Attempt {
  /** The right password (or code): the account's failures from this address are forgotten. */
  succeeded(): Promise<void>;
}

/** How often (in attempts, per instance) the forgotten keys are deleted. */
const SWEEP_EVERY = 500;

const Rows = v.object({ rows: v.array(v.object({ refused: v.boolean(), wait: v.number() })) });

/**
 * Growing delays on failed sign-ins (OWASP authentication cheat sheet: delays, not lock-outs), keyed by the account
 * AND the client address, plus a looser key per address over every account. There is deliberately no key per account
 * alone: failures from one address never hold back the account at another, so that a stranger cannot keep the owner
 * out; a distributed guesser is slowed per address and by the password hashing. Rows in the database, shared by every
 * instance; each attempt is reserved by ONE statement (counted as a failure before the password is checked, so that
 * concurrent guesses cannot slip past a delay) and `succeeded()` gives it back.
 */
export class LoginThrottle {
  private calls = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ThrottleConfig = DEFAULT_THROTTLE,
  ) {}

  private keys(purpose: AttemptPurpose, account: string, source: string) {
    return {
      pair: `pair:${purpose}:${account.trim().toLowerCase()}:${source}`,
      source: `source:${purpose}:${source}`,
    };
  }

  /** Reserves an attempt; 429 TOO_MANY_ATTEMPTS with Retry-After while the account from this address (or the address) waits. */
  async begin(purpose: AttemptPurpose, account: string, source: string): Promise<Attempt> {
    const now = this.clock.now();
    const c = this.config;
    const keys = this.keys(purpose, account, source);
    const t = sql.identifier('login_throttle');
    // The delay after `failures` failures of a key that allows `free` of them.
    const delay = (failures: ReturnType<typeof sql>, free: ReturnType<typeof sql>) =>
      sql`case when ${failures} <= ${free} then null else ${now.toISOString()}::timestamptz + make_interval(secs => least(${c.maxDelaySeconds}::float8, ${c.firstDelaySeconds}::float8 * power(2::float8, (${failures} - ${free} - 1)::float8))) end`;
    const held = sql`(${t}.blocked_until is not null and ${t}.blocked_until > ${now.toISOString()}::timestamptz)`;
    const stale = sql`${t}.updated_at <= ${now.toISOString()}::timestamptz - make_interval(secs => ${c.forgetAfterSeconds}::float8)`;
    const next = sql`(case when ${stale} then 1 else ${t}.failures + 1 end)`;
    const result = v.parse(
      Rows,
      await this.db.execute(sql`
        insert into ${loginThrottle} as ${t} (key, failures, free_failures, blocked_until, held, updated_at)
        values
          (${keys.pair}, 1, ${c.freePerAccountAndSource}, ${delay(sql`1`, sql`${c.freePerAccountAndSource}::int`)}, false, ${now.toISOString()}::timestamptz),
          (${keys.source}, 1, ${c.freePerSource}, ${delay(sql`1`, sql`${c.freePerSource}::int`)}, false, ${now.toISOString()}::timestamptz)
        on conflict (key) do update set
          held = ${held},
          failures = case when ${held} then ${t}.failures else ${next} end,
          blocked_until = case when ${held} then ${t}.blocked_until else ${delay(next, sql`${t}.free_failures`)} end,
          updated_at = case when ${held} then ${t}.updated_at else ${now.toISOString()}::timestamptz end
        returning held as refused,
          coalesce(ceil(extract(epoch from (blocked_until - ${now.toISOString()}::timestamptz))), 0)::int as wait`),
    ).rows;
    const wait = Math.max(0, ...result.filter((r) => r.refused).map((r) => Math.max(1, r.wait)));
    this.calls += 1;
    if (this.calls % SWEEP_EVERY === 0) await this.sweep(now);
    if (wait > 0) throw tooManyAttempts(wait);
    return { succeeded: () => this.succeeded(keys) };
  }

  /**
   * Forgets the failures of the account from this address for `purpose`: a new code was sent there, and a new code
   * comes with its own attempts (5, then it dies), so that the typos made on the previous one do not delay it.
   */
  async forget(purpose: AttemptPurpose, account: string, source: string): Promise<void> {
    await this.db
      .delete(loginThrottle)
      .where(eq(loginThrottle.key, this.keys(purpose, account, source).pair));
  }

  /** Keys that are forgotten anyway (no failure for `forgetAfterSeconds`) and hold nothing back. */
  private async sweep(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - this.config.forgetAfterSeconds * 1000);
    await this.db
      .delete(loginThrottle)
      .where(
        and(
          lt(loginThrottle.updatedAt, cutoff),
          or(isNull(loginThrottle.blockedUntil), lt(loginThrottle.blockedUntil, now)),
        ),
      );
  }

  /** One statement: the pair's failures are forgotten, the address gets this attempt's reservation back. */
  private async succeeded(keys: { pair: string; source: string }): Promise<void> {
    await this.db.execute(sql`
      with pair as (delete from ${loginThrottle} where key = ${keys.pair})
      update ${loginThrottle} set failures = greatest(failures - 1, 0) where key = ${keys.source}`);
  }
}

export function tooManyAttempts(retryAfterSeconds: number): DomainError {
  const wait =
    retryAfterSeconds >= 120
      ? `${Math.ceil(retryAfterSeconds / 60)} minutos`
      : `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'segundo' : 'segundos'}`;
  return new DomainError(
    'too_many',
    'TOO_MANY_ATTEMPTS',
    `Muitas tentativas. Aguarde ${wait} e tente novamente.`,
    { retryAfterSeconds },
  );
}
