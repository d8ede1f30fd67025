/**
 * A record's admin history as the back office reads it (an order's, a customer's): the audit entries about its
 * subjects, newest first, each with the acting admin's name and e-mail and its `before`/`after` apart from the rest
 * of its details (docs/admin-order-details.md, docs/admin-customers.md).
 */
import type { AdminHistoryEntry } from '@drip/core';
import type { AdminService } from '../admins/service.ts';
import type { AuditService, AuditSubject, RecordedAuditEntry } from './service.ts';

/** A record gathers a few dozen entries in its life; the page shows the newest this many. */
export const HISTORY_LIMIT = 200;

type Admins = Map<string, { name: string; email: string }>;

export class AuditHistory {
  constructor(
    private readonly d: {
      audit: Pick<AuditService, 'historyOf'>;
      admins: Pick<AdminService, 'get'>;
    },
  ) {}

  async of(subjects: readonly AuditSubject[], limit = HISTORY_LIMIT): Promise<AdminHistoryEntry[]> {
    const entries = await this.d.audit.historyOf(subjects, limit);
    const adminIds = [
      ...new Set(entries.filter((e) => e.actorType === 'ADMIN' && e.actorId).map((e) => e.actorId ?? '')),
    ];
    const names: Admins = new Map();
    // A record's history has a handful of distinct admins: one small read each, side by side.
    const admins = await Promise.all(adminIds.map((id) => this.d.admins.get(id).catch(() => null)));
    for (const admin of admins) if (admin) names.set(admin.id, { name: admin.name, email: admin.username });
    return entries.map((e) => historyEntry(e, names));
  }
}

function historyEntry(e: RecordedAuditEntry, names: Admins): AdminHistoryEntry {
  const { before = null, after = null, ...details } = e.details;
  const admin = e.actorType === 'ADMIN' && e.actorId ? names.get(e.actorId) : undefined;
  return {
    id: e.id,
    at: e.createdAt.toISOString(),
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    actor: {
      type: e.actorType,
      id: e.actorId,
      name: admin?.name ?? null,
      email: admin?.email ?? null,
    },
    before,
    after,
    details,
  };
}
