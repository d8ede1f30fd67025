import { lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { normalizeRecipient } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import { DEFAULT_SEND_CAPS, type SendCap, type SendCapsConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../http/errors.ts';
import { sendCounters } from './tables.ts';

/** Who a message would go to and who asked for it. */
export interface SendScope {
  /** The client IP of the request (http/context.ts `clientIp`). */
  ip: string;
  /** The checkout the message belongs to. */
  checkoutId?: string | undefined;
  /**
   * Who receives it: a phone (any Brazilian format) or an e-mail, normalised here; or an account key such as
   * `cpf:<digits>` when the destination is only known inside the service (recovery by CPF).
   */
  recipient?: string | undefined;
}

const CountRows = v.object({
  rows: v.array(v.object({ key: v.string(), count: v.number(), retry: v.number() })),
});

/** How often (in calls, per instance) the counters whose window ended are deleted. */
const SWEEP_EVERY = 500;

/**
 * Caps on the messages that people can make Drip send (SMS, WhatsApp, e-mail), so that nobody spends Drip's SMS
 * budget or spams strangers through it. The counters are rows of `send_counters` (fixed windows), counted with ONE
 * `insert … on conflict do update … returning` statement, so that every server instance shares them and
 * concurrent requests cannot both take the last send. Every call counts, also one that goes over a cap (a client
 * that keeps trying keeps being refused until its window ends).
 */
export class SendCaps {
  private calls = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: SendCapsConfig = DEFAULT_SEND_CAPS,
  ) {}

  /** Counts one send for each key of the scope; 429 TOO_MANY_SENDS with Retry-After when any is over its cap. */
  async take(scope: SendScope): Promise<void> {
    const now = this.clock.now();
    // A checkout's counter is one window for its whole life (no window boundary to double the cap at), forgotten
    // `windowSeconds` after its last send; the others are fixed windows aligned to the epoch.
    const entries: { key: string; cap: SendCap; lifetime?: true }[] = [
      { key: `ip:${scope.ip}`, cap: this.config.perIp },
    ];
    if (scope.checkoutId) {
      entries.push({ key: `checkout:${scope.checkoutId}`, cap: this.config.perCheckout, lifetime: true });
    }
    const recipient = scope.recipient?.trim();
    if (recipient) {
      const key = /^[a-z]+:/.test(recipient) ? recipient.toLowerCase() : normalizeRecipient(recipient);
      entries.push({ key: `to:${key}`, cap: this.config.perRecipient });
    }
    const rows = entries.map(({ key, cap, lifetime }) => {
      const windowMs = cap.windowSeconds * 1000;
      if (lifetime) {
        return { key, windowStart: new Date(0), expiresAt: new Date(now.getTime() + windowMs) };
      }
      const start = Math.floor(now.getTime() / windowMs) * windowMs;
      return { key, windowStart: new Date(start), expiresAt: new Date(start + windowMs) };
    });
    const counted = v.parse(
      CountRows,
      await this.db.execute(sql`
        insert into ${sendCounters} (key, window_start, count, expires_at)
        values ${sql.join(
          rows.map(
            (r) =>
              sql`(${r.key}, ${r.windowStart.toISOString()}::timestamptz, 1, ${r.expiresAt.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}
        on conflict (key, window_start) do update
          set count = case when ${sendCounters.expiresAt} <= ${now.toISOString()}::timestamptz then 1
              else ${sendCounters.count} + 1 end,
            expires_at = greatest(${sendCounters.expiresAt}, excluded.expires_at)
        returning key, count,
          greatest(1, ceil(extract(epoch from (expires_at - ${now.toISOString()}::timestamptz))))::int as retry`),
    ).rows;
    this.calls += 1;
    if (this.calls % SWEEP_EVERY === 0) {
      await this.db.delete(sendCounters).where(lt(sendCounters.expiresAt, now));
    }
    let retryAfter = 0;
    for (const row of counted) {
      const entry = entries.find((e) => e.key === row.key);
      if (entry && row.count > entry.cap.max) retryAfter = Math.max(retryAfter, row.retry);
    }
    if (retryAfter > 0) throw tooManySends(retryAfter);
  }
}

export function tooManySends(retryAfterSeconds: number): ApiError {
  const wait =
    retryAfterSeconds >= 7200
      ? `${Math.ceil(retryAfterSeconds / 3600)} horas`
      : retryAfterSeconds >= 120
        ? `${Math.ceil(retryAfterSeconds / 60)} minutos`
        : `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'segundo' : 'segundos'}`;
  return new ApiError(
    429,
    'TOO_MANY_SENDS',
    `Limite de envio de mensagens atingido. Aguarde ${wait} e tente novamente.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
