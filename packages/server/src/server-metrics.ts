/**
 * The figures of the server's own state, registered on its metrics once its services exist (docs/metrics.md).
 * Each scrape-time family is ONE read by the service that owns the rows (a module owns its tables): metrics never
 * query a module's table itself.
 */
import { type CircuitStatus, circuitStates } from './circuit.ts';
import type { Services } from './http/context.ts';
import type { Metrics, Sample } from './metrics.ts';

export function registerServerMetrics(metrics: Metrics, s: Services): void {
  metrics.gauge({
    name: 'drip_db_info',
    help: 'The database engine of this instance (always 1): pglite (embedded, one in-process connection) or postgres.',
    labelNames: ['kind'],
    collect: () => [{ labels: { kind: s.database.kind }, value: 1 }],
  });
  const poolUsage = s.database.poolUsage?.bind(s.database);
  if (poolUsage) {
    metrics.gauges({
      families: [
        {
          name: 'drip_db_pool_connections',
          help: 'Connections of the PostgreSQL pool, by state: idle, or busy (checked out by a query or a transaction).',
          labelNames: ['state'],
        },
        {
          name: 'drip_db_pool_waiting_clients',
          help: 'Queries waiting for a pool connection (above 0 for long: the pool is too small or held too long).',
        },
        { name: 'drip_db_pool_max_connections', help: 'The pool size (connections at most).' },
      ],
      collect: async () => {
        const u = poolUsage();
        return {
          drip_db_pool_connections: [
            { labels: { state: 'idle' }, value: u.idle },
            { labels: { state: 'busy' }, value: u.total - u.idle },
          ],
          drip_db_pool_waiting_clients: [{ value: u.waiting }],
          drip_db_pool_max_connections: [{ value: u.max }],
        };
      },
    });
  }

  metrics.gauges({
    families: [
      {
        name: 'drip_queue_tasks',
        help: 'Tasks of a durable queue by state: due (waiting for a worker), waiting (a retry back-off, or scheduled later), running (under a worker lease).',
        labelNames: ['queue', 'state'],
      },
      {
        name: 'drip_queue_dead_tasks',
        help: 'Tasks of a durable queue that failed for good (DEAD), listed for an operator to retry (admin.deadTasks).',
        labelNames: ['queue'],
      },
      {
        name: 'drip_queue_oldest_due_seconds',
        help: 'How long the oldest due task of a queue has waited for a worker (0 when none is due).',
        labelNames: ['queue'],
      },
    ],
    collect: async () => {
      const census = await s.queues.census();
      return {
        drip_queue_tasks: census.flatMap((c) =>
          (['due', 'waiting', 'running'] as const).map((state) => ({
            labels: { queue: c.queue, state },
            value: c[state],
          })),
        ),
        drip_queue_dead_tasks: census.map((c) => ({ labels: { queue: c.queue }, value: c.dead })),
        drip_queue_oldest_due_seconds: census.map((c) => ({
          labels: { queue: c.queue },
          value: c.oldestDueSeconds,
        })),
      };
    },
  });
  metrics.counterFrom({
    name: 'drip_queue_tasks_died_total',
    help: 'Tasks of a durable queue that died in this process (each also logged as "queued task dead").',
    labelNames: ['queue'],
    read: () => Object.entries(s.queues.deadCounts()).map(([queue, n]) => ({ labels: { queue }, value: n })),
  });

  metrics.counterFrom({
    name: 'drip_webhook_delivery_attempts_total',
    help: 'Merchant webhook delivery attempts made by this process, by outcome: delivered (2xx), failed (retried with back-off), given_up (the last one: the delivery is FAILED after 3 days).',
    labelNames: ['outcome'],
    read: () =>
      Object.entries(s.webhooks.attemptCounts()).map(([outcome, n]) => ({ labels: { outcome }, value: n })),
  });

  metrics.gauge({
    name: 'drip_pix_charges_pending_past_expiry',
    help: 'Pix charges still ACTIVE after their expiry, by purpose (the pix-charge-expiry job expires them within 30 s: a count that stays up says it is stuck).',
    labelNames: ['purpose'],
    collect: async () =>
      (await s.payments.pendingPastExpiry()).map(
        (r): Sample => ({ labels: { purpose: r.purpose }, value: r.count }),
      ),
  });

  metrics.gauges({
    families: [
      {
        name: 'drip_payouts_failed',
        help: 'Payouts to merchants not made whose last try failed (retried on the settlement-payouts queue, or dead there).',
      },
      {
        name: 'drip_payouts_failed_centavos',
        help: 'What those payouts would transfer, in centavos.',
      },
    ],
    collect: async () => {
      const failed = await s.settlements.failedPayouts();
      return {
        drip_payouts_failed: [{ value: failed.count }],
        drip_payouts_failed_centavos: [{ value: failed.amount }],
      };
    },
  });

  // The circuits (circuit.ts): per dependency, not per circuit, as each merchant's webhook endpoint has its own.
  const byDependency = (pick: (c: CircuitStatus) => number, state?: CircuitStatus['state']): Sample[] => {
    const sums = new Map<string, number>();
    for (const c of circuitStates(s))
      if (state === undefined || c.state === state)
        sums.set(c.dependency, (sums.get(c.dependency) ?? 0) + pick(c));
    return [...sums].map(([dependency, value]): Sample => {
      const labels: Record<string, string> = state ? { dependency, state } : { dependency };
      return { labels, value };
    });
  };
  metrics.gauge({
    name: 'drip_circuits',
    help: 'Circuits in front of a dependency by state: open (calls fail fast, the dependency is not called), half-open (one probe allowed), closed.',
    labelNames: ['dependency', 'state'],
    collect: () =>
      (['closed', 'open', 'half-open'] as const).flatMap((state) => byDependency(() => 1, state)),
  });
  metrics.counterFrom({
    name: 'drip_circuit_opened_total',
    help: "Times a dependency's circuits opened (consecutive failures or time-outs reached the threshold).",
    labelNames: ['dependency'],
    read: () => byDependency((c) => c.opened),
  });
}
