/**
 * A fake Drip page inside an iframe, for tests: real Penpal on the child side, over a transport that plays the
 * browser's part. What the parent posts to `frame.contentWindow` reaches the child once it has connected (before
 * that it is lost, as with a page still loading); what the child posts arrives on the parent window as a
 * `message` event from `origin` with `source: frame.contentWindow` (change `origin` to play a third-party page).
 * After the handshake both sides talk over a MessageChannel, as in a browser.
 *
 * jsdom's `postMessage` lacks the `(message, { targetOrigin, transfer })` form Penpal uses, so
 * `installFakeFrames()` gives every frame window a routing `postMessage` (call it in `beforeEach`, and
 * `vi.restoreAllMocks()` after).
 */
import { type Connection, connect, type Message, type MessageHandler, type Messenger } from 'penpal';
import { vi } from 'vitest';

export interface FakeChildOptions {
  origin: string;
  channel: string;
  /** What the child answers to `protocolVersion()`. */
  version?: number;
}

export interface FakeChild {
  /** Resolves once the handshake is done. */
  connection: Connection<{ emit(event: unknown): void }>;
  /** Calls the parent's `emit` (after the handshake). */
  emit(event: unknown): Promise<void>;
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'namespace' in value && value.namespace === 'penpal';
}

type Inbox = (message: unknown, target: unknown) => void;
const inboxes = new WeakMap<Window, Inbox>();
const routed = new WeakSet<Window>();

export function installFakeFrames(): void {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
  const getter = descriptor?.get;
  if (!getter) throw new Error('jsdom without HTMLIFrameElement.contentWindow');
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
    this: HTMLIFrameElement,
  ) {
    // The descriptor's getter is untyped: this is jsdom's own contentWindow.
    const remote: Window | null = getter.call(this);
    if (!remote) return null;
    if (!routed.has(remote)) {
      routed.add(remote);
      remote.postMessage = (message: unknown, target?: unknown) => inboxes.get(remote)?.(message, target);
    }
    return remote;
  });
}

export function connectFakeChild(frame: HTMLIFrameElement, options: FakeChildOptions): FakeChild {
  const remote = frame.contentWindow;
  if (!remote) throw new Error('the frame is not in the document');
  const handlers = new Set<MessageHandler>();
  let port: MessagePort | undefined;
  const deliver = (data: unknown) => {
    if (!isMessage(data) || data.channel !== options.channel) return;
    for (const handler of handlers) handler(data);
  };
  const listen = (p: MessagePort) => {
    port = p;
    p.addEventListener('message', (event) => deliver(event.data));
    p.start();
  };
  inboxes.set(remote, (message, target) => {
    if (isMessage(message) && message.type === 'ACK2' && typeof target === 'object' && target !== null) {
      const transfer: unknown = 'transfer' in target ? target.transfer : undefined;
      const first = Array.isArray(transfer) ? transfer[0] : undefined;
      if (first instanceof MessagePort) listen(first);
    }
    deliver(message);
  });
  const post = (data: Message, ports: MessagePort[]) => {
    const event = new MessageEvent('message', { data, origin: options.origin, source: remote });
    Object.defineProperty(event, 'ports', { value: ports });
    window.dispatchEvent(event);
  };
  const messenger: Messenger = {
    initialize() {},
    sendMessage(message) {
      if (port) {
        port.postMessage(message);
      } else if (message.type === 'ACK2') {
        const pair = new MessageChannel();
        listen(pair.port1);
        post(message, [pair.port2]);
      } else {
        post(message, []);
      }
    },
    addMessageHandler: (handler) => handlers.add(handler),
    removeMessageHandler: (handler) => handlers.delete(handler),
    destroy() {
      port?.close();
      handlers.clear();
    },
  };
  const connection = connect<{ emit(event: unknown): void }>({
    messenger,
    channel: options.channel,
    methods: { protocolVersion: () => options.version ?? 1 },
  });
  return {
    connection,
    async emit(event) {
      const parent = await connection.promise;
      await parent.emit(event);
    },
  };
}
