/** Builds the settlements module: the `payout` port adapter chosen by configuration, and the service. */
import type { Dependencies } from '../../circuit.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { TaskQueues } from '../../jobs/queue.ts';
import type { Logger } from '../../log.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { guardedPayouts, type PayoutPort, SandboxPayouts } from './payout-port.ts';
import { SettlementService } from './service.ts';
import { StarkBankPayouts } from './stark-bank.ts';

export interface SettlementsModule {
  settlements: SettlementService;
  /** The sandbox bank's payouts (listed on its page); null when payouts go to Stark Bank. */
  sandboxPayouts: SandboxPayouts | null;
}

export function buildSettlements(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  queues: TaskQueues;
  /** SETTLEMENT_CREATED is published in the transaction that creates a settlement. */
  webhooks: Pick<WebhookService, 'publish'>;
  /** Tests give their own port (a failing or crashing one). */
  payouts?: PayoutPort;
  /** The payout provider's circuit and time-out (guardedPayouts). */
  dependencies: Dependencies;
}): SettlementsModule {
  const { config, db, clock, log, queues, webhooks } = deps;
  const payout = config.payout ?? { provider: 'sandbox' };
  const sandboxPayouts = payout.provider === 'sandbox' ? new SandboxPayouts({ db, clock }) : null;
  const raw =
    deps.payouts ??
    (payout.provider === 'starkbank' && payout.starkbank
      ? new StarkBankPayouts(payout.starkbank)
      : (sandboxPayouts ?? new SandboxPayouts({ db, clock })));
  const port = guardedPayouts(raw, deps.dependencies.circuit('payout'));
  return {
    settlements: new SettlementService({ db, clock, log, queues, webhooks, payouts: port }),
    sandboxPayouts,
  };
}
