import {
  CATALOGUE_API,
  CATALOGUE_KEY_HEADER,
  sandboxDemo,
  sandboxGetClock,
  sandboxInbox,
  sandboxMetrics,
  sandboxOutbox,
  sandboxSetClock,
  VTEX_API,
} from '@drip/core';
import * as v from 'valibot';
import { catalogueKeyOf } from '../../config.ts';
import { parseWith } from '../../http/body.ts';
import type { Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { demoWorld } from '../../seed.ts';
import { listOutbox } from '../notifications/outbox.ts';
import { nuvemshopDemo } from '../plugins/emulator.ts';
import { inboxPage } from './inbox-page.ts';
import { changeClock, clockState, queryCount } from './service.ts';

/** `POST /sandbox/clock`: move the server's clock forward, or back to the real time. */
const ClockRequest = v.union(
  [
    v.strictObject({
      advanceDays: v.optional(
        v.pipe(v.number('advanceDays deve ser um número'), v.integer(), v.minValue(0), v.maxValue(3650)),
      ),
      advanceMinutes: v.optional(
        v.pipe(
          v.number('advanceMinutes deve ser um número'),
          v.integer(),
          v.minValue(0),
          v.maxValue(525_600),
        ),
      ),
    }),
    v.strictObject({ reset: v.literal(true, 'reset deve ser true') }),
  ],
  'Envie { "advanceDays": N }, { "advanceMinutes": N } ou { "reset": true }',
);

export function sandboxRoutes(s: Services): RouteDef[] {
  const db = s.database.db;
  return [
    route(sandboxGetClock, async () => clockState(s.clock)),
    route(sandboxSetClock, async ({ body }) => changeClock(s.clock, parseWith(ClockRequest, body))),
    // The catalogue key is configuration, not a row: shown beside the world so that a demo can call the catalogue.
    route(sandboxDemo, async () => {
      const world = await demoWorld(db);
      return {
        ...world,
        // Each demo merchant's VTEX connector credentials (public like the demo passwords; stored hashed).
        merchants: await Promise.all(
          world.merchants.map(async (m) => ({
            ...m,
            vtex: {
              ...(await s.vtex.ensureDemoCredentials(m.id)),
              providerUrl: `${s.config.publicUrl}${VTEX_API}`,
            },
          })),
        ),
        vtexStore: `${s.config.publicUrl}/sandbox/vtex`,
        nuvemshop: s.nuvemshopEmulator
          ? nuvemshopDemo(s.nuvemshopEmulator, world.merchants, s.config.publicUrl)
          : [],
        catalogue: {
          apiKeyHeader: CATALOGUE_KEY_HEADER,
          apiKey: catalogueKeyOf(s.config),
          basePath: CATALOGUE_API,
        },
      };
    }),
    route(sandboxOutbox, async ({ c }) => {
      const to = c.req.query('to')?.trim() || undefined;
      return { messages: await listOutbox(db, to ? { to } : {}) };
    }),
    route(sandboxMetrics, async ({ c }) => {
      const count = queryCount(s.database);
      c.header('Cache-Control', 'no-store');
      return count;
    }),
    route(sandboxInbox, async ({ c }) => {
      const to = c.req.query('to')?.trim() || undefined;
      const messages = await listOutbox(db, to ? { to, limit: 200 } : { limit: 200 });
      c.header('Cache-Control', 'no-store');
      return c.html(inboxPage(messages, to), 200);
    }),
  ];
}
