import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { auditLog } from './tables.ts';

export interface AuditEntry {
  actorType: 'ADMIN' | 'MERCHANT' | 'CUSTOMER' | 'SYSTEM';
  actorId: string | null;
  action: string;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
  requestId?: string;
}

export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The `details` of the newest entry of `action` on an entity (the previous review a new one compares with). */
  async latest(db: DbOrTx, entityType: string, entityId: string, action: string): Promise<unknown> {
    const [row] = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, entityType),
          eq(auditLog.entityId, entityId),
          eq(auditLog.action, action),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    return row?.details;
  }

  async record(entry: AuditEntry, db: DbOrTx = this.db): Promise<void> {
    await db.insert(auditLog).values({
      actorType: entry.actorType,
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      details: entry.details ?? {},
      requestId: entry.requestId ?? null,
      createdAt: this.clock.now(),
    });
  }
}
