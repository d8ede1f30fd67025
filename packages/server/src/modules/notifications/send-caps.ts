import { normalizeRecipient } from '../../br.ts';
import { DEFAULT_SEND_CAPS, type SendCap, type SendCapsConfig } from '../../config.ts';
import { DomainError } from '../../errors.ts';
import type { CounterCheck, WindowCounters } from './counters.ts';

/**
 * What a message is for. Each purpose has its own per-recipient budget, so that spending one (a stranger asking for
 * recovery messages to the owner's phone) never refuses another (the owner's login code).
 */
export type SendPurpose =
  | 'checkout'
  | 'merchant-login-code'
  | 'merchant-recover-password'
  | 'merchant-recover-email'
  | 'customer-recover';

/** Who a message would go to, what for and who asked for it. */
export interface SendScope {
  purpose: SendPurpose;
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

/**
 * Caps on the messages that people can make Drip send (SMS, WhatsApp, e-mail), so that nobody spends Drip's SMS
 * budget or spams strangers through it. The counters are database rows shared by every server instance, counted with
 * ONE statement (counters.ts), so that concurrent requests cannot both take the last send. Every call counts, also one that goes over a cap (a client
 * that keeps trying keeps being refused until its window ends).
 */
export class SendCaps {
  constructor(
    private readonly counters: WindowCounters,
    private readonly config: SendCapsConfig = DEFAULT_SEND_CAPS,
  ) {}

  /**
   * Counts one send for each key of the scope; 429 TOO_MANY_SENDS with Retry-After when any is over its cap.
   * `alongside`: the request's rate limit (RateLimiter.count), moved in the same statement and checked first.
   */
  async take(scope: SendScope, alongside?: CounterCheck): Promise<void> {
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
      entries.push({ key: `to:${scope.purpose}:${key}`, cap: this.config.perRecipient });
    }
    const counted = await this.counters.hit([
      ...(alongside?.hits ?? []),
      ...entries.map(({ key, cap, lifetime }) => ({
        key,
        windowSeconds: cap.windowSeconds,
        ...(lifetime ? { lifetime } : {}),
      })),
    ]);
    alongside?.check(counted);
    let retryAfter = 0;
    for (const row of counted) {
      const entry = entries.find((e) => e.key === row.key);
      if (entry && row.count > entry.cap.max) retryAfter = Math.max(retryAfter, row.retryAfter);
    }
    if (retryAfter > 0) throw tooManySends(retryAfter);
  }
}

export function tooManySends(retryAfterSeconds: number): DomainError {
  const wait =
    retryAfterSeconds >= 7200
      ? `${Math.ceil(retryAfterSeconds / 3600)} horas`
      : retryAfterSeconds >= 120
        ? `${Math.ceil(retryAfterSeconds / 60)} minutos`
        : `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'segundo' : 'segundos'}`;
  return new DomainError(
    'too_many',
    'TOO_MANY_SENDS',
    `Limite de envio de mensagens atingido. Aguarde ${wait} e tente novamente.`,
    { retryAfterSeconds },
  );
}
