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
