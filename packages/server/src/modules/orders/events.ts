/**
 * Instalment status fan-out (DESIGN.md 1): a booking sends `pg_notify` in its transaction (delivered at commit), and
 * each server process holds ONE listener on the channel that hands the message to its local subscribers (the SSE
 * streams open on that process). So a payment booked by one instance reaches a browser connected to another.
 */
import { INSTALMENT_STATUSES, type InstalmentStatus } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DatabaseHandle } from '../../db/index.ts';
import type { Unlisten } from '../../db/listen.ts';
import type { Tx } from '../../db/types.ts';
import type { Logger } from '../../log.ts';
import { errorFields } from '../../log.ts';

export const INSTALMENT_STATUS_CHANNEL = 'drip_instalment_status';

const Notice = v.object({ id: v.string(), status: v.picklist(INSTALMENT_STATUSES) });

/** Queues the notification in the caller's transaction: PostgreSQL delivers it only if and when it commits. */
export async function notifyInstalmentStatus(tx: Tx, id: string, status: InstalmentStatus): Promise<void> {
  await tx.execute(sql`select pg_notify(${INSTALMENT_STATUS_CHANNEL}, ${JSON.stringify({ id, status })})`);
}

export type StatusListener = (status: InstalmentStatus) => void;

export class InstalmentEvents {
  private readonly subscribers = new Map<string, Set<StatusListener>>();
  private listening: Promise<Unlisten> | null = null;
  private closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: Logger,
  ) {}

  /** Local subscribers (tests and metrics). */
  subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /**
   * Subscribes to an instalment's status changes; resolves once the process's LISTEN is active (so that a state
   * read after this resolves cannot miss a change). Returns the unsubscribe function.
   */
  async subscribe(instalmentId: string, listener: StatusListener): Promise<() => void> {
    if (this.closed) throw new Error('instalment events are closed');
    let set = this.subscribers.get(instalmentId);
    if (!set) {
      set = new Set();
      this.subscribers.set(instalmentId, set);
    }
    set.add(listener);
    const unsubscribe = () => {
      const current = this.subscribers.get(instalmentId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.subscribers.delete(instalmentId);
    };
    try {
      await this.ensureListening();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** Stops the listener (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    const pending = this.listening;
    this.listening = null;
    if (pending) await (await pending.catch(() => async () => {}))();
  }

  private ensureListening(): Promise<Unlisten> {
    if (!this.listening) {
      const started = this.database.listen(
        INSTALMENT_STATUS_CHANNEL,
        (payload) => this.dispatch(payload),
        () => this.log.warn('instalment events listener reconnected'),
      );
      this.listening = started;
      // A failed start is retried by the next subscriber.
      started.catch((err: unknown) => {
        if (this.listening === started) this.listening = null;
        this.log.error('instalment events listener failed', errorFields(err));
      });
    }
    return this.listening;
  }

  private dispatch(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      this.log.warn('instalment events: malformed payload', { payload: payload.slice(0, 200) });
      return;
    }
    const notice = v.safeParse(Notice, parsed);
    if (!notice.success) return;
    const set = this.subscribers.get(notice.output.id);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(notice.output.status);
      } catch (err) {
        this.log.warn('instalment events subscriber failed', errorFields(err));
      }
    }
  }
}
