/**
 * Modules own their tables (docs/modules.md): a file under src/modules/<m>/ reaches another module's rows through
 * that module's service. It may import another module's tables file only for a read listed in READS below, and
 * never writes such a table (insert, update, delete, by the query builder or in SQL text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../src/modules');

/**
 * The reads of another module's table that stay, as `<module or module/file> -> <owner>.<table>`, each with why.
 * Short on purpose: a new entry needs a reason of the same kind (docs/modules.md).
 */
const READS: Record<string, string> = {
  // The checkout's load is ONE statement joining its merchant's 15 columns (prepared); the API key lookup runs on
  // every merchant API call (prepared); the simulator reads a merchant's instalment settings.
  'checkouts -> merchants.merchants': 'the one-statement checkout load, the API key, the simulator',
  // Demo data: the seed finds the merchants and the customer the world's other seeds created.
  'checkouts/seed.ts -> customers.customers': 'demo world',
  'orders/seed.ts -> customers.customers': 'demo world',
  'orders/seed.ts -> merchants.merchants': 'demo world',
  // The customer's instalment views join the merchant's name and the customer's CPF in their one query; a refund
  // reads the merchant's refund window and platform under the order's lock.
  // The admin orders list joins its page's merchant and customer names and finds orders by CPF or e-mail.
  'orders -> customers.customers': 'instalment views and Pix payer, admin orders list',
  'orders -> merchants.merchants':
    'instalment views, refund rules (cancelMaxDays, platform), admin orders list',
  // The credit history and the portfolio exposure are aggregates over orders, in the analysis' one query.
  'credit -> orders.orders': 'credit history, portfolio exposure',
  'credit -> orders.instalments': 'credit history, portfolio exposure',
  // The merchant's sales list joins each checkout's order in its one paged query (the refunded filter and status
  // read the order's canceled amount); the order detail lists the order's products.
  'checkouts/merchant-views.ts -> orders.orders': 'merchant sales list and detail',
  'checkouts/merchant-views.ts -> orders.orderProducts': 'merchant order detail products',
  // The renegotiation request looks the customer and their late instalments up.
  'debts -> customers.customers': 'renegotiation lookup',
  'debts -> orders.orders': 'renegotiation lookup',
  'debts -> orders.instalments': 'renegotiation lookup',
  // Settlements are set-based over the orders (new sales, canceled totals, whether an instalment is paid); booking a
  // sale copies the order's codes, time and buyer's name onto the extract's row; the merchant's settlement settings
  // and payout destination are read with them. Read-only: sales and cancellations come in through these reads.
  'settlements -> orders.orders': 'sales, cancellations, the facts of a sale on its row',
  'settlements -> orders.instalments': 'transfer shares per instalment, paid instalments',
  'settlements -> merchants.merchants': 'settlement settings, payout destination',
  'settlements -> customers.customers': "the extract's buyer name",
};

interface TableImport {
  /** The importing file, relative to src/modules (`checkouts/service.ts`). */
  file: string;
  module: string;
  owner: string;
  /** The imported names that are values (a table), not types. */
  names: string[];
  namespace: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `import [type] <default | { names } | * as ns> from '<path>'`, and the same re-exported. */
const IMPORT =
  /\b(import|export)\s+(type\s+)?((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+))\s+from\s+['"]([^'"]+)['"]/g;

/** Every import (or re-export) of another module's tables file (`tables.ts`, `payment-tables.ts`, ...). */
function tableImports(path: string, text: string): TableImport[] {
  const file = relative(MODULES, path).split('\\').join('/');
  const module = file.split('/')[0] ?? '';
  const found: TableImport[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const [, , typeOnly, clause = '', from = ''] = m;
    if (!from.startsWith('.')) continue;
    const target = relative(MODULES, resolve(dirname(path), from))
      .split('\\')
      .join('/');
    const [owner, ...rest] = target.split('/');
    if (!owner || owner.startsWith('..') || owner === module || !/tables\.ts$/.test(rest.join('/'))) continue;
    if (typeOnly) continue;
    const namespace = /\*\s+as\s+/.test(clause);
    const names = (clause.match(/\{([^}]*)\}/)?.[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '' && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/).pop() ?? s);
    if (names.length > 0 || namespace) found.push({ file, module, owner, names, namespace });
  }
  return found;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` writes the table imported as `name`: `.insert(name)`, `.update(name)`, `.delete(name)`, or SQL. */
function writes(text: string, name: string): boolean {
  const n = esc(name);
  return (
    new RegExp(`\\.(insert|update|delete)\\(\\s*${n}\\b`).test(text) ||
    new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*${n}\\s*\\}`, 'i').test(text)
  );
}

/** The rule's violations across src/modules, one line each. */
function violations(): string[] {
  const out: string[] = [];
  for (const path of sourceFiles(MODULES)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(MODULES, path).split('\\').join('/');
    if (/from\s+['"][./]*db\/schema(\.ts)?['"]/.test(text) && file.split('/').length > 1)
      out.push(`${file} imports db/schema.ts (every module's tables): import what it owns, or a service`);
    for (const imp of tableImports(path, text)) {
      if (imp.namespace) out.push(`${imp.file} imports ${imp.owner}'s tables as a namespace`);
      for (const name of imp.names) {
        const pair = `${imp.owner}.${name}`;
        if (writes(text, name)) {
          out.push(`${imp.file} writes ${pair}: go through the ${imp.owner} module's service`);
        } else if (!READS[`${imp.module} -> ${pair}`] && !READS[`${imp.file} -> ${pair}`]) {
          out.push(`${imp.file} reads ${pair}, which READS does not list`);
        }
      }
    }
  }
  return out;
}

describe('modules own their tables', () => {
  it("no file under src/modules writes another module's table, and every other read is listed", () => {
    expect(violations()).toEqual([]);
  });

  it('every listed read is still used (the list does not keep dead entries)', () => {
    const used = new Set<string>();
    for (const path of sourceFiles(MODULES)) {
      for (const imp of tableImports(path, readFileSync(path, 'utf8'))) {
        for (const name of imp.names) {
          used.add(`${imp.module} -> ${imp.owner}.${name}`);
          used.add(`${imp.file} -> ${imp.owner}.${name}`);
        }
      }
    }
    expect(Object.keys(READS).filter((k) => !used.has(k))).toEqual([]);
  });

  it('finds the writes and imports it is meant to refuse', () => {
    const file = join(MODULES, 'checkouts/example.ts');
    const text = [
      "import { customers } from '../customers/tables.ts';",
      "import type { CustomerRow } from '../customers/tables.ts';",
      "import {\n  merchants as m,\n  type MerchantRow,\n} from '../merchants/tables.ts';",
      "import { checkouts } from './tables.ts';",
      "import { uniquePayments } from '../orders/payment-tables.ts';",
    ].join('\n');
    expect(tableImports(file, text).map((i) => [i.owner, i.names])).toEqual([
      ['customers', ['customers']],
      ['merchants', ['m']],
      ['orders', ['uniquePayments']],
    ]);
    expect(writes('await tx.insert(customers).values(row)', 'customers')).toBe(true);
    expect(writes('db\n  .update(customers)\n  .set({})', 'customers')).toBe(true);
    expect(writes('tx.delete(customers).where(x)', 'customers')).toBe(true);
    // A table interpolated in SQL text, as a source file spells it.
    const inSql = (name: string) => ['$', '{', name, '}'].join('');
    expect(writes(`sql\`update ${inSql('customers')} set name = 1\``, 'customers')).toBe(true);
    expect(writes(`sql\`insert into ${inSql('outboxMessages')} (channel) select 1\``, 'outboxMessages')).toBe(
      true,
    );
    expect(writes('db.select().from(customers).where(eq(customers.cpf, cpf))', 'customers')).toBe(false);
    expect(writes(`sql\`select 1 from ${inSql('customers')} as known\``, 'customers')).toBe(false);
  });
});
