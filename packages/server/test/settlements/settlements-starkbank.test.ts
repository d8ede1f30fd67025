/**
 * The `payout` port's Stark Bank adapter, through the real `starkbank` SDK, against a fake of Stark Bank's HTTP API
 * served in process: the signed requests (checked with the project's public key), DICT lookups, transfers unique
 * by externalId, and the answers that get lost.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { manualClock } from '../../src/clock.ts';
import { createLogger } from '../../src/log.ts';
import { PasswordHasher } from '../../src/modules/auth/passwords.ts';
import { StarkBankPayouts } from '../../src/modules/settlements/stark-bank.ts';
import { seed } from '../../src/seed.ts';
import { openTestDatabase, TEST_HASHING, testConfig } from '../helpers.ts';
import { newMerchant, payoutsOf, sell } from '../settlements-helpers.ts';

interface Ecdsa {
  PrivateKey: new () => { toPem(): string; publicKey(): unknown };
  Ecdsa: { verify(message: string, signature: unknown, publicKey: unknown): boolean };
  Signature: { fromBase64(s: string): unknown };
}
const req = createRequire(import.meta.url);
const ecdsa = createRequire(req.resolve('starkbank'))('starkbank-ecdsa') as Ecdsa;

interface FakeTransfer {
  id: string;
  amount: number;
  externalId: string;
  tags: string[];
  bankCode: string;
  branchCode: string;
  accountNumber: string;
  name: string;
  taxId: string;
}

/** Stark Bank's API as far as payouts use it. */
class FakeStarkBank {
  readonly transfers: FakeTransfer[] = [];
  readonly unsigned: string[] = [];
  /** The next POST /transfer answers 500 without doing anything. */
  failNext = 0;
  /** The next POST /transfer is made, and its answer is lost (the connection drops). */
  loseNextAnswer = 0;
  private server: Server | null = null;
  url = '';

  constructor(private readonly publicKey: unknown) {}

  async start(): Promise<void> {
    const server = createServer((rq, rs) => void this.handle(rq, rs));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(rq: IncomingMessage, rs: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of rq) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, json: unknown) => {
      rs.writeHead(status, { 'content-type': 'application/json' });
      rs.end(JSON.stringify(json));
    };
    const message = `${rq.headers['access-id']}:${rq.headers['access-time']}:${rq.method === 'POST' ? body : ''}`;
    const signature = String(rq.headers['access-signature'] ?? '');
    if (!signature || !ecdsa.Ecdsa.verify(message, ecdsa.Signature.fromBase64(signature), this.publicKey)) {
      this.unsigned.push(String(rq.url));
      send(401, { errors: [{ code: 'invalidSignature', message: 'bad signature' }] });
      return;
    }
    const url = new URL(String(rq.url), this.url);
    if (rq.method === 'GET' && url.pathname.startsWith('/v2/dict-key/')) {
      const key = decodeURIComponent(url.pathname.slice('/v2/dict-key/'.length));
      // The SDK reads the entity under the resource name's last word (DictKey → `key`).
      send(200, {
        key: {
          id: key,
          type: 'email',
          name: 'Loja Teste Ltda',
          taxId: '11.222.333/0001-81',
          ispb: '20018183',
          branchCode: '0001',
          accountNumber: '9876543-2',
          accountType: 'checking',
          status: 'registered',
        },
      });
      return;
    }
    if (rq.method === 'GET' && url.pathname === '/v2/transfer') {
      const tags = (url.searchParams.get('tags') ?? '').split(',').filter(Boolean);
      const found = this.transfers.filter((t) => tags.every((tag) => t.tags.includes(tag)));
      send(200, { transfers: found.slice(0, Number(url.searchParams.get('limit') ?? 100)), cursor: null });
      return;
    }
    if (rq.method === 'POST' && url.pathname === '/v2/transfer') {
      if (this.failNext > 0) {
        this.failNext--;
        send(500, { errors: [{ code: 'internalServerError', message: 'Houston' }] });
        return;
      }
      const asked = (JSON.parse(body) as { transfers: Omit<FakeTransfer, 'id'>[] }).transfers;
      if (asked.some((t) => this.transfers.some((x) => x.externalId === t.externalId))) {
        send(400, { errors: [{ code: 'invalidExternalId', message: 'externalId already in use' }] });
        return;
      }
      const made = asked.map((t) => ({ ...t, id: randomUUID().replaceAll('-', '').slice(0, 16) }));
      this.transfers.push(...made);
      if (this.loseNextAnswer > 0) {
        this.loseNextAnswer--;
        rq.socket.destroy();
        return;
      }
      send(200, {
        message: 'Transfer(s) successfully created',
        transfers: made.map((t) => ({ ...t, status: 'created' })),
      });
      return;
    }
    send(404, { errors: [{ code: 'notFound', message: 'no such route' }] });
  }
}

describe('Stark Bank payouts', () => {
  const key = new ecdsa.PrivateKey();
  const fake = new FakeStarkBank(key.publicKey());
  const starkbank = (destination: 'pix' | 'bank_account') => ({
    environment: 'sandbox' as const,
    projectId: '5656565656565656',
    privateKey: key.toPem(),
    destination,
    apiUrl: fake.url,
  });
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  const request = (externalId: string) => ({
    externalId,
    merchantId: randomUUID(),
    amount: 12_345,
    description: 'Repasse Drip',
    destination: {
      name: 'Loja Teste Ltda',
      taxId: '11222333000181',
      pixKey: 'financeiro@loja.example',
      bank: { code: '341', agency: '1234', account: '56789', accountDigit: '0', accountType: 'checking' },
    },
  });

  it('pays to the Pix key: the account comes from the DICT, the request is signed', async () => {
    const port = new StarkBankPayouts(starkbank('pix'));
    const { providerId } = await port.transfer(request('drip-payout-a'));
    const made = fake.transfers.find((t) => t.externalId === 'drip-payout-a');
    expect(made).toMatchObject({
      id: providerId,
      amount: 12_345,
      bankCode: '20018183',
      branchCode: '0001',
      accountNumber: '9876543-2',
      tags: ['drip-payout-a'],
    });
    expect(fake.unsigned).toEqual([]);
  });

  it('pays to the bank account when configured so', async () => {
    const port = new StarkBankPayouts(starkbank('bank_account'));
    await port.transfer(request('drip-payout-b'));
    expect(fake.transfers.find((t) => t.externalId === 'drip-payout-b')).toMatchObject({
      bankCode: '341',
      branchCode: '1234',
      accountNumber: '56789-0',
      taxId: '11222333000181',
    });
  });

  it('asked again with the same externalId, answers the first transfer and makes no second one', async () => {
    const port = new StarkBankPayouts(starkbank('pix'));
    const first = await port.transfer(request('drip-payout-c'));
    const again = await port.transfer(request('drip-payout-c'));
    expect(again.providerId).toBe(first.providerId);
    expect(fake.transfers.filter((t) => t.externalId === 'drip-payout-c')).toHaveLength(1);
  });

  it('an answer lost on the way back: the retry finds the transfer made instead of paying twice', async () => {
    const port = new StarkBankPayouts(starkbank('pix'));
    fake.loseNextAnswer = 1;
    // The lost answer is a network error; the adapter looks the transfer up by its tag and answers it.
    const { providerId } = await port.transfer(request('drip-payout-d'));
    const made = fake.transfers.filter((t) => t.externalId === 'drip-payout-d');
    expect(made).toHaveLength(1);
    expect(providerId).toBe(made[0]?.id);
  });

  it('the whole path: a settlement paid through Stark Bank, a 500 retried with back-off, paid once', async () => {
    const { database, dispose } = await openTestDatabase();
    try {
      await seed(database.db, new PasswordHasher(TEST_HASHING));
      const clock = manualClock(new Date('2026-03-10T15:00:00Z'));
      const built = buildApp({
        config: testConfig({ payout: { provider: 'starkbank', starkbank: starkbank('pix') } }),
        database,
        clock,
        log: createLogger('silent'),
      });
      expect(built.services.sandboxPayouts).toBeNull();
      const t = { built, clock };
      const m = await newMerchant(t);
      await sell(t, m, { total: 20_000 });
      fake.failNext = 1;
      await built.services.settlements.run();
      await built.services.settlements.payoutQueue.drain();
      let [p] = await payoutsOf(t, m);
      expect(p).toMatchObject({ status: 'PENDING', platform: 'DRIP_STARKBANK', attempts: 1 });
      clock.advance(31_000);
      await built.services.settlements.payoutQueue.drain();
      [p] = await payoutsOf(t, m);
      expect(p?.status).toBe('PAID');
      const made = fake.transfers.filter((x) => x.externalId === p?.externalId);
      expect(made.map((x) => [x.amount, x.id])).toEqual([[20_000, p?.providerId]]);
    } finally {
      await dispose();
    }
  });
});
