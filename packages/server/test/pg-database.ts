// The PostgreSQL side of the test databases, apart from helpers.ts so that the global setup loads it without the app.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.DRIP_TEST_DATABASE_URL?.trim() || undefined;

/**
 * A fresh PostgreSQL database (drip_test_<random>) on the server of DRIP_TEST_DATABASE_URL, a copy of `template`
 * when given (CREATE DATABASE … TEMPLATE); dropped by drop().
 */
export async function createPgDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `drip_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
