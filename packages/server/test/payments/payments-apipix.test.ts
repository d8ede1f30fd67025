import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cents } from '@drip/core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { buildDynamicBrCode } from '../../src/modules/payments/brcode.ts';
import { apiPixHttpAdapter, type PixPort, PixProviderError } from '../../src/modules/payments/pix-port.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { createPgDatabase, PG_ADMIN_URL, testConfig } from '../helpers.ts';

const CLIENT = { clientId: 'loopback-client', clientSecret: 'loopback-secret-0123456789' };
let server: RunningServer;
let dropPg: (() => Promise<void>) | undefined;
let adapter: PixPort;

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (PG_ADMIN_URL) {
    const fresh = await createPgDatabase(PG_ADMIN_URL);
    databaseUrl = fresh.url;
    dropPg = fresh.drop;
  }
  const config = testConfig({
    databaseUrl,
    dataDir: mkdtempSync(join(tmpdir(), 'drip-apipix-')),
    pix: {
      provider: 'sandbox',
      apiUrl: undefined,
      certPath: undefined,
      keyPath: undefined,
      key: undefined,
      webhookSecret: undefined,
      expirySeconds: 900,
      ...CLIENT,
    },
  });
  server = await startServer(config, { log: createLogger('silent') });
  adapter = apiPixHttpAdapter({
    baseUrl: `${server.url}/sandbox/psp`,
    ...CLIENT,
    pixKey: 'pix@drip.dev',
    brCodeFor: (cob) =>
      buildDynamicBrCode({
        location: cob.location,
        amount: cob.valor.original,
        merchantName: 'Drip',
        merchantCity: 'SP',
      }),
  });
});
afterAll(async () => {
  await server?.close();
  await dropPg?.();
});

describe('API Pix HTTP adapter against the sandbox PSP on loopback', () => {
  it('creates, reads, has paid, refunds and cancels cobs over HTTP with OAuth2', async () => {
    const txid = 'loopbacktxid00000000000000000001';
    const cob = await adapter.createCob({
      txid,
      amount: cents(12345),
      expiresInSeconds: 600,
      description: 'Teste',
    });
    expect(cob).toMatchObject({ txid, amount: 12345, status: 'ATIVA', pix: [] });
    expect(cob.brCode).toMatch(/^000201/);
    expect(await adapter.getCob('loopbacktxid00000000000000000404')).toBeNull();

    const pay = await fetch(`${server.url}/sandbox/pix/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        brcode: cob.brCode,
        payerCpf: '52998224725',
        payerBankCode: '341',
        payerName: 'Ana',
      }),
    });
    expect(pay.status).toBe(200);
    const paidBody: unknown = await pay.json();
    const paid = v.parse(v.object({ endToEndId: v.string() }), paidBody);
    const read = await adapter.getCob(txid);
    expect(read?.status).toBe('CONCLUIDA');
    expect(read?.pix[0]).toMatchObject({
      endToEndId: paid.endToEndId,
      amount: 12345,
      payerCpf: '52998224725',
      payerBankCode: '341',
      payerIspb: '60701190',
    });
    const pix = await adapter.getPix(paid.endToEndId);
    expect(pix).toMatchObject({ txid, amount: 12345 });

    const d1 = await adapter.refund(paid.endToEndId, cents(345), 'dev1');
    expect(d1).toMatchObject({ id: 'dev1', amount: 345, status: 'DEVOLVIDO' });
    // Idempotent by id.
    expect(await adapter.refund(paid.endToEndId, cents(345), 'dev1')).toMatchObject({ id: 'dev1' });
    await expect(adapter.refund(paid.endToEndId, cents(20000), 'dev2')).rejects.toBeInstanceOf(
      PixProviderError,
    );

    const other = 'loopbacktxid00000000000000000002';
    await adapter.createCob({ txid: other, amount: cents(100), expiresInSeconds: 600, description: 'x' });
    await adapter.cancelCob(other);
    expect((await adapter.getCob(other))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('fails clearly with wrong client credentials and refuses calls without a token', async () => {
    const bad = apiPixHttpAdapter({
      baseUrl: `${server.url}/sandbox/psp`,
      clientId: 'x',
      clientSecret: 'y',
      pixKey: 'k',
      brCodeFor: () => '',
    });
    await expect(bad.getCob('loopbacktxid00000000000000000001')).rejects.toThrow(
      /token request failed \(401\)/,
    );
    const raw = await fetch(`${server.url}/sandbox/psp/v2/cob/loopbacktxid00000000000000000001`);
    expect(raw.status).toBe(401);
    expect(raw.headers.get('content-type')).toContain('application/problem+json');
  });
});
