#!/usr/bin/env node
// Creates a Drip checkout from a merchant backend with Node's fetch (Node 18+), then reads its status.
//   DRIP_MERCHANT_API_KEY=sk_sandbox_... node create-checkout.mjs
//   DRIP_URL (default http://localhost:3000), AMOUNT (default 299.90), ORDER (default a new code).
import { randomUUID } from 'node:crypto';

const dripUrl = process.env.DRIP_URL ?? 'http://localhost:3000';
const apiKey = process.env.DRIP_MERCHANT_API_KEY;
if (!apiKey) {
  console.error(
    `Set DRIP_MERCHANT_API_KEY (sandbox: ${dripUrl}/sandbox/demo lists the merchants and their keys).`,
  );
  process.exit(1);
}
const amount = Number(process.env.AMOUNT ?? '299.90');
const order = process.env.ORDER ?? `PEDIDO-${randomUUID().slice(0, 8).toUpperCase()}`;
const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };

const created = await fetch(`${dripUrl}/api/v1/merchant/checkouts`, {
  method: 'POST',
  // One key per order: retrying this request (a time-out, a crash) cannot create a second checkout.
  headers: { ...headers, 'Idempotency-Key': order },
  body: JSON.stringify({
    amount, // reais, at most 2 decimals
    merchantOrderCode: order,
    products: [{ name: 'Cafeteira Pitanga Inox', quantity: 1, amount }],
    resolveUrl: `https://loja.example/pedido/sucesso?pedido=${order}`,
    cancelUrl: `https://loja.example/pedido/cancelado?pedido=${order}`,
  }),
});
const body = await created.json();
if (created.status !== 201) {
  console.error(`Drip answered ${created.status}:`, body);
  process.exit(1);
}
console.log('checkout:', body); // { id, url, expiresAt }

// The status, as your backend should check it before shipping (never trust the browser alone).
const view = await fetch(`${dripUrl}/api/v1/merchant/checkouts/${encodeURIComponent(body.id)}`, { headers });
console.log('status:', (await view.json()).status); // PRISTINE until the shopper opens it; OK once paid
