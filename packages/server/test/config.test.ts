import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'drip-config-'));

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

  it('resolves a relative DRIP_DATA_DIR from the repository root', () => {
    const c = loadConfig({ DRIP_DATA_DIR: 'x-data', JWT_SECRET: 'a'.repeat(32) });
    expect(c.dataDir).toBe(resolve(import.meta.dirname, '../../../x-data'));
  });

  it('production needs JWT_SECRET and turns the sandbox off; DRIP_SANDBOX forces', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DRIP_DATA_DIR: tmp() })).toThrow(ConfigError);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) });
    expect(c.sandbox).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40), DRIP_SANDBOX: '1' }).sandbox,
    ).toBe(true);
    expect(loadConfig({ DRIP_SANDBOX: '0', JWT_SECRET: 's'.repeat(40) }).sandbox).toBe(false);
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
