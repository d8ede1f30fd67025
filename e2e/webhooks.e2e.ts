// A merchant registers a webhook in Meu Perfil, a checkout of theirs ends, and the signed delivery reaches a real
// receiver through the server's own queue job; the delivery log in the portal shows the receiver's answer.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { createCheckout, merchantKey } from './checkout-helpers.ts';
import { merchantUser, signInMerchant } from './merchant-portal.ts';
import { type Demo, demo } from './sandbox.ts';

let browser: Browser;
let world: Demo;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.statusCode = 204;
    res.end();
  });
});

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Standard Webhooks, by hand: base64(HMAC-SHA256(secret bytes, "id.timestamp.body")). */
function signatureOf(secret: string, headers: IncomingHttpHeaders, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
}

describe('merchant webhooks', () => {
  it('registers an endpoint in Meu Perfil and receives a signed CHECKOUT_STATUS_CHANGED', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/parceira/perfil');
    await page.waitForURL('**/parceira/login**');
    await signInMerchant(page, merchantUser(world, true));
    await page.waitForURL('**/parceira/perfil**');

    const { port } = receiver.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/drip`;
    await page.getByLabel('URL do webhook').fill(url);
    await page.getByRole('button', { name: 'Adicionar webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByText(url, { exact: true }).waitFor();

    // The shopper leaves a checkout of this merchant: KO, and the merchant hears of it.
    const checkout = await createCheckout(baseUrl(), merchantKey(world, world.merchants[0]?.name ?? ''), 120);
    const cancel = await fetch(`${baseUrl()}/api/v1/checkouts/${checkout.id}/cancel`, { method: 'PUT' });
    expect(cancel.status).toBe(200);

    // The queue's job runs every 10 s.
    const deadline = Date.now() + 30_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const [got] = received;
    if (!got) throw new Error('no delivery reached the receiver');
    const body = JSON.parse(got.body);
    expect(body.type).toBe('CHECKOUT_STATUS_CHANGED');
    expect(body.data).toMatchObject({ checkoutId: checkout.id, status: 'KO', koReason: 'EXPIRED' });
    expect(got.headers['webhook-signature']).toBe(signatureOf(secret, got.headers, got.body));

    await page.getByRole('button', { name: 'Entregas' }).click();
    await page.getByText('Entregue').waitFor();
    await page.getByRole('cell', { name: '204' }).waitFor();
    await snap(page, 'merchant-webhooks');
    await context.close();
  });
});
