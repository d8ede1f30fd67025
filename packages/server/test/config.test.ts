import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'drip-config-'));

/** A generated-looking secret (what `openssl rand -base64 48` gives). */
const STRONG = 'q7Vx2LmN9pR4tY8wZ1bC6dF3gH5jK0sA-uE_oI7yT2rW4eQ9';

/** A complete real-PSP configuration (required in production). */
const PRODUCTION_PIX = {
  PIX_PROVIDER: 'apipix',
  PIX_API_URL: 'https://psp.example',
  PIX_CLIENT_ID: 'drip',
  PIX_CLIENT_SECRET: 'k2Jd8sLq0Pz3Xv7NcB1mW5',
  PIX_KEY: 'pix@drip.example',
  PIX_WEBHOOK_SECRET: 'Wq4Zx8Lp2Nm6Rt0Yv3Bc',
};

/** A real payout provider (required in production with the real PSP). */
const PRODUCTION_PAYOUT = {
  PAYOUT_PROVIDER: 'starkbank',
  STARKBANK_PROJECT_ID: '5656565656565656',
  STARKBANK_PRIVATE_KEY: '-----BEGIN EC PRIVATE KEY-----\\nMHQCAQEEIB\\n-----END EC PRIVATE KEY-----',
  STARKBANK_ENVIRONMENT: 'production',
};

describe('loadConfig', () => {
  it('has defaults and a persisted sandbox JWT secret', () => {
    const dir = tmp();
    const c = loadConfig({ DRIP_DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      sandbox: true,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
    });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.jwtSecret).toBe(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim());
    expect(loadConfig({ DRIP_DATA_DIR: dir }).jwtSecret).toBe(c.jwtSecret);
    expect(c.portalsDist).toBe(resolve(import.meta.dirname, '../../portals/dist'));
  });

  it('DRIP_EXPOSURE_REFRESH_SECONDS: 5 by default, 0 allowed, out of range refused', () => {
    const dir = tmp();
    expect(loadConfig({ DRIP_DATA_DIR: dir }).checkout?.exposureRefreshSeconds).toBe(5);
    expect(
      loadConfig({ DRIP_DATA_DIR: dir, DRIP_EXPOSURE_REFRESH_SECONDS: '0' }).checkout?.exposureRefreshSeconds,
    ).toBe(0);
    expect(() => loadConfig({ DRIP_DATA_DIR: dir, DRIP_EXPOSURE_REFRESH_SECONDS: '-1' })).toThrow(
      /DRIP_EXPOSURE_REFRESH_SECONDS must be an integer between 0 and 3600/,
    );
  });

  it('Nuvemshop app: both credentials or none, hosts with production defaults; PLUGIN_TOKEN_KEY of 32+ characters', () => {
    const dir = tmp();
    expect(loadConfig({ DRIP_DATA_DIR: dir }).nuvemshop).toBeUndefined();
    expect(
      loadConfig({ DRIP_DATA_DIR: dir, NUVEMSHOP_APP_ID: '123', NUVEMSHOP_CLIENT_SECRET: 's3cr3t' })
        .nuvemshop,
    ).toMatchObject({
      appId: '123',
      authUrl: 'https://www.nuvemshop.com.br',
      apiUrl: 'https://api.nuvemshop.com.br/v1',
    });
    expect(() => loadConfig({ DRIP_DATA_DIR: dir, NUVEMSHOP_APP_ID: '123' })).toThrow(
      /NUVEMSHOP_APP_ID and NUVEMSHOP_CLIENT_SECRET must be set together/,
    );
    expect(() =>
      loadConfig({
        DRIP_DATA_DIR: dir,
        NUVEMSHOP_APP_ID: '1',
        NUVEMSHOP_CLIENT_SECRET: 's',
        NUVEMSHOP_API_URL: 'ftp://x',
      }),
    ).toThrow(/NUVEMSHOP_API_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ DRIP_DATA_DIR: dir, PLUGIN_TOKEN_KEY: 'short' })).toThrow(
      /PLUGIN_TOKEN_KEY must be at least 32 characters/,
    );
  });

  it('resolves a relative DRIP_DATA_DIR from the repository root', () => {
    const c = loadConfig({ DRIP_DATA_DIR: 'x-data', JWT_SECRET: 'a'.repeat(32) });
    expect(c.dataDir).toBe(resolve(import.meta.dirname, '../../../x-data'));
  });

  it('production needs JWT_SECRET and turns the sandbox off; DRIP_SANDBOX forces it on outside production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DRIP_DATA_DIR: tmp(), ...PRODUCTION_PIX })).toThrow(
      /JWT_SECRET is required/,
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: STRONG,
      ...PRODUCTION_PIX,
      ...PRODUCTION_PAYOUT,
    });
    expect(c.sandbox).toBe(false);
    expect(c.pix?.provider).toBe('apipix');
    expect(c.payout?.provider).toBe('starkbank');
    expect(loadConfig({ DRIP_SANDBOX: '0', JWT_SECRET: 's'.repeat(40) }).sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'staging', DRIP_SANDBOX: '1', JWT_SECRET: STRONG }).sandbox).toBe(true);
  });

  it.each([
    ['32 × a', 'a'.repeat(32), /JWT_SECRET is too weak for production \(only 1 distinct characters\)/],
    ['changeme × 4', 'changeme'.repeat(4), /JWT_SECRET is too weak for production/],
    [
      'a repeated block',
      'Ab3$Xy9!Qz'.repeat(4),
      /JWT_SECRET is too weak .*a block of 10 characters repeated/,
    ],
    ['a placeholder', 'my-super-secret-jwt-key-for-drip-prod-2026', /JWT_SECRET .*placeholder "secret"/],
  ])('production refuses a weak JWT_SECRET (%s), naming the setting', (_name, secret, message) => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ...PRODUCTION_PIX })).toThrow(
      message,
    );
    // outside production the same value is accepted (local development)
    expect(loadConfig({ JWT_SECRET: secret, DRIP_DATA_DIR: tmp() }).jwtSecret).toBe(secret);
  });

  it('production refuses the sandbox PSP (PIX_PROVIDER unset or sandbox)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG })).toThrow(
      /PIX_PROVIDER must be apipix when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG, PIX_PROVIDER: 'sandbox' })).toThrow(
      /PIX_PROVIDER must be apipix/,
    );
  });

  it.each([
    ['unset', {}],
    ['sandbox', { PAYOUT_PROVIDER: 'sandbox' }],
  ])(
    'production refuses the sandbox bank (PAYOUT_PROVIDER %s): settlements would be paid to nobody',
    (_n, payout) => {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG, ...PRODUCTION_PIX, ...payout }),
      ).toThrow(/PAYOUT_PROVIDER must be starkbank when NODE_ENV=production/);
      // outside production the sandbox bank stays the default
      expect(loadConfig({ DRIP_DATA_DIR: tmp(), ...payout }).payout?.provider).toBe('sandbox');
    },
  );

  it("production refuses Stark Bank's sandbox environment and a Stark Bank API over http", () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: STRONG, ...PRODUCTION_PIX, ...PRODUCTION_PAYOUT };
    expect(() => loadConfig({ ...base, STARKBANK_ENVIRONMENT: 'sandbox' })).toThrow(
      /STARKBANK_ENVIRONMENT must be production when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...base, STARKBANK_ENVIRONMENT: '' })).toThrow(
      /STARKBANK_ENVIRONMENT must be production/,
    );
    expect(() => loadConfig({ ...base, STARKBANK_API_URL: 'http://bank-proxy.example' })).toThrow(
      /STARKBANK_API_URL must be an https URL when NODE_ENV=production/,
    );
    expect(
      loadConfig({ ...base, STARKBANK_API_URL: 'https://bank-proxy.example' }).payout?.starkbank?.apiUrl,
    ).toBe('https://bank-proxy.example');
  });

  it('production refuses PIX_API_URL over http (the PSP client secret would travel in clear)', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: STRONG, ...PRODUCTION_PIX, ...PRODUCTION_PAYOUT };
    for (const url of ['http://psp.example', 'HTTP://psp.example', 'http://10.0.0.5:8443'])
      expect(() => loadConfig({ ...base, PIX_API_URL: url })).toThrow(
        /PIX_API_URL must be an https URL when NODE_ENV=production/,
      );
    expect(loadConfig({ ...base, PIX_API_URL: 'https://psp.example' }).pix?.apiUrl).toBe(
      'https://psp.example',
    );
    // a PSP on the developer's machine stays possible outside production
    expect(
      loadConfig({ DRIP_DATA_DIR: tmp(), ...PRODUCTION_PIX, PIX_API_URL: 'http://127.0.0.1:8443' }).pix
        ?.apiUrl,
    ).toBe('http://127.0.0.1:8443');
  });

  it('production refuses DRIP_SANDBOX=1 (demo users with the documented password would be seeded)', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG, DRIP_SANDBOX: '1', ...PRODUCTION_PIX }),
    ).toThrow(/DRIP_SANDBOX must be off when NODE_ENV=production/);
  });

  it('production refuses a weak PIX_WEBHOOK_SECRET', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: STRONG,
        ...PRODUCTION_PIX,
        PIX_WEBHOOK_SECRET: 'changeme'.repeat(2),
      }),
    ).toThrow(/PIX_WEBHOOK_SECRET is too weak for production/);
  });

  it('startServer refuses a production Config with the sandbox on, before seeding anything', async () => {
    const dataDir = tmp();
    const config = {
      ...loadConfig({ DRIP_DATA_DIR: dataDir, JWT_SECRET: STRONG }),
      nodeEnv: 'production',
      sandbox: true,
      logLevel: 'silent' as const,
      port: 0,
    };
    await expect(startServer(config)).rejects.toThrow(/DRIP_SANDBOX must be off/);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });

  it('send caps: 5 per checkout a day, 5 per recipient and 20 per IP an hour by default; configurable', () => {
    const dir = tmp();
    expect(loadConfig({ DRIP_DATA_DIR: dir }).sendCaps).toEqual({
      perCheckout: { max: 5, windowSeconds: 86_400 },
      perRecipient: { max: 5, windowSeconds: 3600 },
      perIp: { max: 20, windowSeconds: 3600 },
    });
    const c = loadConfig({
      DRIP_DATA_DIR: dir,
      SEND_CAP_PER_CHECKOUT: '3',
      SEND_CAP_PER_RECIPIENT_PER_HOUR: '4',
      SEND_CAP_PER_IP_PER_HOUR: '50',
    });
    expect([c.sendCaps?.perCheckout.max, c.sendCaps?.perRecipient.max, c.sendCaps?.perIp.max]).toEqual([
      3, 4, 50,
    ]);
    expect(() => loadConfig({ DRIP_DATA_DIR: dir, SEND_CAP_PER_IP_PER_HOUR: '0' })).toThrow(
      /SEND_CAP_PER_IP_PER_HOUR must be an integer between 1 and/,
    );
  });

  it('TRUSTED_PROXIES: none by default; addresses and CIDR ranges; anything else refused', () => {
    const dir = tmp();
    expect(loadConfig({ DRIP_DATA_DIR: dir }).trustedProxies).toEqual([]);
    expect(
      loadConfig({ DRIP_DATA_DIR: dir, TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '*'])
      expect(() => loadConfig({ DRIP_DATA_DIR: dir, TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
  });

  it('reports every bad value at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        DRIP_SANDBOX: 'maybe',
        JWT_SECRET: 'short',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = err instanceof ConfigError ? err.problems : [];
      expect(problems).toHaveLength(5);
      expect(problems.join('\n')).toContain('PORT');
    }
  });
});

/** Runs the real entry point (tsx src/main.ts) with `env` until it exits; its exit code and stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'silent', DRIP_DATA_DIR: tmp(), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    }),
  );
}

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('is off by default, read in seconds, and refused outside 0–60', () => {
    const dir = tmp();
    expect(loadConfig({ DRIP_DATA_DIR: dir }).shutdownGraceMs).toBeUndefined();
    expect(loadConfig({ DRIP_DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: '2.5' }).shutdownGraceMs).toBe(2500);
    for (const bad of ['-1', '61', 'soon'])
      expect(() => loadConfig({ DRIP_DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: bad })).toThrow(
        /SHUTDOWN_GRACE_SECONDS must be a number of seconds between 0 and 60/,
      );
  });
});

describe('the server start in production', () => {
  it('exits with a message naming each unsafe setting, and listens on nothing', async () => {
    const [weak, sandbox] = await Promise.all([
      runMain({ NODE_ENV: 'production', JWT_SECRET: 'changeme'.repeat(4) }),
      runMain({ NODE_ENV: 'production', JWT_SECRET: STRONG, DRIP_SANDBOX: '1', ...PRODUCTION_PIX }),
    ]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Invalid configuration:');
    expect(weak.stderr).toContain('JWT_SECRET is too weak for production');
    expect(weak.stderr).toContain('PIX_PROVIDER must be apipix when NODE_ENV=production');
    expect(sandbox.code).toBe(1);
    expect(sandbox.stderr).toContain('DRIP_SANDBOX must be off when NODE_ENV=production');
  }, 60_000);
});
