import { and, desc, eq, inArray, or } from 'drizzle-orm';
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

/** An entry as read back: what `record` wrote, with its id and instant. */
export interface RecordedAuditEntry {
  id: string;
  actorType: AuditEntry['actorType'];
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Records whose history is asked: one entity type and some of its ids. */
export interface AuditSubject {
  entityType: string;
  entityIds: readonly string[];
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

  /** The entries about some records (an order and its instalments), newest first; at most `limit`. */
  async historyOf(subjects: readonly AuditSubject[], limit = 200): Promise<RecordedAuditEntry[]> {
    const wanted = subjects.filter((s) => s.entityIds.length > 0);
    if (wanted.length === 0) return [];
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(
        or(
          ...wanted.map((s) =>
            and(eq(auditLog.entityType, s.entityType), inArray(auditLog.entityId, [...s.entityIds])),
          ),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      actorType: r.actorType,
      actorId: r.actorId,
      action: r.action,
      entityType: r.entityType ?? '',
      entityId: r.entityId ?? '',
      details: r.details,
      createdAt: r.createdAt,
    }));
  }
}
