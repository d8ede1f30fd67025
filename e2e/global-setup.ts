import type { TestProject } from 'vitest/node';
import { startDrip } from './drip-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Drip server per worker slot: slot k (VITEST_POOL_ID) uses baseUrls[k - 1]. */
    baseUrls: string[];
  }
}

// Files run two at a time (vitest.config.ts); each worker slot has a server of its own, so a file shares its server
// (its data, its sandbox clock) only with the files that ran before it in the same slot, never with one running
// at the same moment: the same as when every file ran one after the other on a single server.
export default async function setup(project: TestProject) {
  const slots = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(
    Array.from({ length: slots }, (_, i) => startDrip(slots === 1 ? 'main' : `main-${i + 1}`)),
  );
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
