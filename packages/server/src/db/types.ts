import type { Db } from './index.ts';

/** A transaction handle, usable wherever a query runs inside `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
