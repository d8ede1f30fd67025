import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import type { WindowCounters } from '../modules/notifications/counters.ts';
import { ApiError } from './errors.ts';

/**
 * Fixed-window request counters per endpoint group (docs/sessions.md, "Rate limits"), per client IP and, when given,
 * per subject (e-mail, CPF, phone, checkout id). Keys are `<group>:ip:<address>` and `<group>:subject:<subject>`.
 *
 * - `take` (login, login code, recovery): counters in the database, shared by every server instance, so that N
 *   instances do not give a login N times its allowance. One statement per request: these endpoints are rare.
 * - `hit` (refresh, logout, the checkout's steps, CEP, the debt form): counters in this process's memory, no database
 *   work (refresh sits on every session's path, the checkout steps have statement budgets); their codes and sends are
 *   limited in the database anyway (attempts per code, send caps).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: Clock,
    private readonly shared: WindowCounters,
  ) {}

  /** Counts one request in the shared counters; throws 429 with Retry-After when over the limit. */
  async take(group: string, ip: string, subject?: string): Promise<void> {
    const limits = new Map<string, number>([[`rate:${group}:ip:${ip}`, this.config.perIp]]);
    if (subject !== undefined && subject !== '')
      limits.set(`rate:${group}:subject:${subject.toLowerCase()}`, this.config.perSubject);
    const counted = await this.shared.hit(
      [...limits.keys()].map((key) => ({ key, windowSeconds: this.config.windowSeconds })),
    );
    let retryAfter = 0;
    for (const c of counted) {
      if (c.count > (limits.get(c.key) ?? Number.POSITIVE_INFINITY))
        retryAfter = Math.max(retryAfter, c.retryAfter);
    }
    if (retryAfter > 0) throw tooManyRequests(retryAfter);
  }

  /** Counts one request in this process's memory; throws 429 with Retry-After when over the limit. */
  hit(group: string, ip: string, subject?: string): void {
    this.count(`${group}:ip:${ip}`, this.config.perIp);
    if (subject !== undefined && subject !== '')
      this.count(`${group}:subject:${subject.toLowerCase()}`, this.config.perSubject);
  }

  private count(key: string, max: number): void {
    const now = this.clock.now().getTime();
    const windowMs = this.config.windowSeconds * 1000;
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > max) throw tooManyRequests(Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)));
    if (this.windows.size > 50_000) this.sweep(now, windowMs);
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
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
