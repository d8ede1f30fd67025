// The VTEX Payment Provider test-suite scenarios (docs/vtex.md): approved, denied, async approved, async denied,
// cancel, settle, refund, idempotent retry, played against a Drip sandbox as VTEX's gateway and a shopper would.
// Used by the CLI (vtex-test-suite.mjs, a server over HTTP) and by the server's tests (the app in-process), so that
// the replay is part of `npm test`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

/** The protocol's limit for a connector answer. */
export const LIMIT_MS = 5000;

/** The VTEX side's callbackUrl: records what the connector posts. */
export async function callbackReceiver() {
  const received = new Map();
  const waiters = new Map();
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (d) => {
      data += d;
    });
    req.on('end', () => {
      const paymentId = decodeURIComponent(req.url.split('/payments/')[1]?.split(/[/?]/)[0] ?? '');
      const body = JSON.parse(data || '{}');
      received.set(paymentId, body);
      waiters.get(paymentId)?.(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: (transactionId, paymentId) =>
      `${base}/api/pvt/payment-provider/transactions/${transactionId}/payments/${paymentId}/callback?accountName=drip&X-VTEX-signature=suite`,
    wait: (paymentId, ms = 30_000) =>
      received.has(paymentId)
        ? Promise.resolve(received.get(paymentId))
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no callback within 30 s')), ms);
            waiters.set(paymentId, (b) => {
              clearTimeout(timer);
              resolve(b);
            });
          }),
    close: () => server.close(),
  };
}

/**
 * Runs every scenario in order against the sandbox at `base` and answers their results ({ name, ok, outcome,
 * slowest, total }); `onResult` sees each as it ends. `fetch` reaches the server (the global one over HTTP, or the
 * app's own `request` in-process); `tick` runs before each poll, for a server without background jobs (a test app
 * runs its jobs when told). A scenario fails when it throws or a connector answer takes LIMIT_MS or more.
 */
export async function runScenarios({
  base,
  receiver,
  fetch = globalThis.fetch,
  tick = async () => {},
  onResult = () => {},
}) {
  const results = [];
  const demo = await (await fetch(`${base}/sandbox/demo`)).json();
  const merchant = demo.merchants.find((m) => m.name === 'Casa Pitanga') ?? demo.merchants[0];
  const creds = {
    'X-PROVIDER-API-AppKey': merchant.vtex.appKey,
    'X-PROVIDER-API-AppToken': merchant.vtex.appToken,
  };

  const latencies = [];
  async function connector(method, path, body) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/vtex${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...creds },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const ms = Math.round(performance.now() - started);
    latencies.push(ms);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, ms };
  }
  async function shopper(method, path, body) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  function newPayment(value = 100) {
    const paymentId = randomUUID().replaceAll('-', '').toUpperCase();
    const transactionId = randomUUID().replaceAll('-', '').toUpperCase();
    return {
      reference: String(Math.floor(Math.random() * 1e6)),
      orderId: String(Date.now()),
      shopperInteraction: 'ecommerce',
      transactionId,
      paymentId,
      paymentMethod: 'Promissories',
      paymentMethodCustomCode: null,
      merchantName: 'drip-suite',
      value,
      currency: 'BRL',
      installments: 1,
      deviceFingerprint: '12345678',
      miniCart: {
        shippingValue: 0,
        taxValue: 0,
        items: [{ id: '1', name: 'Produto', price: value, quantity: 1, discount: 0 }],
      },
      url: `${base}/`,
      callbackUrl: receiver.url(transactionId, paymentId),
      returnUrl: `${base}/`,
    };
  }
  const checkoutIdOf = (paymentUrl) => new URL(paymentUrl).pathname.split('/').filter(Boolean).pop();
  async function codeFor(phone) {
    const out = await shopper('GET', `/sandbox/outbox?to=${encodeURIComponent(phone)}`);
    return out.body.messages[0]?.code;
  }
  async function customerData(id, cpf, phone) {
    await shopper('PUT', `/api/v1/checkouts/${id}`, {});
    await shopper('PUT', `/api/v1/checkouts/${id}`, {
      customerPhone: phone,
      customerCpf: cpf,
      customerName: 'Cliente VTEX',
      customerEmail: 'cliente.vtex@example.com',
      addressCep: '01310-100',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1000',
      addressNeighborhood: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'SP',
    });
    return shopper('PUT', `/api/v1/checkouts/${id}`, { phoneVerificationCode: await codeFor(phone) });
  }
  /** A valid CPF nobody used yet (the sandbox bureau approves any CPF that is not a magic value). */
  function freshCpf() {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    digits[0] = 1 + (digits[0] % 8);
    for (const len of [9, 10]) {
      const sum = digits.slice(0, len).reduce((a, d, i) => a + d * (len + 1 - i), 0);
      const r = (sum * 10) % 11;
      digits.push(r === 10 ? 0 : r);
    }
    return digits.join('');
  }
  const freshPhone = () => `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  /** Pays the checkout's R$ 1,00 verification Pix, when asked, from the shopper's own CPF. */
  async function payVerification(answer, cpf) {
    const payment = answer.body.fields?.find((f) => f.fieldName === 'payment');
    if (payment)
      await shopper('POST', '/sandbox/pix/pay', {
        brcode: payment.fieldData.paymentQrCodeText,
        payerCpf: cpf,
        payerBankCode: '260',
      });
  }
  /** A first-time shopper: data, token, verification Pix, analysis, confirmation: the checkout is OK. */
  async function approveCheckout(paymentUrl) {
    const id = checkoutIdOf(paymentUrl);
    const cpf = freshCpf();
    await payVerification(await customerData(id, cpf, freshPhone()), cpf);
    for (let i = 0; i < 30; i++) {
      await tick();
      const r = await shopper('PUT', `/api/v1/checkouts/${id}`, {});
      const names = (r.body?.fields ?? []).map((f) => f.fieldName);
      if (names.includes('checkoutConfirmation')) break;
      if (r.body?.result === 'KO') throw new Error(`checkout denied: ${JSON.stringify(r.body)}`);
      await new Promise((res) => setTimeout(res, 300));
    }
    const ok = await shopper('PUT', `/api/v1/checkouts/${id}`, { checkoutConfirmed: true });
    if (ok.body?.result !== 'OK') throw new Error(`checkout not approved: ${JSON.stringify(ok.body)}`);
  }
  /** A first-time shopper whose CPF the sandbox bureau refuses (904.000.000-08, DEFAULT). */
  async function denyCheckout(paymentUrl) {
    const id = checkoutIdOf(paymentUrl);
    await payVerification(await customerData(id, '90400000008', freshPhone()), '90400000008');
    for (let i = 0; i < 20; i++) {
      await tick();
      const r = await shopper('PUT', `/api/v1/checkouts/${id}`, {});
      if (r.body?.result === 'KO') return;
      await new Promise((res) => setTimeout(res, 300));
    }
    throw new Error('checkout not denied');
  }
  async function created(value) {
    const body = newPayment(value);
    const res = await connector('POST', '/payments', body);
    if (res.status !== 200 || res.body.status !== 'undefined' || !res.body.paymentUrl)
      throw new Error(`create payment: ${res.status} ${JSON.stringify(res.body)}`);
    return { body, answer: res.body };
  }
  async function waitStatus(body, status) {
    for (let i = 0; i < 40; i++) {
      await tick();
      const res = await connector('POST', '/payments', body);
      if (res.body.status === status) return res;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`payment never became ${status}`);
  }

  const scenarios = {
    approved: async () => {
      const p = await created(100);
      await approveCheckout(p.answer.paymentUrl);
      await waitStatus(p.body, 'approved');
      return 'approved (Create Payment retried answers approved)';
    },
    denied: async () => {
      const p = await created(100);
      await denyCheckout(p.answer.paymentUrl);
      await waitStatus(p.body, 'denied');
      return 'denied (Create Payment retried answers denied)';
    },
    'async approved': async () => {
      const p = await created(100);
      await approveCheckout(p.answer.paymentUrl);
      await tick();
      const cb = await receiver.wait(p.body.paymentId);
      if (cb.status !== 'approved') throw new Error(`callback ${cb.status}`);
      return 'undefined, then approved at callbackUrl';
    },
    'async denied': async () => {
      const p = await created(100);
      await denyCheckout(p.answer.paymentUrl);
      await tick();
      const cb = await receiver.wait(p.body.paymentId);
      if (cb.status !== 'denied') throw new Error(`callback ${cb.status}`);
      return 'undefined, then denied at callbackUrl';
    },
    cancel: async () => {
      const p = await created(100);
      const res = await connector('POST', `/payments/${p.body.paymentId}/cancellations`, {
        paymentId: p.body.paymentId,
        requestId: randomUUID(),
        authorizationId: p.answer.authorizationId,
      });
      if (res.status !== 200) throw new Error(`cancel ${res.status} ${JSON.stringify(res.body)}`);
      return `cancelled (${res.body.message})`;
    },
    settle: async () => {
      const p = await created(80);
      await approveCheckout(p.answer.paymentUrl);
      await waitStatus(p.body, 'approved');
      const res = await connector('POST', `/payments/${p.body.paymentId}/settlements`, {
        transactionId: p.body.transactionId,
        requestId: randomUUID(),
        paymentId: p.body.paymentId,
        value: 80,
        authorizationId: p.answer.authorizationId,
      });
      if (res.status !== 200 || res.body.value !== 80)
        throw new Error(`settle ${res.status} ${JSON.stringify(res.body)}`);
      return 'settled R$ 80,00';
    },
    refund: async () => {
      const p = await created(60);
      await approveCheckout(p.answer.paymentUrl);
      await waitStatus(p.body, 'approved');
      const body = {
        requestId: randomUUID(),
        settleId: p.body.paymentId,
        paymentId: p.body.paymentId,
        tid: p.answer.tid,
        value: 60,
        transactionId: p.body.transactionId,
      };
      let res = await connector('POST', `/payments/${p.body.paymentId}/refunds`, body);
      for (let i = 0; res.status === 500 && i < 10; i++) {
        await new Promise((r) => setTimeout(r, 500));
        res = await connector('POST', `/payments/${p.body.paymentId}/refunds`, body);
      }
      if (res.status !== 200) throw new Error(`refund ${res.status} ${JSON.stringify(res.body)}`);
      const again = await connector('POST', `/payments/${p.body.paymentId}/refunds`, body);
      if (again.body.refundId !== res.body.refundId) throw new Error('the same requestId refunded twice');
      return `refunded R$ 60,00 through the refund engine (${res.body.refundId})`;
    },
    'idempotent retry': async () => {
      const p = await created(100);
      const again = await connector('POST', '/payments', p.body);
      if (again.body.paymentUrl !== p.answer.paymentUrl || again.body.tid !== p.answer.tid)
        throw new Error('a second checkout was opened');
      return 'same payment, same paymentUrl, no second checkout';
    },
  };

  for (const [name, run] of Object.entries(scenarios)) {
    latencies.length = 0;
    const started = performance.now();
    try {
      const outcome = await run();
      const slowest = Math.max(...latencies);
      const ok = slowest < LIMIT_MS;
      results.push({
        name,
        ok,
        outcome: ok ? outcome : `${outcome}; but an answer took ${slowest} ms`,
        slowest,
      });
    } catch (err) {
      results.push({
        name,
        ok: false,
        outcome: err instanceof Error ? err.message : String(err),
        slowest: Math.max(0, ...latencies),
      });
    }
    const r = results.at(-1);
    r.total = Math.round(performance.now() - started);
    onResult(r);
  }
  return results;
}
