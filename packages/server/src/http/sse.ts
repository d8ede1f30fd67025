/**
 * A status followed over server-sent events: one message per change until a final status, a heartbeat comment that
 * also re-reads the status (a notification lost while the listener reconnected is caught within one period), and a
 * cap of open streams per client address so that one client cannot hold the process's connections.
 */
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { AppContext } from './context.ts';
import { clientIp } from './context.ts';
import { ApiError } from './errors.ts';

export interface StatusStreamOptions {
  heartbeatMs: number;
  maxStreamsPerIp: number;
  /**
   * Aborted when the server shuts down: every open stream sends a `retry:` hint and ends, and the browser's
   * EventSource reconnects after that delay (through the proxy, to an instance still running).
   */
  end?: AbortSignal;
}

/** The reconnection delay a stream ended by a shutdown asks for. */
export const SSE_RETRY_AFTER_SHUTDOWN_MS = 1_000;

export interface StatusSource<S> {
  /** The current status, or null when the resource is gone (the stream ends). */
  read(): Promise<S | null>;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (status: S) => void): Promise<() => void>;
  /** The status after which nothing can change (the stream ends after sending it). */
  isFinal(status: S): boolean;
}

/** Opens status streams, counting them per client address. */
export class StatusStreams {
  private readonly open = new Map<string, number>();

  constructor(private readonly options: StatusStreamOptions) {}

  respond<S>(c: AppContext, source: StatusSource<S>): Response {
    const ip = clientIp(c);
    const count = this.open.get(ip) ?? 0;
    if (count >= this.options.maxStreamsPerIp) {
      throw new ApiError(
        429,
        'TOO_MANY_STREAMS',
        'Muitas páginas de parcela abertas ao mesmo tempo; feche algumas e tente novamente',
      );
    }
    this.open.set(ip, count + 1);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) => this.follow(stream, source).finally(() => this.release(ip)));
  }

  private release(ip: string): void {
    const n = (this.open.get(ip) ?? 1) - 1;
    if (n <= 0) this.open.delete(ip);
    else this.open.set(ip, n);
  }

  private async follow<S>(stream: SSEStreamingApi, source: StatusSource<S>): Promise<void> {
    let last: S | null = null;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Writes are chained so that messages keep their order and a failed write ends the stream.
    let chain = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      chain = chain.then(work).catch(() => finish());
    };
    const send = async (status: S) => {
      if (status === last) return;
      last = status;
      await stream.writeSSE({ data: JSON.stringify({ status }) });
      if (source.isFinal(status)) finish();
    };
    stream.onAbort(() => finish());
    const end = this.options.end;
    const endForShutdown = () =>
      enqueue(async () => {
        await stream.write(`retry: ${SSE_RETRY_AFTER_SHUTDOWN_MS}\n\n`);
        finish();
      });
    if (end?.aborted) {
      endForShutdown();
      await chain;
      return;
    }
    end?.addEventListener('abort', endForShutdown, { once: true });
    const unsubscribe = await source
      .subscribe((status) => enqueue(() => send(status)))
      .catch((err) => {
        end?.removeEventListener('abort', endForShutdown);
        throw err;
      });
    const timer = setInterval(() => {
      enqueue(async () => {
        await stream.write(': heartbeat\n\n');
        const status = await source.read();
        if (status) await send(status);
      });
    }, this.options.heartbeatMs);
    try {
      // Read after subscribing: a change from now on is either in this read or in a notification.
      const current = await source.read();
      if (current) enqueue(() => send(current));
      else finish();
      await finished;
      await chain;
    } finally {
      clearInterval(timer);
      end?.removeEventListener('abort', endForShutdown);
      unsubscribe();
    }
  }
}
