/**
 * A record's admin history as the back office shows it (an order's, a customer's): the audit log's entries about
 * the record, each with who, when, what, the state before and after, and the rest of its details.
 */
import * as v from 'valibot';
import { IsoInstant } from './primitives.ts';

export const AdminHistoryEntry = v.object({
  id: v.string(),
  at: IsoInstant,
  action: v.string(),
  /**
   * What the entry is about: 'ORDER', 'INSTALMENT' (`entityId` the instalment's id), 'CUSTOMER', or one of the
   * customer's risk-list entries ('BLOCKED_CPF', 'TRUST_LIST'… with the value as `entityId`).
   */
  entityType: v.string(),
  entityId: v.string(),
  actor: v.object({
    type: v.picklist(['ADMIN', 'MERCHANT', 'CUSTOMER', 'SYSTEM']),
    id: v.nullable(v.string()),
    /** The admin's name and e-mail; null for other actors or an admin no longer on file. */
    name: v.nullable(v.string()),
    email: v.nullable(v.string()),
  }),
  before: v.unknown(),
  after: v.unknown(),
  /** The entry's other details (a reason, a request), without before and after. */
  details: v.record(v.string(), v.unknown()),
});
export type AdminHistoryEntry = v.InferOutput<typeof AdminHistoryEntry>;
