// The demo store's page script (a file, not inline: the page's CSP allows scripts from 'self' and Drip only).
// Uses the script-tag SDK: the global `Drip` from /sdk/v{version}/drip.js on the Drip origin.
(() => {
  const checkoutOrigin = document.body.dataset.dripOrigin;
  const product = document.querySelector('.product');
  const events = document.getElementById('events');
  const status = document.getElementById('status');
  /** Every SDK event, in order (also read by the end-to-end test). */
  const received = [];
  window.dripEvents = received;

  const log = (source, event) => {
    received.push({ source, ...event });
    const item = document.createElement('li');
    item.dataset.source = source;
    item.dataset.type = event.type;
    item.textContent = `${source}: ${JSON.stringify(event)}`;
    events.append(item);
  };
  const say = (text) => {
    status.textContent = text;
  };

  if (typeof Drip === 'undefined') {
    say('O SDK da Drip não carregou (veja o console).');
    for (const button of document.querySelectorAll('.buy button')) button.disabled = true;
    return;
  }

  const amount = Number(product.dataset.amount);
  // The banner and the explainer read the merchant's real cashback rate from Drip (never a number in the page).
  const merchantId = product.dataset.merchantId;
  Drip.mountBanner(document.getElementById('drip-banner'), {
    amount,
    merchantId,
    checkoutOrigin,
    onEvent(event) {
      if (event.type !== 'resize') log('banner', event);
      if (event.type === 'clickOnLink' || event.type === 'clickOnLogo') {
        Drip.mountExplainer(null, {
          merchantId,
          checkoutOrigin,
          onEvent: (e) => e.type !== 'resize' && log('explainer', e),
        });
      }
    },
  });

  async function buy(mode, button) {
    button.disabled = true;
    say('Criando o pedido…');
    try {
      const res = await fetch('/api/checkout', { method: 'POST' });
      const body = await res.json();
      if (!res.ok) throw new Error(body.message ?? `A loja respondeu ${res.status}`);
      say(`Pedido ${body.orderCode}: checkout ${body.id}`);
      const handle = Drip.openCheckout(body.id, {
        mode,
        checkoutOrigin,
        onEvent: (event) => log('checkout', event),
      });
      const outcome = await handle.result;
      log('outcome', { type: 'outcome', ...outcome });
      if (outcome.status === 'OK') say(`Pagamento aprovado! Pedido ${body.orderCode}.`);
      else if (outcome.status === 'KO') say('A compra não foi aprovada.');
      else if (outcome.status === 'CLOSED') say('Checkout fechado.');
      else if (outcome.status === 'EXPIRED') say('O checkout expirou.');
      else if (outcome.status === 'ERROR') say(`Erro: ${outcome.message}`);
      else if (outcome.status === 'REDIRECTED') say('Indo para a Drip…');
    } catch (err) {
      say(err instanceof Error ? err.message : String(err));
    } finally {
      button.disabled = false;
    }
  }

  for (const button of document.querySelectorAll('.buy button')) {
    button.addEventListener('click', () => buy(button.dataset.mode, button));
  }
})();
