// The two ceilings the authenticated read is measured against (bench/auth-read.mjs):
//   bare   — a node:http endpoint answering a constant JSON body;
//   select — a node:http endpoint doing one SELECT by primary key on the same database as Drip, answering the row.
// Usage: node bench/ceiling-server.mjs bare|select  (env: PORT, and for select CUSTOMER_ID plus DATABASE_URL or
// DRIP_DATA_DIR for PGlite). Prints "ready" when listening.
import { createServer } from 'node:http';

const mode = process.argv[2];
const port = Number(process.env.PORT);
let query = async () => ({ status: 'ok' });
let close = async () => {};

if (mode === 'select') {
  const id = process.env.CUSTOMER_ID;
  const sql = 'select * from customers where id = $1';
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    query = async () => (await pool.query(sql, [id])).rows[0];
    close = () => pool.end();
  } else {
    // The same PGlite set-up as Drip's (packages/server/src/db/index.ts): NodeFS, strict durability, fsync on.
    const { PGlite } = await import('@electric-sql/pglite');
    const { NodeFS } = await import('@electric-sql/pglite/nodefs');
    const db = await PGlite.create({
      fs: new NodeFS(process.env.DRIP_DATA_DIR),
      relaxedDurability: false,
      startParams: PGlite.defaultStartParams.filter((p) => p !== '-F'),
    });
    query = async () => (await db.query(sql, [id])).rows[0];
    close = () => db.close();
  }
  if (!(await query())) throw new Error(`no customer ${id} in the database`);
} else if (mode !== 'bare') {
  throw new Error('usage: ceiling-server.mjs bare|select');
}

const server = createServer(async (_req, res) => {
  const body = JSON.stringify(await query());
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => close().then(() => process.exit(0))));
