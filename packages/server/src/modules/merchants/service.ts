import {
  MerchantPermission,
  type MerchantSessionInfo,
  type MerchantUpdateUserRequest,
  type MerchantUser,
} from '@drip/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { maskEmail, maskPhone, normalizeEmail, normalizePhone } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { ShapedStatements } from '../../db/shaped.ts';
import { DomainError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { AuditService } from '../audit/service.ts';
import { randomToken } from '../auth/crypto.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService, CodeCheck, SessionSubject } from '../auth/service.ts';
import type { Notifications } from '../notifications/ports.ts';
import { type MerchantUserRow, merchantRecoveryLinks, merchants, merchantUsers } from './tables.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const RECOVERY_LINK_TTL_MS = 60 * 60 * 1000;

export type PasswordStepResult = { type: 'challenge'; phone: string; email: string } | { type: 'invalid' };
export type CodeStepResult = { type: 'ok'; subject: SessionSubject } | { type: Exclude<CodeCheck, 'ok'> };
export type MerchantUpdateResult =
  | { type: 'ok'; user: MerchantUser }
  | { type: 'invalid_password' }
  | { type: 'email_taken' }
  | { type: 'invalid_phone' }
  | { type: 'not_found' };
export type ResetResult = { type: 'ok' } | { type: 'not_found' } | { type: 'expired' };

const Permissions = v.array(MerchantPermission);
const EmailRows = v.object({ rows: v.array(v.object({ email: v.string() })) });

function permissionsOf(row: MerchantUserRow): MerchantPermission[] {
  const parsed = v.safeParse(Permissions, row.permissions);
  return parsed.success ? parsed.output : [];
}

export function toMerchantUser(row: MerchantUserRow): MerchantUser {
  return {
    id: row.id,
    merchantId: row.merchantId,
    email: row.email,
    phone: row.phone,
    name: row.name,
    post: row.post,
    permissions: permissionsOf(row),
  };
}

/** Who changes a merchant from the back office, for the audit trail. */
export interface AdminActor {
  adminId: string;
  requestId?: string;
}

const merchantNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Parceiro não encontrado');

export class MerchantService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      auth: AuthService;
      notifications: Notifications;
      audit: AuditService;
      publicUrl: string;
      log?: Logger;
    },
  ) {}

  /** The recovery statement, built once per shape (db/shaped.ts). */
  private readonly shaped = new ShapedStatements();

  /**
   * Admin back office: ENABLED ↔ ARCHIVED (spec 4 "Merchant"). An archived merchant's API key stops working and its
   * open checkouts are denied at analysis (DEFAULT, rule MERCHANT_ENABLED). Returns null for an unknown id.
   */
  async setStatus(
    id: string,
    status: 'ENABLED' | 'ARCHIVED',
    actor: AdminActor,
  ): Promise<{ id: string; status: string }> {
    if (!isUuid(id)) throw merchantNotFound();
    // The change and its audit entry commit together: no archived merchant without its trace, and no trace of a
    // change that did not happen.
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(merchants)
        .set({ status })
        .where(eq(merchants.id, id))
        .returning({ id: merchants.id, status: merchants.status });
      if (!row) throw merchantNotFound();
      await this.deps.audit.record(
        {
          actorType: 'ADMIN',
          actorId: actor.adminId,
          action: status === 'ARCHIVED' ? 'MERCHANT_DISABLED' : 'MERCHANT_ENABLED',
          entityType: 'merchant',
          entityId: row.id,
          requestId: actor.requestId,
        },
        tx,
      );
      return row;
    });
  }

  /** The origins a merchant registered for embedding (issue 4), or null for an unknown merchant. */
  async embedDomains(merchantId: string): Promise<string[] | null> {
    if (!isUuid(merchantId)) return null;
    const [row] = await this.deps.db
      .select({ domains: merchants.allowedEmbedDomains })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return row ? row.domains : null;
  }

  /** Replaces a merchant's embed origins, audited in the same transaction. */
  async setEmbedDomains(
    merchantId: string,
    domains: readonly string[],
    actor: AdminActor,
  ): Promise<string[]> {
    if (!isUuid(merchantId)) throw merchantNotFound();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(merchants)
        .set({ allowedEmbedDomains: [...domains], updatedAt: this.deps.clock.now() })
        .where(eq(merchants.id, merchantId))
        .returning({ domains: merchants.allowedEmbedDomains });
      if (!row) throw merchantNotFound();
      await this.deps.audit.record(
        {
          actorType: 'ADMIN',
          actorId: actor.adminId,
          action: 'MERCHANT_EMBED_DOMAINS_CHANGED',
          entityType: 'merchant',
          entityId: merchantId,
          requestId: actor.requestId,
        },
        tx,
      );
      return row.domains;
    });
  }

  /** Every origin registered by an ENABLED merchant (the widgets, which carry no checkout, allow them all). */
  async allEmbedDomains(): Promise<string[]> {
    const rows = await this.deps.db
      .select({ domains: merchants.allowedEmbedDomains })
      .from(merchants)
      .where(eq(merchants.status, 'ENABLED'));
    return [...new Set(rows.flatMap((r) => r.domains))];
  }

  private async activeUserByEmail(email: string): Promise<MerchantUserRow | undefined> {
    const [row] = await this.deps.db
      .select({ user: merchantUsers })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(
        and(
          eq(merchantUsers.email, normalizeEmail(email)),
          eq(merchantUsers.status, 'ACTIVE'),
          eq(merchants.status, 'ENABLED'),
        ),
      );
    return row?.user;
  }

  /** Step 1: e-mail and password; on success a 6-digit code goes by SMS and the masked destinations come back. */
  async passwordStep(
    email: string,
    password: string,
    /** Called with the phone before the code is made and sent (the send caps; it throws to refuse). */
    beforeSend?: (phone: string) => Promise<void>,
  ): Promise<PasswordStepResult> {
    const user = await this.activeUserByEmail(email);
    const ok = await this.deps.passwords.verify(user?.passwordHash, password);
    if (!user || !ok) return { type: 'invalid' };
    await beforeSend?.(user.phone);
    const code = await this.deps.auth.createCode('MERCHANT_LOGIN', user.id);
    await this.deps.notifications.sms.send({
      to: user.phone,
      body: `Drip: seu código de acesso ao portal da parceira é ${code}. Ele vale por 10 minutos. Não compartilhe este código.`,
      code,
    });
    return { type: 'challenge', phone: maskPhone(user.phone), email: maskEmail(user.email) };
  }

  /** Step 2: e-mail and the SMS code. */
  async codeStep(email: string, code: string): Promise<CodeStepResult> {
    const user = await this.activeUserByEmail(email);
    if (!user) return { type: 'invalid' };
    const check = await this.deps.auth.checkCode('MERCHANT_LOGIN', user.id, code, true);
    if (check !== 'ok') return { type: check };
    return { type: 'ok', subject: this.subjectOf(user) };
  }

  private subjectOf(user: MerchantUserRow): SessionSubject {
    return { sub: user.id, aud: 'merchant', merchantId: user.merchantId, permissions: permissionsOf(user) };
  }

  /** Re-reads the user for a refresh: disabled users or merchants end the session. */
  async subject(userId: string): Promise<SessionSubject | null> {
    const [row] = await this.deps.db
      .select({ user: merchantUsers })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(
        and(
          eq(merchantUsers.id, userId),
          eq(merchantUsers.status, 'ACTIVE'),
          eq(merchants.status, 'ENABLED'),
        ),
      );
    return row ? this.subjectOf(row.user) : null;
  }

  async getUser(userId: string): Promise<MerchantUser | null> {
    const [row] = await this.deps.db.select().from(merchantUsers).where(eq(merchantUsers.id, userId));
    return row ? toMerchantUser(row) : null;
  }

  async updateUser(userId: string, req: MerchantUpdateUserRequest): Promise<MerchantUpdateResult> {
    const [row] = await this.deps.db.select().from(merchantUsers).where(eq(merchantUsers.id, userId));
    if (!row) return { type: 'not_found' };
    if (!(await this.deps.passwords.verify(row.passwordHash, req.currentPassword)))
      return { type: 'invalid_password' };
    let phone = row.phone;
    if (req.phone !== undefined) {
      const normalized = normalizePhone(req.phone);
      if (!normalized) return { type: 'invalid_phone' };
      phone = normalized;
    }
    const email = normalizeEmail(req.email);
    if (email !== row.email) {
      const [other] = await this.deps.db
        .select({ id: merchantUsers.id })
        .from(merchantUsers)
        .where(eq(merchantUsers.email, email));
      if (other) return { type: 'email_taken' };
    }
    const passwordHash = req.newPassword ? await this.deps.passwords.hash(req.newPassword) : row.passwordHash;
    const [updated] = await this.deps.db.transaction(async (tx) => {
      const written = await tx
        .update(merchantUsers)
        .set({ email, phone, passwordHash, updatedAt: this.deps.clock.now() })
        .where(eq(merchantUsers.id, userId))
        .returning();
      // A new password ends every session of the user (a stolen refresh token stops working).
      if (req.newPassword) await this.deps.auth.revokeUser('merchant', userId, tx);
      return written;
    });
    if (!updated) return { type: 'not_found' };
    return { type: 'ok', user: toMerchantUser(updated) };
  }

  async sessionInfo(userId: string): Promise<MerchantSessionInfo | null> {
    const [row] = await this.deps.db
      .select({ user: merchantUsers, merchant: merchants })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(eq(merchantUsers.id, userId));
    if (!row) return null;
    const permissions = permissionsOf(row.user);
    return {
      id: row.merchant.id,
      name: row.merchant.name,
      ecommPlatform: row.merchant.ecommPlatform,
      // Spec section 6: an empty list counts as admin.
      onlyRead: permissions.length > 0 && !permissions.includes('ADMIN'),
      permissions,
      logo: row.merchant.logo,
      logoB2b: row.merchant.logoB2b,
      initials: row.merchant.initials,
    };
  }

  /**
   * E-mails a recovery link when the address belongs to a merchant user. The answer does not depend on whether it
   * does (no account enumeration, see docs/sessions.md), nor does the work: one statement looks the user up and
   * writes a link row either way (a dead one, created used, when nobody matched), and stores the e-mail only for a
   * match. `emailDelivered` is false only when sending failed.
   */
  async requestRecovery(email: string): Promise<{ emailDelivered: boolean }> {
    const recoveryId = randomToken(24);
    const now = this.deps.clock.now();
    const link = `${this.deps.publicUrl}/parceira/recuperar-login?recovery_id=${recoveryId}`;
    const subject = 'Drip: redefinição de senha';
    const body = `Olá. Recebemos um pedido para redefinir a senha do portal da parceira Drip. Acesse ${link} para criar uma nova senha. O link vale por 1 hora e pode ser usado uma vez. Se você não fez esse pedido, ignore este e-mail.`;
    const p = sql.placeholder;
    const ctes = () =>
      sql`u as (select mu.id, mu.email from merchant_users mu join merchants m on m.id = mu.merchant_id where mu.email = ${p('email')} and mu.status = 'ACTIVE' and m.status = 'ENABLED' limit 1), link as (insert into merchant_recovery_links (recovery_id, merchant_user_id, expires_at, used_at, created_at) values (${p('recoveryId')}, (select id from u), ${p('expiresAt')}::timestamptz, case when exists (select 1 from u) then null else ${p('now')}::timestamptz end, ${p('now')}::timestamptz))`;
    const values = {
      email: normalizeEmail(email),
      recoveryId,
      expiresAt: new Date(now.getTime() + RECOVERY_LINK_TTL_MS).toISOString(),
      now: now.toISOString(),
    };
    const staging = this.deps.notifications.outbox;
    if (staging) {
      const mail = staging.insertIf('u', 'mail', {
        channel: 'EMAIL',
        to: { column: 'email' },
        subject,
        body,
        link,
      });
      await this.shaped.execute(this.deps.db, {
        key: `merchant-recovery:${mail.key}`,
        build: () => sql`with ${ctes()}, mail as (${mail.build()}) select 1 as done`,
        values: { ...values, ...mail.values },
      });
      return { emailDelivered: true };
    }
    // A provider called directly (no outbox): the answer does not wait for the send, which only the known case does.
    const rows = v.parse(
      EmailRows,
      await this.shaped.execute(this.deps.db, {
        key: 'merchant-recovery-direct',
        build: () => sql`with ${ctes()} select email from u`,
        values,
      }),
    ).rows;
    for (const row of rows) {
      this.deps.notifications.email
        .send({ to: row.email, subject, body, link })
        .catch((err: unknown) => this.deps.log?.error('recovery e-mail failed', { error: String(err) }));
    }
    return { emailDelivered: true };
  }

  /** null when the id is unknown. */
  async recoveryLinkStatus(recoveryId: string): Promise<{ linkExpired: boolean } | null> {
    const [link] = await this.deps.db
      .select()
      .from(merchantRecoveryLinks)
      .where(eq(merchantRecoveryLinks.recoveryId, recoveryId));
    if (!link) return null;
    return {
      linkExpired: link.usedAt !== null || link.expiresAt.getTime() <= this.deps.clock.now().getTime(),
    };
  }

  async resetPassword(recoveryId: string, password: string): Promise<ResetResult> {
    const now = this.deps.clock.now();
    const [link] = await this.deps.db
      .select()
      .from(merchantRecoveryLinks)
      .where(eq(merchantRecoveryLinks.recoveryId, recoveryId));
    if (!link) return { type: 'not_found' };
    const userId = link.merchantUserId;
    if (userId === null || link.usedAt !== null || link.expiresAt.getTime() <= now.getTime())
      return { type: 'expired' };
    const passwordHash = await this.deps.passwords.hash(password);
    return this.deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(merchantRecoveryLinks)
        .set({ usedAt: now })
        .where(and(eq(merchantRecoveryLinks.recoveryId, recoveryId), isNull(merchantRecoveryLinks.usedAt)))
        .returning({ id: merchantRecoveryLinks.recoveryId });
      if (claimed.length === 0) return { type: 'expired' } as const;
      await tx
        .update(merchantUsers)
        .set({ passwordHash, updatedAt: now })
        .where(eq(merchantUsers.id, userId));
      await this.deps.auth.revokeUser('merchant', userId, tx);
      return { type: 'ok' } as const;
    });
  }

  /**
   * Sends the login e-mail by SMS to the phone, when it belongs to merchant users (same no-enumeration answer).
   * Returns null when the phone is not a valid Brazilian number.
   */
  async recoverEmail(phoneInput: string): Promise<{ smsDelivered: boolean } | null> {
    const phone = normalizePhone(phoneInput);
    if (!phone) return null;
    const rows = await this.deps.db
      .select({ email: merchantUsers.email })
      .from(merchantUsers)
      .where(and(eq(merchantUsers.phone, phone), eq(merchantUsers.status, 'ACTIVE')));
    if (rows.length === 0) return { smsDelivered: true };
    const emails = rows.map((r) => r.email).join(', ');
    const result = await this.deps.notifications.sms.send({
      to: phone,
      body: `Drip: o e-mail de acesso ao portal da parceira cadastrado para este telefone é ${emails}.`,
    });
    return { smsDelivered: result.delivered };
  }

  /**
   * The e-mails of the merchant's active users subscribed to a notification type (spec 6: `communications`, an entry
   * `{ communicationType, notify: true }`): the webhooks module e-mails them its events.
   */
  async eventSubscribers(merchantId: string, event: string): Promise<string[]> {
    const rows = await this.deps.db
      .select({ email: merchantUsers.email })
      .from(merchantUsers)
      .where(
        and(
          eq(merchantUsers.merchantId, merchantId),
          eq(merchantUsers.status, 'ACTIVE'),
          sql`${merchantUsers.communications} @> ${JSON.stringify([{ communicationType: event, notify: true }])}::jsonb`,
        ),
      );
    return rows.map((r) => r.email);
  }
}
