/**
 * No CPF, phone, e-mail, token, password or Pix secret in the logs (docs/logging.md, "Redaction"): the real server
 * (startServer, the seeded demo world with its history) logging at debug level into memory, driven through a
 * realistic run over HTTP (logins of the three portals, password recoveries, a checkout with phone and CPF paid by
 * Pix, the merchant API key, a merchant webhook with its secret, an instalment paid, a VTEX call, searches by CPF and
 * e-mail, a client request id that is a CPF, the shutdown). Then every captured line is searched for every
 * personal value and secret of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminCustomers,
  checkoutPaths,
  customerOrders,
  customerPayInstalment,
  fillPath,
  merchantCreateWebhook,
  paths,
} from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_MERCHANTS, DEMO_PASSWORD } from '../../src/seed.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { createBody, customerData, freshShopper } from '../checkout-helpers.ts';
import { testConfig } from '../helpers.ts';
import { PG_ADMIN_URL } from '../pg-database.ts';
import { receiver } from '../webhooks-helpers.ts';

const lines: string[] = [];
const secrets = new Set<string>();
let server: RunningServer;
let dataDir: string;
let hook: Awaited<ReturnType<typeof receiver>>;

const PIX_WEBHOOK_SECRET = 'pix-webhook-secret-of-the-test-0001';
const RECEIVER_TOKEN = 'receiver-own-token-0001';

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the run reads arbitrary JSON answers
  body: any;
  text: string;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token pair of a login answer, remembered as secrets the logs must not show. */
function keepTokens(answer: Answer): { token: string; refreshToken: string } {
  expect([200, 201], answer.text).toContain(answer.status);
  const { token, refreshToken } = answer.body as { token: string; refreshToken: string };
  secrets.add(token);
  secrets.add(refreshToken);
  return { token, refreshToken };
}

async function latest(to: string): Promise<{ code?: string; link?: string }> {
  const res = await call('GET', `${paths.sandbox.outbox}?to=${encodeURIComponent(to)}`);
  const message = res.body?.messages?.[0];
  if (!message) throw new Error(`nothing in the outbox for ${to}: ${res.text}`);
  return message;
}

async function codeFor(to: string): Promise<string> {
  const { code } = await latest(to);
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

async function payPix(brcode: string, payerCpf: string) {
  const paid = await call('POST', '/sandbox/pix/pay', { brcode, payerCpf, payerBankCode: '260' });
  expect(paid.status, paid.text).toBe(200);
}

beforeAll(async () => {
  if (PG_ADMIN_URL) return;
  dataDir = mkdtempSync(join(tmpdir(), 'drip-pii-logs-'));
  hook = await receiver();
  const config = testConfig({
    dataDir,
    logLevel: 'debug',
    pix: {
      provider: 'sandbox',
      apiUrl: undefined,
      clientId: undefined,
      clientSecret: undefined,
      certPath: undefined,
      keyPath: undefined,
      key: undefined,
      webhookSecret: PIX_WEBHOOK_SECRET,
      expirySeconds: 900,
    },
    shutdown: { graceMs: 0, drainTimeoutMs: 5_000 },
  });
  server = await startServer(config, { log: createLogger('debug', (l) => lines.push(l)) });
}, 180_000);

afterAll(async () => {
  await server?.close();
  await hook?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// The server runs on a PGlite data folder whatever the run: the PostgreSQL run would repeat it as it is.
describe.skipIf(PG_ADMIN_URL)('a full run of the server logged at debug level', () => {
  it('shows no CPF, phone, e-mail, password, token, API key or secret of the run', async () => {
    const world = (await call('GET', paths.sandbox.demo)).body;
    for (const m of world.merchants) {
      secrets.add(m.apiKey);
      if (m.vtex) secrets.add(m.vtex.appToken);
    }

    // The admin: login, a search by CPF and one by e-mail, a refresh.
    const admin = keepTokens(
      await call('POST', paths.admin.login, { username: DEMO_ADMIN.email, password: DEMO_PASSWORD }),
    );
    const maria = DEMO_CUSTOMERS[0];
    if (!maria) throw new Error('no demo customer');
    for (const [type, text] of [
      ['cpf', maria.cpf],
      ['email', maria.email],
      ['phone', maria.phone],
    ] as const) {
      const found = await call(
        'GET',
        `${adminCustomers.path}?type=${type}&text=${encodeURIComponent(text)}`,
        undefined,
        bearer(admin.token),
      );
      expect(found.status, found.text).toBe(200);
    }
    keepTokens(await call('PUT', paths.admin.login, undefined, { RefreshToken: admin.refreshToken }));

    // Every merchant user: password, then the SMS code.
    const merchantTokens: Record<string, string> = {};
    for (const m of DEMO_MERCHANTS)
      for (const u of m.users) {
        const step1 = await call('POST', paths.merchant.login, {
          username: u.email,
          password: DEMO_PASSWORD,
        });
        expect(step1.status, step1.text).toBe(200);
        const smsCode = await codeFor(u.phone);
        merchantTokens[u.email] = keepTokens(
          await call('POST', paths.merchant.login, { username: u.email, smsCode }),
        ).token;
      }

    // Every customer, by CPF, and Maria's orders.
    const customerTokens = DEMO_CUSTOMERS.map(
      async (c) =>
        keepTokens(await call('POST', paths.customer.login, { username: c.cpf, password: DEMO_PASSWORD }))
          .token,
    );
    const mariaToken = await customerTokens[0];
    await Promise.all(customerTokens);
    if (!mariaToken) throw new Error('no token');

    // Recoveries: a customer's by SMS token, a merchant user's by e-mail link.
    const joao = DEMO_CUSTOMERS[1];
    if (!joao) throw new Error('no second customer');
    expect((await call('POST', paths.customer.recoverPassword, { customerCpf: joao.cpf })).status).toBe(200);
    const recoveryToken = await codeFor(joao.phone);
    secrets.add('senha-recuperada-1');
    await call('PUT', paths.customer.recoverValidate, {
      token: recoveryToken,
      customerCpf: joao.cpf,
      type: 'password',
    });
    const reset = await call('PUT', paths.customer.recoverPassword, {
      token: recoveryToken,
      customerCpf: joao.cpf,
      password: 'senha-recuperada-1',
      repeatPassword: 'senha-recuperada-1',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(
      (await call('POST', paths.merchant.recoverPassword, { merchantUserEmail: 'leitura@aurora.demo' }))
        .status,
    ).toBe(200);
    const { link } = await latest('leitura@aurora.demo');
    const recoveryId = new URL(link ?? '').searchParams.get('recovery_id') ?? '';
    expect(recoveryId).not.toBe('');
    secrets.add(recoveryId);
    secrets.add('nova-senha-da-leitura-1');
    expect((await call('GET', paths.merchant.recoveryLink(recoveryId))).status).toBe(200);
    const newPassword = await call('PUT', paths.merchant.recoveryLink(recoveryId), {
      password: 'nova-senha-da-leitura-1',
      repeatPassword: 'nova-senha-da-leitura-1',
    });
    expect(newPassword.status, newPassword.text).toBe(200);

    // Casa Pitanga's webhook, with its signing secret and a token of the receiver's own in the URL.
    const pitangaAdmin = merchantTokens['admin@pitanga.demo'] ?? '';
    const webhook = await call(
      'POST',
      merchantCreateWebhook.path,
      { url: `${hook.url}?token=${RECEIVER_TOKEN}`, events: ['ORDER_CREATED', 'CHECKOUT_STATUS_CHANGED'] },
      bearer(pitangaAdmin),
    );
    expect(webhook.status, webhook.text).toBe(201);
    secrets.add(webhook.body.secret);
    secrets.add(RECEIVER_TOKEN);

    // A checkout created with Casa Pitanga's API key, prefilled, for a first-time shopper: phone, SMS token, the
    // verification Pix paid by the shopper's CPF, analysis, confirmation.
    const pitangaKey = world.merchants.find((m: { name: string }) => m.name === 'Casa Pitanga').apiKey;
    const shopper = freshShopper();
    const email = 'ana.compradora@example.com';
    const created = await call(
      'POST',
      checkoutPaths.merchantCheckouts,
      createBody({ amount: 150, customer: { prefill: { cpf: shopper.cpf, phone: shopper.phone, email } } }),
      { ...bearer(pitangaKey), 'idempotency-key': crypto.randomUUID(), 'x-request-id': shopper.cpf },
    );
    expect(created.status, created.text).toBe(201);
    const checkoutId: string = created.body.id;
    const put = (body: unknown = {}) => call('PUT', checkoutPaths.checkout(checkoutId), body);
    expect((await put()).status).toBe(200);
    expect((await put(customerData(shopper.cpf, shopper.phone, { customerEmail: email }))).status).toBe(200);
    const afterToken = await put({ phoneVerificationCode: await codeFor(shopper.phone) });
    expect(afterToken.status, afterToken.text).toBe(200);
    const verification = afterToken.body.fields.find((f: { fieldName: string }) => f.fieldName === 'payment');
    if (verification) await payPix(verification.fieldData.paymentQrCodeText, shopper.cpf);
    const analysed = await put();
    expect(analysed.status, analysed.text).toBe(200);
    if (analysed.body.fields.some((f: { fieldName: string }) => f.fieldName === 'checkoutConfirmation'))
      await put({ checkoutConfirmed: true });
    const view = await call('GET', checkoutPaths.merchantCheckout(checkoutId), undefined, bearer(pitangaKey));
    expect(view.status, view.text).toBe(200);

    // Maria pays her next instalment by Pix.
    const orders = await call('GET', `${customerOrders.path}?page=0&size=20`, undefined, bearer(mariaToken));
    expect(orders.status, orders.text).toBe(200);
    for (const order of orders.body.content ?? []) {
      const pay = await call(
        'PUT',
        fillPath(customerPayInstalment.path, { id: order.id }),
        undefined,
        bearer(mariaToken),
      );
      if (pay.status !== 200) continue;
      const qr = pay.body.payment?.qrCodeText ?? pay.body.qrCodeText;
      if (typeof qr === 'string') {
        await payPix(qr, maria.cpf);
        break;
      }
    }

    // The VTEX connector, with the provider's AppKey and AppToken.
    const vtexMerchant = world.merchants.find((m: { vtex?: unknown }) => m.vtex);
    const vtexCall = await call(
      'POST',
      '/api/v1/vtex/payments',
      {},
      {
        'X-PROVIDER-API-AppKey': vtexMerchant.vtex.appKey,
        'X-PROVIDER-API-AppToken': vtexMerchant.vtex.appToken,
      },
    );
    expect(vtexCall.status).toBeLessThan(500);

    // The webhook's deliveries go out from the queue's job (every 10 s).
    const deadline = Date.now() + 30_000;
    while (hook.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(hook.received.length).toBeGreaterThan(0);

    await server.close();

    // The run was logged, at every level it uses.
    expect(lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThan(40);
    expect(lines.some((l) => l.includes('"msg":"request query"'))).toBe(true);
    expect(lines.some((l) => l.includes('"msg":"outbound call"'))).toBe(true);
    expect(lines.some((l) => l.includes('"msg":"server stopped"'))).toBe(true);

    const personal = [
      DEMO_ADMIN.email,
      DEMO_PASSWORD,
      PIX_WEBHOOK_SECRET,
      ...DEMO_MERCHANTS.flatMap((m) => m.users.flatMap((u) => [u.email, ...phoneSpellings(u.phone)])),
      ...DEMO_CUSTOMERS.flatMap((c) => [c.email, ...cpfSpellings(c.cpf), ...phoneSpellings(c.phone)]),
      ...cpfSpellings(shopper.cpf),
      ...phoneSpellings(shopper.phone),
      email,
    ];
    const leaks = [...personal, ...secrets]
      .filter((value) => value.length >= 6)
      .flatMap((value) => lines.filter((l) => l.includes(value)).map((l) => `${value} in ${l}`));
    expect(leaks).toEqual([]);
    const searched = [...personal, ...secrets].filter((value) => value.length >= 6).length;
    console.info(
      `logs of a full run: ${lines.length} lines searched for ${searched} personal values and secrets, 0 found`,
    );
  }, 240_000);
});

function cpfSpellings(cpf: string): string[] {
  return [cpf, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`];
}

/** +5511912345678, 5511912345678, 11912345678 and (11) 91234-5678. */
function phoneSpellings(phone: string): string[] {
  const national = phone.replace(/^\+55/, '');
  return [
    phone,
    phone.slice(1),
    national,
    `(${national.slice(0, 2)}) ${national.slice(2, national.length - 4)}-${national.slice(-4)}`,
  ];
}
