import { paths } from '@drip/core';
import type { Services } from '../../http/context.ts';
import type { RouteDef } from '../../http/route-table.ts';
import { demoWorld } from '../../seed.ts';
import { listOutbox } from '../notifications/outbox.ts';
import { inboxPage } from './inbox-page.ts';

export function sandboxRoutes(s: Services): RouteDef[] {
  const db = s.database.db;
  return [
    {
      method: 'GET',
      path: paths.sandbox.demo,
      audience: 'sandbox',
      handler: async (c) => c.json(await demoWorld(db), 200),
    },
    {
      method: 'GET',
      path: paths.sandbox.outbox,
      audience: 'sandbox',
      handler: async (c) => {
        const to = c.req.query('to')?.trim() || undefined;
        return c.json({ messages: await listOutbox(db, to ? { to } : {}) }, 200);
      },
    },
    {
      method: 'GET',
      path: paths.sandbox.inbox,
      audience: 'sandbox',
      handler: async (c) => {
        const to = c.req.query('to')?.trim() || undefined;
        const messages = await listOutbox(db, to ? { to, limit: 200 } : { limit: 200 });
        c.header('Cache-Control', 'no-store');
        return c.html(inboxPage(messages, to), 200);
      },
    },
  ];
}
