// Starts Drip exactly as `npm start` does (node scripts/start.mjs), on a free port with its own data folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface DripServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Drip server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Drip server did not answer /healthz within ${timeoutMs} ms`);
}

export async function startDrip(name: string, env: Record<string, string> = {}): Promise<DripServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `drip-e2e-${name}-`));
  const logs = join(repoRoot, '.e2e-artifacts');
  mkdirSync(logs, { recursive: true });
  const log = createWriteStream(join(logs, `server-${name}.log`));
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DRIP_DATA_DIR: dataDir,
      NODE_ENV: 'development',
      // Tests that need the demo store start their own, on a free port.
      DRIP_DEMO_STORE: '0',
      // Every test shopper comes from this machine's address and many share a phone: the send caps (tested in the
      // server suite) would refuse the later ones.
      SEND_CAP_PER_CHECKOUT: '100000',
      SEND_CAP_PER_RECIPIENT_PER_HOUR: '100000',
      SEND_CAP_PER_IP_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, 90_000);
  return {
    url,
    port,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
