/**
 * The admin's dead-task filter offers the queues of `QUEUE_NAMES` (@drip/core): a queue defined by the server and
 * missing there could not be filtered on, one listed there and gone from the server would filter on nothing.
 */
import { QUEUE_NAMES } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, openTestDatabase } from '../helpers.ts';

describe('the known queue names', () => {
  let t: ReturnType<typeof appOn>;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    dispose = opened.dispose;
    t = appOn(opened.database);
  });
  afterAll(async () => {
    t.built.services.sandboxPsp?.close();
    await t.built.services.instalmentEvents.close();
    await dispose();
  });

  it('are the queues the server defines', async () => {
    // The census answers every defined queue, with zeros when it has no task.
    const defined = (await t.built.services.queues.census()).map((c) => c.queue);
    expect([...defined].sort()).toEqual([...QUEUE_NAMES].sort());
  });
});
