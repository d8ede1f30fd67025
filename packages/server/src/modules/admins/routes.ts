import {
  adminDeadTasks,
  adminDisableMerchant,
  adminEnableMerchant,
  adminGetEmbedDomains,
  adminGetUser,
  adminLogin,
  adminRefresh,
  adminRetryDeadTask,
  adminSetEmbedDomains,
  adminUpdateUser,
} from '@drip/core';
import { claimsOf, clientIp, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { refreshHandler } from '../auth/routes.ts';

export function adminRoutes(s: Services): RouteDef[] {
  const actor = (c: Parameters<typeof claimsOf>[0]) => ({
    adminId: claimsOf(c).sub,
    requestId: c.get('requestId'),
  });
  return [
    route(adminGetEmbedDomains, async ({ params }) => ({
      merchantId: params.merchantId,
      domains: await s.merchants.registeredEmbedDomains(params.merchantId),
    })),
    route(adminSetEmbedDomains, async ({ c, params, body }) => {
      const domains = await s.merchants.setEmbedDomains(params.merchantId, body.domains, actor(c));
      // The hosted pages' CSP follows the merchants' origins.
      s.embedOrigins.clear();
      return { merchantId: params.merchantId, domains };
    }),
    route(adminDisableMerchant, async ({ c, params }) =>
      s.merchants.setStatus(params.merchantId, 'ARCHIVED', actor(c)),
    ),
    route(adminEnableMerchant, async ({ c, params }) =>
      s.merchants.setStatus(params.merchantId, 'ENABLED', actor(c)),
    ),
    // The durable queue's dead tasks (docs/jobs.md): listed for an operator, who may put one back in its queue.
    route(adminDeadTasks, async ({ query }) => {
      const { total, tasks } = await s.queues.listDead({
        ...(query.queue ? { queue: query.queue } : {}),
        limit: query.size,
        offset: query.page * query.size,
      });
      return {
        total,
        diedSinceStart: s.queues.deadCounts(),
        tasks: tasks.map((task) => ({
          ...task,
          createdAt: task.createdAt.toISOString(),
          diedAt: task.diedAt.toISOString(),
        })),
      };
    }),
    route(adminRetryDeadTask, async ({ c, params }) => {
      const { adminId, requestId } = actor(c);
      const task = await s.queues.retryDead(params.id, (tx, dead) =>
        s.audit.record(
          {
            actorType: 'ADMIN',
            actorId: adminId,
            action: 'QUEUE_TASK_RETRIED',
            entityType: 'job_queue',
            entityId: dead.id,
            details: { queue: dead.queue, attempts: dead.attempts, lastError: dead.lastError },
            ...(requestId ? { requestId } : {}),
          },
          tx,
        ),
      );
      return { id: task.id, queue: task.queue, status: 'PENDING' as const };
    }),
    route(adminLogin, async ({ c, body }) => {
      const ip = clientIp(c);
      await s.limiter.take('admin-login', ip);
      const attempt = await s.throttle.begin('admin-login', body.username, ip);
      const subject = await s.admins.login(body.username, body.password);
      await attempt.succeeded();
      return s.auth.issuePair(subject, { remember: body.remember });
    }),
    route(
      adminRefresh,
      refreshHandler(s, 'admin', (id) => s.admins.subject(id)),
    ),
    route(adminGetUser, async ({ c }) => s.admins.get(claimsOf(c).sub)),
    route(adminUpdateUser, async ({ c, body }) => s.admins.update(claimsOf(c).sub, body, c.get('requestId'))),
  ];
}
