import type { AdminUpdateUserRequest, AdminUser } from '@drip/core';
import { eq } from 'drizzle-orm';
import { looksLikeEmail, normalizeEmail } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { DomainError, emailTaken, invalidCurrentPassword } from '../../errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService, SessionSubject } from '../auth/service.ts';
import { admins } from './tables.ts';

const userNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Usuário não encontrado');

export class AdminService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      audit: AuditService;
      auth: AuthService;
    },
  ) {}

  /** Admins log in with their e-mail; a CPF- or phone-looking username simply matches nobody. */
  async login(username: string, password: string): Promise<SessionSubject> {
    const email = normalizeEmail(username);
    const [row] = looksLikeEmail(email)
      ? await this.deps.db.select().from(admins).where(eq(admins.email, email))
      : [];
    const ok = await this.deps.passwords.verify(row?.passwordHash, password);
    if (!row || !ok)
      throw new DomainError('unauthenticated', 'INVALID_CREDENTIALS', 'E-Mail e/ou senha incorreta');
    await this.deps.audit.record({ actorType: 'ADMIN', actorId: row.id, action: 'ADMIN_LOGIN' });
    return { sub: row.id, aud: 'admin' };
  }

  async subject(id: string): Promise<SessionSubject | null> {
    const [row] = await this.deps.db.select({ id: admins.id }).from(admins).where(eq(admins.id, id));
    return row ? { sub: row.id, aud: 'admin' } : null;
  }

  async get(id: string): Promise<AdminUser> {
    const [row] = await this.deps.db.select().from(admins).where(eq(admins.id, id));
    if (!row) throw userNotFound();
    return { id: row.id, username: row.email, name: row.name };
  }

  /** The admin's own e-mail and, when given, password; the current password is checked first (a wrong one is a 400, not 401). */
  async update(id: string, req: AdminUpdateUserRequest, requestId?: string): Promise<AdminUser> {
    const [row] = await this.deps.db.select().from(admins).where(eq(admins.id, id));
    if (!row) throw userNotFound();
    if (!(await this.deps.passwords.verify(row.passwordHash, req.currentPassword)))
      throw invalidCurrentPassword();
    const email = normalizeEmail(req.username);
    if (email !== row.email) {
      const [other] = await this.deps.db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(admins.email, email));
      if (other) throw emailTaken('username');
    }
    const passwordChanged = req.newPassword !== undefined;
    const passwordHash = req.newPassword ? await this.deps.passwords.hash(req.newPassword) : row.passwordHash;
    const updated = await this.deps.db.transaction(async (tx) => {
      const [u] = await tx
        .update(admins)
        .set({ email, passwordHash, updatedAt: this.deps.clock.now() })
        .where(eq(admins.id, id))
        .returning();
      await this.deps.audit.record(
        {
          actorType: 'ADMIN',
          actorId: id,
          action: 'ADMIN_UPDATE_OWN_USER',
          entityType: 'admin',
          entityId: id,
          details: { emailChanged: email !== row.email, passwordChanged },
          ...(requestId ? { requestId } : {}),
        },
        tx,
      );
      // A password change ends every session of the admin (a stolen refresh token stops working).
      if (passwordChanged) await this.deps.auth.revokeUser('admin', id, tx);
      return u;
    });
    if (!updated) throw userNotFound();
    return { id: updated.id, username: updated.email, name: updated.name };
  }
}
