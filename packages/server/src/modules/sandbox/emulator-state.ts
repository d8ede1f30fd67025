/**
 * Keeps the sandbox emulators' state in the database (docs/sandbox-emulators.md): an emulator hands its whole state
 * (a small JSON document) after every change and gets it back when the server starts. Writes are queued in order, one
 * at a time, and never fail the emulator's call: a failed write is logged and the next change writes everything again.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { errorFields, type Logger } from '../../log.ts';
import { sandboxEmulatorState } from './tables.ts';

/** What an emulator needs to be kept across restarts. */
export interface EmulatorPersistence {
  load(name: string): Promise<unknown | null>;
  save(name: string, state: unknown): void;
}

export class EmulatorStateStore implements EmulatorPersistence {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async load(name: string): Promise<unknown | null> {
    const [row] = await this.db
      .select({ state: sandboxEmulatorState.state })
      .from(sandboxEmulatorState)
      .where(eq(sandboxEmulatorState.name, name));
    return row?.state ?? null;
  }

  save(name: string, state: unknown): void {
    // Serialised now: the document is the state at the change, whatever happens before the write runs.
    const document = JSON.parse(JSON.stringify(state)) as unknown;
    this.queue = this.queue.then(async () => {
      try {
        const updatedAt = this.now();
        await this.db
          .insert(sandboxEmulatorState)
          .values({ name, state: document, updatedAt })
          .onConflictDoUpdate({ target: sandboxEmulatorState.name, set: { state: document, updatedAt } });
      } catch (err) {
        this.log.warn('sandbox emulator state not saved', { name, ...errorFields(err) });
      }
    });
  }

  /** Resolves once every queued write is done (before the database closes). */
  flush(): Promise<void> {
    return this.queue;
  }
}
