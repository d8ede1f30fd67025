import type { RateLimitConfig } from '../config.ts';
import type { CounterCheck, CounterValue, WindowCounters } from '../modules/notifications/counters.ts';
import { ApiError } from './errors.ts';

/**
 * Fixed-window request counters per endpoint group (docs/sessions.md, "Rate limits"), per client IP and, when given,
 * per subject (e-mail, CPF, phone, checkout id). Keys are `rate:<group>:ip:<address>` and
 * `rate:<group>:subject:<subject>`, rows of `send_counters` shared by every server instance (counters.ts): two
 * instances never give a client twice its allowance (docs/scaling.md, "Shared limits"). One statement per request,
 * and none more where the request counts its sends as well: `count` hands the rate limit's counters to the send caps,
 * which move both in their one statement.
 */
export class RateLimiter {
  constructor(
    private readonly config: RateLimitConfig,
    private readonly shared: WindowCounters,
  ) {}

  /** Counts one request; throws 429 TOO_MANY_REQUESTS with Retry-After when over the limit. */
  async take(group: string, ip: string, subject?: string): Promise<void> {
    const rate = this.count(group, ip, subject);
    rate.check(await this.shared.hit(rate.hits));
  }

  /**
   * The request's counters, to be moved in another statement of the same counters (SendCaps.take), and the check
   * that throws 429 once they are counted.
   */
  count(group: string, ip: string, subject?: string): CounterCheck {
    const limits = new Map<string, number>([[`rate:${group}:ip:${ip}`, this.config.perIp]]);
    if (subject !== undefined && subject !== '')
      limits.set(`rate:${group}:subject:${subject.toLowerCase()}`, this.config.perSubject);
    return {
      hits: [...limits.keys()].map((key) => ({ key, windowSeconds: this.config.windowSeconds })),
      check: (counted: readonly CounterValue[]) => {
        let retryAfter = 0;
        for (const c of counted) {
          const limit = limits.get(c.key);
          if (limit !== undefined && c.count > limit) retryAfter = Math.max(retryAfter, c.retryAfter);
        }
        if (retryAfter > 0) throw tooManyRequests(retryAfter);
      },
    };
  }
}

function tooManyRequests(retryAfter: number): ApiError {
  return new ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Muitas tentativas. Aguarde ${retryAfter} segundos e tente novamente.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}
