import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { TaskQueues } from '../../jobs/queue.ts';
import type { Logger } from '../../log.ts';
import type { PixPort } from './pix-port.ts';

/** What every part of the payments service is built with. */
export interface PaymentsOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  pix: PixPort;
  /** The durable queues (jobs/queue.ts): the devoluções are sent to the PSP through one. */
  queues: TaskQueues;
  defaultExpirySeconds: number;
  /** Path of the QR images; the charge's `qrCodeUrl` is `${qrBasePath}/${txid}.png`. */
  qrBasePath: string;
}
