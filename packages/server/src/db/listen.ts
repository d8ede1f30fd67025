/**
 * LISTEN/NOTIFY subscriptions (the SSE fan-out of docs/instalment-payments.md). On PostgreSQL a dedicated client,
 * outside the pool, holds the LISTEN and reconnects with back-off when the connection drops; on PGlite the
 * in-process `listen` API is used.
 */
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/** Stops listening (idempotent). */
export type Unlisten = () => Promise<void>;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid LISTEN channel name: ${channel}`);
}

/**
 * One dedicated connection LISTENing on `channel`. `onReconnect` runs after a lost connection is back (messages
 * sent meanwhile are lost: subscribers re-read the state they care about).
 */
export function pgListen(
  connectionString: string,
  channel: string,
  onPayload: NotificationHandler,
  onReconnect: () => void = () => {},
): Promise<Unlisten> {
  assertChannel(channel);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
  };

  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    c.end().catch(() => {});
    retry();
  };

  const retry = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(30_000, 250 * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open().then(onReconnect, retry);
    }, delay);
    retryTimer.unref();
  };

  return open().then(() => async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  });
}
