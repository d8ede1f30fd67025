// `npm start` as a person at a terminal sees it: no JSON log lines, the URLs and credentials last, in aligned
// columns, and the logs still written to files.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './drip-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'drip-e2e-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('ends its output with the URLs and the demo credentials, readable, and keeps the JSON logs in a file', async () => {
    const port = await freePort();
    const logDir = join(dataDir, 'logs');
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DRIP_DATA_DIR: join(dataDir, 'db'),
        DRIP_LOG_DIR: logDir,
        DRIP_DEMO_STORE: '0',
        DRIP_START_OUTPUT: 'human',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    try {
      const deadline = Date.now() + 90_000;
      while (!out.includes('Stop with Ctrl+C') && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 200));
      // Whatever the server logs after start-up (the jobs' runs) must not push the summary up.
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    const lines = out.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(
      /^Logs: server .*server-\d+\.log, builds .*build-\*\.log\. Stop with Ctrl\+C\.$/,
    );
    expect(lines.filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    expect(lines.length).toBeLessThan(40);

    const url = `http://localhost:${port}`;
    const row = (label: string) => lines.find((l) => l.trimStart().startsWith(label)) ?? '';
    const admin = row('Admin');
    const merchant = row('Merchant portal');
    const customer = row('Customer portal');
    expect(admin).toContain(`${url}/admin/login`);
    expect(admin).toContain('admin@drip.dev / drip-demo-123');
    expect(merchant).toContain(`${url}/parceira/login`);
    expect(merchant).toMatch(/admin@\w+\.demo \/ drip-demo-123/);
    expect(customer).toContain(`${url}/cliente/login`);
    expect(customer).toContain('CPF 529.982.247-25 / drip-demo-123');
    for (const user of ['admin@aurora.demo', 'leitura@aurora.demo', 'admin@pitanga.demo'])
      expect(out).toContain(`${user} / drip-demo-123`);
    // Aligned: the URLs start in one column, and so do the credentials.
    const urlColumn = admin.indexOf('http://');
    expect(merchant.indexOf('http://')).toBe(urlColumn);
    expect(customer.indexOf('http://')).toBe(urlColumn);
    expect(merchant.indexOf('admin@')).toBe(admin.indexOf('admin@drip.dev'));

    const serverLog = join(logDir, `server-${port}.log`);
    expect(existsSync(serverLog)).toBe(true);
    const logged = readFileSync(serverLog, 'utf8').split('\n').filter(Boolean);
    expect(logged.some((l) => l.includes('"msg":"listening"'))).toBe(true);
  }, 120_000);
});
