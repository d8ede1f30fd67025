/** The sandbox's emulated VTEX store and gateway (emulator.ts), served on the same origin as the sandbox pages. */
import {
  sandboxVtexCallback,
  sandboxVtexCreateOrder,
  sandboxVtexOrder,
  sandboxVtexOrderAction,
  sandboxVtexStore,
} from '@drip/core';
import { DomainError } from '../../errors.ts';
import type { Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { demoWorld } from '../../seed.ts';
import type { VtexGateway } from './emulator.ts';

const unknownOrder = () => new DomainError('not_found', 'NOT_FOUND', 'Pedido VTEX desconhecido do emulador');

export function vtexSandboxRoutes(s: Services): RouteDef[] {
  const gateway = (): VtexGateway => {
    if (!s.vtexGateway) throw new DomainError('not_found', 'NOT_FOUND', 'Emulador VTEX desligado');
    return s.vtexGateway;
  };
  return [
    route(sandboxVtexStore, async ({ c }) => {
      const world = await demoWorld(s.database.db);
      c.header('Cache-Control', 'no-store');
      return c.html(storePage(world.merchants.map((m) => ({ id: m.id, name: m.name }))), 200);
    }),
    route(sandboxVtexCreateOrder, async ({ c, body }) => {
      // The store sells for the demo world's merchants (its page lists them); any other id has no credentials to
      // send, and storing demo ones for it would break the credentials' reference to the merchant.
      const world = await demoWorld(s.database.db);
      if (!world.merchants.some((m) => m.id === body.merchantId))
        throw new DomainError('not_found', 'NOT_FOUND', 'Parceira desconhecida na loja VTEX do sandbox');
      const placed = await gateway().placeOrder(body);
      return c.json(placed, 201);
    }),
    route(sandboxVtexOrder, async ({ params }) => {
      const order = gateway().order(params.paymentId);
      if (!order) throw unknownOrder();
      const { signature: _hidden, ...shown } = order;
      return shown;
    }),
    route(sandboxVtexOrderAction, async ({ params, body }) => {
      const action = params.action;
      if (action !== 'cancel' && action !== 'settle' && action !== 'refund')
        throw new DomainError('invalid', 'INVALID_ACTION', 'A ação deve ser cancel, settle ou refund');
      const done = await gateway().act(params.paymentId, action, body.value);
      if (!done) throw unknownOrder();
      return done;
    }),
    route(sandboxVtexCallback, async ({ c, params, body }) => {
      const got = gateway().receiveCallback(params.paymentId, c.req.query('X-VTEX-signature'), body);
      if (got === 'unknown') throw unknownOrder();
      // VTEX refuses a callback whose URL lost its signature.
      if (got === 'bad-signature')
        throw new DomainError('invalid', 'BAD_SIGNATURE', 'Assinatura X-VTEX-signature inválida');
      return { ok: true };
    }),
  ];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function storePage(merchants: { id: string; name: string }[]): string {
  const options = merchants
    .map((m) => `<option value="${escapeHtml(m.id)}">${escapeHtml(m.name)}</option>`)
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Loja VTEX (emulador)</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.5rem 0}
button{padding:.5rem 1rem;margin:.25rem .25rem 0 0}pre{background:#f4f4f4;padding:.5rem;white-space:pre-wrap}</style></head>
<body>
<h1>Loja VTEX (emulador)</h1>
<p>O gateway de pagamentos da VTEX, emulado: a compra chama o conector Drip (Create Payment) e leva ao checkout Drip.</p>
<section id="buy">
<label>Loja <select id="merchant">${options}</select></label>
<label>Valor (R$) <input id="value" type="number" step="0.01" min="1" value="150.00"></label>
<label>CPF da compradora (opcional) <input id="document" inputmode="numeric"></label>
<button id="pay">Pagar com Drip</button>
</section>
<section id="order" hidden>
<h2>Pedido na VTEX</h2>
<p>Status do pagamento na VTEX: <strong id="status" data-status=""></strong></p>
<button data-action="settle">Liquidar</button><button data-action="refund">Estornar</button><button data-action="cancel">Cancelar</button>
<pre id="details"></pre>
</section>
<script>
const params = new URLSearchParams(location.search);
const paymentId = params.get('paymentId');
async function show() {
  const res = await fetch('/sandbox/vtex/orders/' + encodeURIComponent(paymentId));
  const order = await res.json();
  const el = document.getElementById('status');
  el.textContent = order.status; el.dataset.status = order.status;
  document.getElementById('details').textContent = JSON.stringify(order, null, 2);
}
if (paymentId) {
  document.getElementById('order').hidden = false;
  show(); setInterval(show, 1000);
  for (const b of document.querySelectorAll('[data-action]'))
    b.addEventListener('click', async () => {
      await fetch('/sandbox/vtex/orders/' + encodeURIComponent(paymentId) + '/' + b.dataset.action,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      show();
    });
}
document.getElementById('pay').addEventListener('click', async () => {
  const document_ = document.getElementById('document').value.replace(/\\D/g, '');
  const body = { merchantId: document.getElementById('merchant').value, value: Number(document.getElementById('value').value) };
  if (document_) body.buyerDocument = document_;
  const res = await fetch('/sandbox/vtex/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const order = await res.json();
  if (order.paymentUrl) location.href = order.paymentUrl;
  else document.getElementById('status').textContent = 'erro: ' + JSON.stringify(order);
});
</script>
</body></html>`;
}
