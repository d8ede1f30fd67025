import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The state of the sandbox's platform emulators (the Nuvemshop store, the VTEX gateway), one JSON document each,
 * so that a restart of the sandbox does not forget the stores that installed Drip while Drip's side remembers them
 * (docs/sandbox-emulators.md). Sandbox only; empty in production.
 */
export const sandboxEmulatorState = pgTable('sandbox_emulator_state', {
  name: text('name').primaryKey(),
  state: jsonb('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
