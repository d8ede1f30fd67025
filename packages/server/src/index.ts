// Public API of @drip/server: every export is named here.
export { type AppDeps, buildApp, createApp } from './app.ts';
export { type Clock, type ManualClock, manualClock, systemClock } from './clock.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { type DatabaseHandle, type Db, type OpenDatabaseOptions, openDatabase } from './db/index.ts';
export { createLogger, type Logger, type LogLevel } from './log.ts';
export { PasswordHasher } from './modules/auth/passwords.ts';
export type { EmailPort, Notifications, SmsPort } from './modules/notifications/ports.ts';
export { DEMO_PASSWORD, demoWorld, seed } from './seed.ts';
export { type RunningServer, startServer } from './server.ts';

import type { DatabaseHandle } from './db/index.ts';

/** Applies the committed migrations to an open database. */
export function migrate(database: DatabaseHandle): Promise<void> {
  return database.migrate();
}
