import { AccessClaims, type Audience, type MerchantPermission, type TokenPair } from '@drip/core';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle, Db } from '../../db/index.ts';
import type { Shaped } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { hmac, randomToken, safeEqualHex, sha256, sixDigitCode } from './crypto.ts';
import { refreshTokens, verificationCodes } from './tables.ts';

export interface SessionSubject {
  sub: string;
  aud: Audience;
  merchantId?: string;
  permissions?: MerchantPermission[];
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'expired' | 'invalid' | 'ended' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CodePurpose = 'MERCHANT_LOGIN' | 'CUSTOMER_RECOVERY';
export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'dead';

export const CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Lifetime of the refresh token of a session opened without 'Mantenha-me conectado': the portal keeps it only in the
 * tab (sessionStorage), and here it dies after this long without use, instead of living REFRESH_TOKEN_TTL_DAYS.
 */
export const SESSION_ONLY_REFRESH_HOURS = 12;
const SESSION_ONLY_REFRESH_MS = SESSION_ONLY_REFRESH_HOURS * 3_600_000;
export const CODE_MAX_ATTEMPTS = 5;
const ISSUER = 'drip';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Where a refresh token reuse (a possible theft) is reported. */
  log?: Logger;
  /**
   * LISTEN on the database (DatabaseHandle.listen): ended sessions are announced on a channel, so that every instance
   * drops the sessions it remembers as alive. Without it nothing is remembered: every request reads its session.
   */
  listen?: DatabaseHandle['listen'];
}

/** The channel on which every ended session (logout, password change, refresh-token reuse) is announced. */
export const SESSIONS_ENDED_CHANNEL = 'drip_sessions_ended';
/**
 * How long a session read as alive is remembered when no announcement of its end arrives: the bound on a token
 * outliving its session on another instance if an announcement were lost (a LISTEN connection being re-opened).
 */
const ALIVE_TTL_MS = 30_000;

const SEND_REFRESH_TOKEN = 'Envie o refresh token no cabeçalho RefreshToken';
const sessionInvalid = () =>
  new DomainError('unauthenticated', 'UNAUTHORIZED', 'Sessão inválida ou expirada, faça login novamente');

/** How many verified access tokens are remembered (each is a few hundred bytes). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Access JWTs, rotating refresh tokens and one-time codes. */
export class AuthService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were already verified, with their claims. A token is immutable and signed,
   * so a hit only needs the expiry checked again against the clock; this keeps HMAC verification off the hot path
   * of every authenticated request (bench/auth-read.mjs). Bounded: the oldest entries are dropped first.
   */
  private readonly verified = new Map<string, AccessClaims>();

  /**
   * Sessions read as alive, with the moment (wall ms) until which they may be believed. Emptied by every session end,
   * here at once and on the other instances by the announcement on SESSIONS_ENDED_CHANNEL, so that an ended session's
   * tokens stop at once without a database read on every request (bench/auth-read.mjs).
   */
  private readonly alive = new Map<string, number>();
  /** Moves on every emptying: a read that started before one must not put its (maybe stale) answer back. */
  private generation = 0;
  /** Whether the announcements are being listened to (until then nothing is remembered). */
  private listening: 'no' | 'starting' | 'yes' = 'no';

  constructor(private readonly deps: AuthServiceDeps) {
    this.key = new TextEncoder().encode(deps.jwtSecret);
  }

  /** An access token of the session `sessionId` (the refresh-token family it was issued with). */
  async accessToken(subject: SessionSubject, sessionId: string): Promise<string> {
    const iat = Math.floor(this.deps.clock.now().getTime() / 1000);
    const payload: Record<string, unknown> = { sid: sessionId };
    if (subject.merchantId !== undefined) payload.merchantId = subject.merchantId;
    if (subject.permissions !== undefined) payload.permissions = subject.permissions;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.sub)
      .setAudience(subject.aud)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.deps.accessTokenTtlSeconds)
      .sign(this.key);
  }

  /**
   * A valid access token: signed by us, unexpired, and of a session that is still alive (not logged out, not ended by
   * a password change or a refresh-token reuse), so that ending a session ends its access tokens at once. The session
   * is read on every call (one indexed read): a cache here would let a token outlive its logout on another instance.
   */
  async verifyAccessToken(token: string): Promise<VerifyResult> {
    const result = await this.verifySignature(token);
    if (!result.ok) return result;
    const sid = result.claims.sid;
    if (sid === undefined || !UUID.test(sid) || !(await this.sessionAlive(sid))) {
      return { ok: false, reason: 'ended' };
    }
    return result;
  }

  private async verifySignature(token: string): Promise<VerifyResult> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp * 1000 > this.deps.clock.now().getTime()) return { ok: true, claims: cached };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const result = await this.verifyUncached(token);
    if (result.ok) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, result.claims);
    }
    return result;
  }

  /** A session lives while its refresh-token family has a token that was not revoked. */
  private async sessionAlive(sessionId: string): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    const until = this.alive.get(sessionId);
    if (until !== undefined && until > now) return true;
    this.listenForEnds();
    const generation = this.generation;
    const [row] = await this.deps.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    if (row === undefined) return false;
    if (this.listening === 'yes' && generation === this.generation) {
      if (this.alive.size >= VERIFIED_CACHE_SIZE) this.alive.clear();
      this.alive.set(sessionId, now + ALIVE_TTL_MS);
    }
    return true;
  }

  private listenForEnds(): void {
    const listen = this.deps.listen;
    if (!listen || this.listening !== 'no') return;
    this.listening = 'starting';
    listen(
      SESSIONS_ENDED_CHANNEL,
      () => this.forgetAlive(),
      // Announcements sent while the connection was down are lost: nothing remembered before can be believed.
      () => this.forgetAlive(),
    ).then(
      () => {
        this.forgetAlive();
        this.listening = 'yes';
      },
      (err: unknown) => {
        this.listening = 'no';
        this.deps.log?.error('sessions-ended listener failed', { error: String(err) });
      },
    );
  }

  private forgetAlive(): void {
    this.generation += 1;
    this.alive.clear();
  }

  /** After sessions were ended: forgotten here at once, announced to every instance (at commit when `db` is a transaction). */
  private async sessionsEnded(db: DbOrTx): Promise<void> {
    this.forgetAlive();
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, '')`);
  }

  private async verifyUncached(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.deps.clock.now(),
      });
      const parsed = v.safeParse(AccessClaims, payload);
      return parsed.success ? { ok: true, claims: parsed.output } : { ok: false, reason: 'invalid' };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }

  /**
   * A new access token and a new refresh token (a new family unless `familyId` continues one). `remember: false`
   * ('Mantenha-me conectado' left unchecked) gives the refresh token SESSION_ONLY_REFRESH_HOURS instead of
   * REFRESH_TOKEN_TTL_DAYS; the family keeps that choice through its rotations.
   */
  async issuePair(
    subject: SessionSubject,
    options: { familyId?: string | undefined; remember?: boolean | undefined } = {},
    db: DbOrTx = this.deps.db,
  ): Promise<TokenPair> {
    const refreshToken = randomToken();
    const now = this.deps.clock.now();
    const session = options.familyId ?? crypto.randomUUID();
    const lifetimeMs =
      options.remember === false ? SESSION_ONLY_REFRESH_MS : this.deps.refreshTokenTtlDays * 86_400_000;
    await db.insert(refreshTokens).values({
      audience: subject.aud,
      userId: subject.sub,
      tokenHash: sha256(refreshToken),
      familyId: session,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      createdAt: now,
    });
    return { token: await this.accessToken(subject, session), refreshToken };
  }

  /**
   * Rotates a refresh token: the presented token is marked used and a new pair in the same family is issued.
   * Presenting an already used token revokes every token of its family (401 REFRESH_TOKEN_REUSED); a missing,
   * unknown, expired or revoked one is a 401 UNAUTHORIZED. `load` re-reads the user (it may have been disabled, or
   * its permissions changed) and returns null when the session must end.
   */
  async refresh(
    audience: Audience,
    presented: string | undefined,
    load: (userId: string) => Promise<SessionSubject | null>,
    requestId?: string,
  ): Promise<TokenPair> {
    if (!presented) throw new DomainError('unauthenticated', 'UNAUTHORIZED', SEND_REFRESH_TOKEN);
    const now = this.deps.clock.now();
    const hash = sha256(presented);
    const claimed = await this.deps.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, hash),
          eq(refreshTokens.audience, audience),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        createdAt: refreshTokens.createdAt,
        expiresAt: refreshTokens.expiresAt,
      });
    const row = claimed[0];
    if (!row) {
      const [existing] = await this.deps.db
        .select({ usedAt: refreshTokens.usedAt, familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, hash), eq(refreshTokens.audience, audience)));
      if (existing?.usedAt) {
        await this.deps.db
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, existing.familyId), isNull(refreshTokens.revokedAt)));
        await this.sessionsEnded(this.deps.db);
        this.deps.log?.warn('refresh token reuse: family revoked', { audience, requestId });
        throw new DomainError(
          'unauthenticated',
          'REFRESH_TOKEN_REUSED',
          'Sessão encerrada por segurança, faça login novamente',
        );
      }
      throw sessionInvalid();
    }
    const subject = await load(row.userId);
    if (!subject) {
      await this.revokeFamily(row.familyId);
      throw sessionInvalid();
    }
    // The family's choice is read from the lifetime its last token was given (no column needed): a session-only
    // family stays session-only, sliding SESSION_ONLY_REFRESH_HOURS from each use.
    const remember = row.expiresAt.getTime() - row.createdAt.getTime() > SESSION_ONLY_REFRESH_MS;
    return this.issuePair(subject, { familyId: row.familyId, remember });
  }

  /**
   * Logout: revokes the whole family of the presented refresh token (the token and every successor), so that
   * neither it nor a copy of an earlier one can be refreshed again. One statement; an unknown token, a token of
   * another audience or a family already revoked changes nothing. Without a token there is nothing to end: a 400.
   */
  async logout(audience: Audience, presented: string | undefined): Promise<{ loggedOut: true }> {
    if (!presented) throw new DomainError('invalid', 'REFRESH_TOKEN_REQUIRED', SEND_REFRESH_TOKEN);
    const family = this.deps.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(presented)), eq(refreshTokens.audience, audience)));
    await this.deps.db
      .update(refreshTokens)
      .set({ revokedAt: this.deps.clock.now() })
      .where(and(inArray(refreshTokens.familyId, family), isNull(refreshTokens.revokedAt)));
    await this.sessionsEnded(this.deps.db);
    return { loggedOut: true };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.deps.db
      .update(refreshTokens)
      .set({ revokedAt: this.deps.clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await this.sessionsEnded(this.deps.db);
  }

  /** Ends every session of a user (password change or reset). */
  async revokeUser(audience: Audience, userId: string, db: DbOrTx = this.deps.db): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: this.deps.clock.now() })
      .where(
        and(
          eq(refreshTokens.audience, audience),
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
        ),
      );
    await this.sessionsEnded(db);
  }

  private codeHash(purpose: CodePurpose, subject: string, code: string): string {
    return hmac(this.deps.jwtSecret, `${purpose}:${subject}:${code}`);
  }

  /**
   * A new 6-digit code for the subject, good only from `source` (the client address that asked for it); the earlier
   * live codes of the same purpose asked from that address stop working. Codes asked from other addresses live on, so
   * that a stranger's request never voids the code the owner is typing.
   */
  async createCode(purpose: CodePurpose, subject: string, source: string): Promise<string> {
    const code = sixDigitCode();
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.subject, subject),
            eq(verificationCodes.source, source),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        purpose,
        subject,
        source,
        codeHash: this.codeHash(purpose, subject, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
    });
    return code;
  }

  /**
   * Recovery codes written by the caller's statement: `<name>_dead` ends the subject's live codes of `purpose` asked
   * from the same address `source` (only for a match; codes asked from elsewhere live on: a stranger's request cannot
   * void the code the owner is typing) and `<name>` inserts the new one, good only from `source`,
   * live when the caller's CTE `guard` returned a row and written already used when it did not. Both cases therefore
   * cost the same hashing and the same writes, so that the answer's timing cannot tell whether the account exists
   * (docs/sessions.md, "Recovery"). A shaped fragment (db/shaped.ts) of CTEs whose placeholders start with `<name>_`.
   */
  stageCode(
    purpose: CodePurpose,
    subject: string,
    source: string,
    guard: string,
    name: string,
  ): { code: string; ctes: Shaped } {
    const code = sixDigitCode();
    const now = this.deps.clock.now();
    const p = (field: string) => sql.placeholder(`${name}_${field}`);
    const g = sql.identifier(guard);
    return {
      code,
      ctes: {
        key: `stage-code:${guard}:${name}`,
        build: () =>
          sql`${sql.identifier(`${name}_dead`)} as (update verification_codes set consumed_at = ${p('now')}::timestamptz where purpose = ${p('purpose')} and subject = ${p('subject')} and source = ${p('source')} and consumed_at is null and exists (select 1 from ${g})), ${sql.identifier(name)} as (insert into verification_codes (purpose, subject, source, code_hash, expires_at, created_at, consumed_at) values (${p('purpose')}, ${p('subject')}, ${p('source')}, ${p('hash')}, ${p('expiresAt')}::timestamptz, ${p('now')}::timestamptz, case when exists (select 1 from ${g}) then null else ${p('now')}::timestamptz end) returning id)`,
        values: {
          [`${name}_purpose`]: purpose,
          [`${name}_subject`]: subject,
          [`${name}_source`]: source,
          [`${name}_hash`]: this.codeHash(purpose, subject, code),
          [`${name}_expiresAt`]: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
          [`${name}_now`]: now.toISOString(),
        },
      },
    };
  }

  /**
   * Checks a code typed at `source`: only the latest live code asked from that address counts, so that a stranger
   * elsewhere can neither guess the owner's code nor spend its attempts. A wrong code counts an attempt; the fifth
   * wrong attempt kills the code. With `consume`, a right code is used up (single use).
   */
  async checkCode(
    purpose: CodePurpose,
    subject: string,
    code: string,
    consume: boolean,
    source: string,
  ): Promise<CodeCheck> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.subject, subject),
          eq(verificationCodes.source, source),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!row) return 'invalid';
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'dead';
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (!safeEqualHex(row.codeHash, this.codeHash(purpose, subject, code))) {
      const attempts = row.attempts + 1;
      await this.deps.db
        .update(verificationCodes)
        .set({ attempts, ...(attempts >= CODE_MAX_ATTEMPTS ? { consumedAt: now } : {}) })
        .where(eq(verificationCodes.id, row.id));
      return attempts >= CODE_MAX_ATTEMPTS ? 'dead' : 'invalid';
    }
    if (consume) {
      const used = await this.deps.db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (used.length === 0) return 'invalid';
    }
    return 'ok';
  }
}
