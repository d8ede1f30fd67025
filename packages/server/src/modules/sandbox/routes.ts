import {
  sandboxDemo,
  sandboxGetClock,
  sandboxInbox,
  sandboxMetrics,
  sandboxOutbox,
  sandboxSetClock,
} from '@drip/core';
import * as v from 'valibot';
import { isOffsetClock } from '../../clock.ts';
import { parseWith } from '../../http/body.ts';
import type { Services } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { demoWorld } from '../../seed.ts';
import { listOutbox } from '../notifications/outbox.ts';
import { inboxPage } from './inbox-page.ts';

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
  const clockState = () => {
    const clock = s.clock;
    return { now: clock.now().toISOString(), offsetMs: isOffsetClock(clock) ? clock.offsetMs() : 0 };
  };
  return [
    route(sandboxGetClock, async () => clockState()),
    route(sandboxSetClock, async ({ body: raw }) => {
      const body = parseWith(ClockRequest, raw);
      const clock = s.clock;
      if (!isOffsetClock(clock))
        throw new ApiError(409, 'CLOCK_FIXED', 'O relógio deste servidor não pode ser alterado');
      if ('reset' in body) clock.reset();
      else clock.advance(((body.advanceDays ?? 0) * 1440 + (body.advanceMinutes ?? 0)) * 60_000);
      return clockState();
    }),
    route(sandboxDemo, async () => await demoWorld(db)),
    route(sandboxOutbox, async ({ c }) => {
      const to = c.req.query('to')?.trim() || undefined;
      return { messages: await listOutbox(db, to ? { to } : {}) };
    }),
    route(sandboxMetrics, async ({ c }) => {
      if (!s.database.countingQueries)
        throw new ApiError(
          409,
          'QUERY_COUNT_OFF',
          'A contagem de consultas está desligada: inicie o servidor com DRIP_COUNT_QUERIES=1',
        );
      c.header('Cache-Control', 'no-store');
      return { queries: s.database.queryCount() };
    }),
    route(sandboxInbox, async ({ c }) => {
      const to = c.req.query('to')?.trim() || undefined;
      const messages = await listOutbox(db, to ? { to, limit: 200 } : { limit: 200 });
      c.header('Cache-Control', 'no-store');
      return c.html(inboxPage(messages, to), 200);
    }),
  ];
}
