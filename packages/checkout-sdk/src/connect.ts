/**
 * Penpal connection to a Drip frame: only `allowedOrigin` may talk to us (Penpal drops every other origin and
 * every other window), and the child's protocol version is checked before any of its events are delivered.
 */
import {
  type CheckoutChildMethods,
  type CheckoutParentMethods,
  EMBED_PROTOCOL_VERSION,
  type WidgetChildMethods,
  type WidgetParentMethods,
} from '@drip/core';
import { connect, WindowMessenger } from 'penpal';

/** `unavailable`: the frame never connected (time-out, blocked) or the connection broke; `version`: the child
 * speaks another protocol version (or none). */
export type ConnectFailure = 'unavailable' | 'version';

export interface FrameConnection {
  destroy(): void;
}

export interface ConnectFrameOptions {
  frame: HTMLIFrameElement;
  allowedOrigin: string;
  channel: string;
  /** Called with every value the child emits (still `unknown`: the caller parses it). */
  onEmit(value: unknown): void;
  onFailure(reason: ConnectFailure, message: string): void;
  timeoutMs?: number;
}

export function connectFrame(options: ConnectFrameOptions): FrameConnection {
  const { frame, allowedOrigin, onEmit, onFailure } = options;
  const remoteWindow = frame.contentWindow;
  if (!remoteWindow) throw new Error('Drip: mount into an element that is in the document.');
  // Events the child emits before its version is checked wait here; null once checked.
  let pending: unknown[] | null = [];
  let destroyed = false;
  // What arrives from the frame is unknown until parsed, whatever the child's types say.
  const methods: CheckoutParentMethods & WidgetParentMethods = {
    emit(value: unknown) {
      if (pending) pending.push(value);
      else onEmit(value);
    },
  };
  const connection = connect<CheckoutChildMethods & WidgetChildMethods>({
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [allowedOrigin] }),
    channel: options.channel,
    timeout: options.timeoutMs,
    methods: { ...methods },
  });
  const fail = (reason: ConnectFailure, message: string) => {
    if (destroyed) return;
    destroyed = true;
    connection.destroy();
    onFailure(reason, message);
  };
  connection.promise
    .then((child) => child.protocolVersion())
    .then(
      (version) => {
        if (destroyed) return;
        if (version !== EMBED_PROTOCOL_VERSION) {
          fail(
            'version',
            `Drip: protocol ${String(version)} ≠ ${EMBED_PROTOCOL_VERSION}: update @drip/checkout-sdk.`,
          );
          return;
        }
        const held = pending ?? [];
        pending = null;
        for (const value of held) onEmit(value);
      },
      (error: unknown) => {
        // METHOD_NOT_FOUND: a child without protocolVersion() speaks an older protocol.
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        fail(code === 'METHOD_NOT_FOUND' ? 'version' : 'unavailable', `Drip: ${String(error)}`);
      },
    );
  return {
    destroy() {
      destroyed = true;
      connection.destroy();
    },
  };
}
