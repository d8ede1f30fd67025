/**
 * What the server tells the app while it shuts down (docs/reliability-shutdown.md): first it drains (the readiness
 * probe fails so that the proxy sends new requests elsewhere, and every answer closes its connection), then it ends
 * the streams still open, whose clients reconnect (to another instance).
 */
export class Lifecycle {
  /** `/readyz` answers 503 'draining', and every answer carries `Connection: close`. */
  draining = false;
  private readonly ending = new AbortController();

  /** Aborted when the open streams must end. */
  get streamsEnd(): AbortSignal {
    return this.ending.signal;
  }

  endStreams(): void {
    this.ending.abort();
  }
}
