import type { Clock } from '../clock.ts';
import type { RateLimitConfig } from '../config.ts';
import { ApiError } from './errors.ts';

/**
 * Fixed-window counters kept in memory, per server instance (documented in docs/sessions.md). Keys are
 * `<group>:ip:<address>` and `<group>:subject:<e-mail|cpf|phone>`.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit for the IP and, when given, the subject; throws 429 with Retry-After when over the limit. */
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
    if (w.count > max) {
      const retryAfter = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        `Muitas tentativas. Aguarde ${retryAfter} segundos e tente novamente.`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    if (this.windows.size > 50_000) this.sweep(now, windowMs);
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
  }
}
