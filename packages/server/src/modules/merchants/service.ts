import {
  MerchantPermission,
  type MerchantSessionInfo,
  type MerchantUpdateUserRequest,
  type MerchantUser,
} from '@drip/core';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { maskEmail, maskPhone, normalizeEmail, normalizePhone } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError, emailTaken, invalidCurrentPassword, invalidFields, linkExpired } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { AuditService } from '../audit/service.ts';
import { randomToken } from '../auth/crypto.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService, SessionSubject } from '../auth/service.ts';
import { imageUrl } from '../images/service.ts';
import type { Notifications } from '../notifications/ports.ts';
import { type MerchantUserRow, merchantRecoveryLinks, merchants, merchantUsers } from './tables.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const RECOVERY_LINK_TTL_MS = 60 * 60 * 1000;

/** The refusals of the code step, by the outcome of the code check. */
const CODE_REFUSALS = {
  invalid: ['INVALID_CODE', 'Drip Token inválido, verifique o número inserido.'],
  expired: ['CODE_EXPIRED', 'Drip Token expirado, faça login novamente para receber outro código.'],
  dead: ['CODE_LOCKED', 'Limite de tentativas atingido, faça login novamente para receber outro código.'],
} as const;
const codeRefused = (check: keyof typeof CODE_REFUSALS) =>
  new DomainError('unauthenticated', CODE_REFUSALS[check][0], CODE_REFUSALS[check][1]);
const userNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Usuário não encontrado');
const recoveryLinkNotFound = () =>
  new DomainError('not_found', 'NOT_FOUND', 'Link de recuperação não encontrado');
const invalidPhone = (path: string) => invalidFields([{ path, message: 'O telefone é inválido' }]);

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
      /** Real time: recovery links expire on it, never on the sandbox's business clock. */
      wallClock?: Clock;
      passwords: PasswordHasher;
      auth: AuthService;
      notifications: Notifications;
      audit: AuditService;
      publicUrl: string;
      log?: Logger;
    },
  ) {}

  private wallNow(): Date {
    return (this.deps.wallClock ?? this.deps.clock).now();
  }

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

  /** The origins a merchant registered for embedding, for the back office; an unknown merchant is a 404. */
  async registeredEmbedDomains(merchantId: string): Promise<string[]> {
    const domains = await this.embedDomains(merchantId);
    if (!domains) throw merchantNotFound();
    return domains;
  }

  /** The origins a merchant registered for embedding, or null for an unknown merchant (the hosted pages' CSP). */
  /**
   * The enabled merchant whose VTEX AppKey (typed in the back office's merchant form) is `appKey`, with the AppToken
   * stored beside it; the VTEX connector compares the token in constant time (modules/vtex).
   */
  async vtexKeyOwner(appKey: string): Promise<{ merchantId: string; appToken: string | null } | null> {
    if (appKey === '' || appKey.length > 200) return null;
    const rows = await this.deps.db
      .select({ merchantId: merchants.id, appToken: merchants.vtexAppToken })
      .from(merchants)
      .where(and(eq(merchants.vtexAppKey, appKey), eq(merchants.status, 'ENABLED')))
      .limit(2);
    // A key typed for two merchants identifies neither.
    return rows.length === 1 ? (rows[0] ?? null) : null;
  }

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

  /** The user `which` picks, if it and its merchant are active (a disabled one cannot sign in or refresh). */
  private async activeUser(which: SQL): Promise<MerchantUserRow | undefined> {
    const [row] = await this.deps.db
      .select({ user: merchantUsers })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(and(which, eq(merchantUsers.status, 'ACTIVE'), eq(merchants.status, 'ENABLED')));
    return row?.user;
  }

  private activeUserByEmail(email: string): Promise<MerchantUserRow | undefined> {
    return this.activeUser(eq(merchantUsers.email, normalizeEmail(email)));
  }

  /** Step 1: e-mail and password; on success a 6-digit code goes by SMS and the masked destinations come back. */
  async passwordStep(
    email: string,
    password: string,
    /** The client address: the code will be good only from there. */
    source: string,
    /** Called with the phone once the password is right, before the code is made and sent (it throws to refuse). */
    beforeSend?: (phone: string) => Promise<void>,
  ): Promise<{ phone: string; email: string }> {
    const user = await this.activeUserByEmail(email);
    const ok = await this.deps.passwords.verify(user?.passwordHash, password);
    if (!user || !ok)
      throw new DomainError('unauthenticated', 'INVALID_CREDENTIALS', 'E-mail e/ou senha incorretos.');
    await beforeSend?.(user.phone);
    const code = await this.deps.auth.createCode('MERCHANT_LOGIN', user.id, source);
    await this.deps.notifications.sms.send({
      to: user.phone,
      body: `Drip: seu código de acesso ao portal da parceira é ${code}. Ele vale por 10 minutos. Não compartilhe este código.`,
      code,
    });
    return { phone: maskPhone(user.phone), email: maskEmail(user.email) };
  }

  /** Step 2: e-mail and the SMS code, from the address of step 1; the session's subject when the code is right. */
  async codeStep(email: string, code: string, source: string): Promise<SessionSubject> {
    const user = await this.activeUserByEmail(email);
    if (!user) throw codeRefused('invalid');
    const check = await this.deps.auth.checkCode('MERCHANT_LOGIN', user.id, code, true, source);
    if (check !== 'ok') throw codeRefused(check);
    return this.subjectOf(user);
  }

  private subjectOf(user: MerchantUserRow): SessionSubject {
    return { sub: user.id, aud: 'merchant', merchantId: user.merchantId, permissions: permissionsOf(user) };
  }

  /** Re-reads the user for a refresh: disabled users or merchants end the session. */
  async subject(userId: string): Promise<SessionSubject | null> {
    const user = await this.activeUser(eq(merchantUsers.id, userId));
    return user ? this.subjectOf(user) : null;
  }

  async getUser(userId: string): Promise<MerchantUser> {
    const [row] = await this.deps.db.select().from(merchantUsers).where(eq(merchantUsers.id, userId));
    if (!row) throw userNotFound();
    return toMerchantUser(row);
  }

  /** The user's own e-mail, phone and password; the current password is checked first. */
  async updateUser(userId: string, req: MerchantUpdateUserRequest): Promise<MerchantUser> {
    const [row] = await this.deps.db.select().from(merchantUsers).where(eq(merchantUsers.id, userId));
    if (!row) throw userNotFound();
    if (!(await this.deps.passwords.verify(row.passwordHash, req.currentPassword)))
      throw invalidCurrentPassword();
    let phone = row.phone;
    if (req.phone !== undefined) {
      const normalized = normalizePhone(req.phone);
      if (!normalized) throw invalidPhone('phone');
      phone = normalized;
    }
    const email = normalizeEmail(req.email);
    if (email !== row.email) {
      const [other] = await this.deps.db
        .select({ id: merchantUsers.id })
        .from(merchantUsers)
        .where(eq(merchantUsers.email, email));
      if (other) throw emailTaken('email');
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
    if (!updated) throw userNotFound();
    return toMerchantUser(updated);
  }

  async sessionInfo(userId: string): Promise<MerchantSessionInfo> {
    const [row] = await this.deps.db
      .select({ user: merchantUsers, merchant: merchants })
      .from(merchantUsers)
      .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
      .where(eq(merchantUsers.id, userId));
    if (!row) throw new DomainError('not_found', 'NOT_FOUND', 'Parceira não encontrada');
    const permissions = permissionsOf(row.user);
    return {
      id: row.merchant.id,
      name: row.merchant.name,
      ecommPlatform: row.merchant.ecommPlatform,
      // Spec section 6: an empty list counts as admin.
      onlyRead: permissions.length > 0 && !permissions.includes('ADMIN'),
      permissions,
      logo: imageUrl(this.deps.publicUrl, row.merchant.logo),
      logoB2b: imageUrl(this.deps.publicUrl, row.merchant.logoB2b),
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
    const now = this.wallNow();
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

  async recoveryLinkStatus(recoveryId: string): Promise<{ linkExpired: boolean }> {
    const [link] = await this.deps.db
      .select()
      .from(merchantRecoveryLinks)
      .where(eq(merchantRecoveryLinks.recoveryId, recoveryId));
    if (!link) throw recoveryLinkNotFound();
    return {
      linkExpired: link.usedAt !== null || link.expiresAt.getTime() <= this.wallNow().getTime(),
    };
  }

  /** Sets the password with a recovery link (used up) and ends every session of the user. */
  async resetPassword(recoveryId: string, password: string): Promise<{ passwordUpdated: true }> {
    const now = this.wallNow();
    const [link] = await this.deps.db
      .select()
      .from(merchantRecoveryLinks)
      .where(eq(merchantRecoveryLinks.recoveryId, recoveryId));
    if (!link) throw recoveryLinkNotFound();
    const userId = link.merchantUserId;
    if (userId === null || link.usedAt !== null || link.expiresAt.getTime() <= now.getTime())
      throw linkExpired();
    const passwordHash = await this.deps.passwords.hash(password);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(merchantRecoveryLinks)
        .set({ usedAt: now })
        .where(and(eq(merchantRecoveryLinks.recoveryId, recoveryId), isNull(merchantRecoveryLinks.usedAt)))
        .returning({ id: merchantRecoveryLinks.recoveryId });
      if (claimed.length === 0) return 'expired' as const;
      await tx
        .update(merchantUsers)
        .set({ passwordHash, updatedAt: now })
        .where(eq(merchantUsers.id, userId));
      await this.deps.auth.revokeUser('merchant', userId, tx);
      return 'ok' as const;
    });
    if (outcome === 'expired') throw linkExpired();
    return { passwordUpdated: true };
  }

  /**
   * Sends the login e-mail by SMS to the phone, when it belongs to merchant users (same no-enumeration answer).
   * A phone that is not a valid Brazilian number is refused on the request's `merchantUserPhone`.
   */
  async recoverEmail(phoneInput: string): Promise<{ smsDelivered: boolean }> {
    const phone = normalizePhone(phoneInput);
    if (!phone) throw invalidPhone('merchantUserPhone');
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
  /**
   * A plugin installed by the merchant (plugin sign-up, docs/nuvemshop.md): the merchant integrates through that
   * platform's plugin, in the caller's transaction so that it commits with the installation.
   */
  async setPluginPlatform(exec: DbOrTx, merchantId: string, platform: 'VTEX' | 'NUVEMSHOP'): Promise<void> {
    await exec
      .update(merchants)
      .set({ integrationType: platform, ecommPlatform: platform, updatedAt: this.deps.clock.now() })
      .where(eq(merchants.id, merchantId));
  }

  /**
   * The platform's app was uninstalled: the merchant no longer sells through it. Only when the merchant is still on
   * that platform (a merchant who moved to another one keeps it).
   */
  async clearPluginPlatform(exec: DbOrTx, merchantId: string, platform: 'VTEX' | 'NUVEMSHOP'): Promise<void> {
    await exec
      .update(merchants)
      .set({ integrationType: null, ecommPlatform: null, updatedAt: this.deps.clock.now() })
      .where(and(eq(merchants.id, merchantId), eq(merchants.ecommPlatform, platform)));
  }

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
