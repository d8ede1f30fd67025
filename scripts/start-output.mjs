// What `npm start` prints for a person: the server's warnings and errors as one readable line each, and the closing
// summary of URLs and credentials (aligned columns). Pure functions; e2e/start.e2e.ts runs `npm start` and reads them.

const LEVELS = new Set(['warn', 'error']);

/**
 * One JSON log line of the server as a readable line, or null when it is not for the terminal (debug and info go
 * to the log file only). A line that is not JSON (a stack trace, a library's own print) is shown as it is.
 */
export function formatLogLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return line;
  const { time: _time, level, msg, stack: _stack, ...fields } = entry;
  if (!LEVELS.has(level)) return null;
  const details = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `[drip] ${level === 'error' ? 'ERROR' : 'warning'}: ${msg}${details ? ` (${details})` : ''}`;
}

/** Rows of label / value / extra, the columns padded to their widest cell. */
function table(rows) {
  const widths = [0, 1].map((i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) =>
    `  ${row[0].padEnd(widths[0])}  ${row.length > 2 ? `${(row[1] ?? '').padEnd(widths[1])}  ${row[2]}` : (row[1] ?? '')}`.trimEnd(),
  );
}

const cpfMask = (cpf) =>
  /^\d{11}$/.test(cpf) ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf;

/**
 * The closing summary: where each area is and who signs in there (the sandbox's demo world, `GET /sandbox/demo`),
 * then where the logs are. `world` is null outside the sandbox (no demo users to show).
 */
export function startSummary({ url, world, demoStoreUrl, serverLog, buildLogs }) {
  const lines = ['', `Drip is running on ${url}${world ? ' (sandbox)' : ''}`, ''];
  const rows = [];
  if (world) {
    rows.push(['Admin', `${url}/admin/login`, `${world.admin.email} / ${world.admin.password}`]);
    world.merchants.forEach((merchant, i) => {
      merchant.users.forEach((user, j) => {
        const role = user.permissions.includes('ADMIN') ? 'ADMIN' : 'READ';
        rows.push([
          i === 0 && j === 0 ? 'Merchant portal' : '',
          i === 0 && j === 0 ? `${url}/parceira/login` : '',
          `${user.email} / ${user.password}  (${merchant.name}, ${role})`,
        ]);
      });
    });
    world.customers.forEach((customer, i) => {
      rows.push([
        i === 0 ? 'Customer portal' : '',
        i === 0 ? `${url}/cliente/login` : '',
        `CPF ${cpfMask(customer.cpf)} / ${customer.password}  (${customer.name})`,
      ]);
    });
    rows.push(['Sandbox inbox', `${url}/sandbox/inbox`, 'every SMS and e-mail sent']);
    rows.push(['Sandbox bank', `${url}/sandbox/bank`, 'pay a Pix copy-paste code']);
    if (demoStoreUrl) rows.push(['Demo store', demoStoreUrl, 'buys with the SDK, another origin']);
    rows.push(['API reference', `${url}/api/docs`, 'merchant API keys at /sandbox/demo']);
    if (world.vtexStore)
      rows.push(['VTEX store (emulated)', world.vtexStore, 'buys through the VTEX connector']);
    for (const merchant of world.merchants.filter((m) => m.vtex))
      rows.push([
        merchant === world.merchants.find((m) => m.vtex) ? 'VTEX connector' : '',
        merchant === world.merchants.find((m) => m.vtex) ? merchant.vtex.providerUrl : '',
        `${merchant.name}: AppKey ${merchant.vtex.appKey} / AppToken ${merchant.vtex.appToken}`,
      ]);
    (world.nuvemshop ?? []).forEach((store, i) => {
      rows.push([
        i === 0 ? 'Nuvemshop (emulated)' : '',
        store.storeUrl,
        `${store.merchant}: install Drip at ${store.signUpUrl}`,
      ]);
    });
    if (world.catalogue?.apiKey)
      rows.push([
        'Store catalogue',
        `${url}${world.catalogue.basePath}`,
        `${world.catalogue.apiKeyHeader}: ${world.catalogue.apiKey}`,
      ]);
  } else {
    rows.push(['Admin', `${url}/admin/login`]);
    rows.push(['Merchant portal', `${url}/parceira/login`]);
    rows.push(['Customer portal', `${url}/cliente/login`]);
    rows.push(['API reference', `${url}/api/docs`]);
  }
  lines.push(...table(rows), '');
  if (world) lines.push('The merchant portal then asks for the SMS code: read it in the sandbox inbox.');
  lines.push(`Logs: server ${serverLog}, builds ${buildLogs}. Stop with Ctrl+C.`);
  return lines.join('\n');
}
