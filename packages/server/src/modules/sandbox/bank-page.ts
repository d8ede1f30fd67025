import { SANDBOX_BANKS } from '../payments/sandbox-psp.ts';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * The sandbox bank: paste a Pix copia e cola (or a txid), read the payee and amount, choose the payer (CPF, bank)
 * and pay. The page calls POST /sandbox/pix/parse and POST /sandbox/pix/pay.
 */
export interface BankPageTransfer {
  externalId: string;
  /** centavos */
  amount: number;
  destination: string;
  createdAt: Date;
}

const reais = (centavos: number): string =>
  `R$ ${Math.floor(centavos / 100).toLocaleString('pt-BR')},${String(centavos % 100).padStart(2, '0')}`;

/** The payouts the sandbox bank received (the settlements' `payout` port), newest first. */
function transfersSection(transfers: readonly BankPageTransfer[]): string {
  const rows = transfers
    .map(
      (t) =>
        `<tr><td>${escapeHtml(t.createdAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</td><td>${escapeHtml(reais(t.amount))}</td><td>${escapeHtml(t.destination)}</td><td><code>${escapeHtml(t.externalId)}</code></td></tr>`,
    )
    .join('');
  return `<section class="card" id="transfers" aria-labelledby="transfersTitle">
    <h2 id="transfersTitle">Repasses recebidos</h2>
    ${
      transfers.length === 0
        ? '<p class="hint">Nenhum repasse recebido ainda.</p>'
        : `<table><thead><tr><th>Data</th><th>Valor</th><th>Destino</th><th>Id externo</th></tr></thead><tbody>${rows}</tbody></table>`
    }
  </section>`;
}

/** A Pix devolução the sandbox PSP sent back to the payer (a merchant refund of a paid instalment). */
export interface BankPageDevolucao {
  endToEndId: string;
  id: string;
  /** centavos */
  valor: number;
  status: string;
  solicitacao: Date;
}

/** The devoluções the payers received, newest first. */
function devolucoesSection(devolucoes: readonly BankPageDevolucao[]): string {
  const rows = devolucoes
    .map(
      (d) =>
        `<tr><td>${escapeHtml(d.solicitacao.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</td><td>${escapeHtml(reais(d.valor))}</td><td>${escapeHtml(d.status)}</td><td><code>${escapeHtml(d.endToEndId)}</code></td><td><code>${escapeHtml(d.id)}</code></td></tr>`,
    )
    .join('');
  return `<section class="card" id="devolucoes" aria-labelledby="devolucoesTitle">
    <h2 id="devolucoesTitle">Devoluções Pix</h2>
    ${
      devolucoes.length === 0
        ? '<p class="hint">Nenhuma devolução enviada ainda.</p>'
        : `<table><thead><tr><th>Data</th><th>Valor</th><th>Status</th><th>Pix (EndToEndId)</th><th>Id da devolução</th></tr></thead><tbody>${rows}</tbody></table>`
    }
  </section>`;
}

export function bankPage(
  defaultCpf: string,
  transfers: readonly BankPageTransfer[] = [],
  devolucoes: readonly BankPageDevolucao[] = [],
): string {
  const options = SANDBOX_BANKS.map(
    (b) =>
      `<option value="${escapeHtml(b.code)}">${escapeHtml(`${b.code} · ${b.name} (ISPB ${b.ispb})`)}</option>`,
  ).join('');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banco sandbox · Drip</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a1a1a; }
  main { max-width: 560px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  p.sub { margin: 0 0 20px; color: #555; }
  label { display: block; font-weight: 600; margin: 14px 0 6px; }
  textarea, input, select { width: 100%; box-sizing: border-box; padding: 10px; font: inherit; border: 1px solid #b8c0c8; border-radius: 8px; background: #fff; }
  textarea { min-height: 96px; font-family: ui-monospace, monospace; font-size: .85rem; }
  button { margin-top: 16px; padding: 12px 18px; font: inherit; font-weight: 600; border: 0; border-radius: 8px; background: #0b6e4f; color: #fff; cursor: pointer; }
  button[disabled] { opacity: .5; cursor: default; }
  .card { background: #fff; border-radius: 12px; padding: 16px; margin-top: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .error { color: #a40000; }
  .hint { margin: 6px 0 0; color: #555; font-size: .85rem; }
  .ok { color: #0b6e4f; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; }
  dt { color: #555; } dd { margin: 0; word-break: break-all; }
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
  table { width: 100%; border-collapse: collapse; font-size: .85rem; }
  th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid #e3e7eb; vertical-align: top; }
  td code { word-break: break-all; }
</style>
</head>
<body>
<main>
  <h1>Banco sandbox</h1>
  <p class="sub">Pague um Pix copia e cola do Drip como se fosse o banco do pagador. Nenhum dinheiro de verdade é movimentado.</p>
  <form id="read">
    <label for="code">Pix copia e cola ou txid</label>
    <textarea id="code" name="code" required autocomplete="off" spellcheck="false"></textarea>
    <button type="submit">Ler código</button>
  </form>
  <section id="details" class="card" hidden aria-live="polite"></section>
  <form id="pay" class="card" hidden>
    <label for="cpf">CPF do pagador</label>
    <input id="cpf" name="cpf" inputmode="numeric" value="${escapeHtml(defaultCpf)}" required aria-describedby="cpfHint">
    <p class="hint" id="cpfHint">No Pix de verificação (R$ 1,00) de uma compra, use o CPF de quem está comprando: pago de outro CPF, a análise nega a compra (INVALID_CUSTOMER_DATA).</p>
    <label for="name">Nome do pagador</label>
    <input id="name" name="name" value="Pagador Sandbox">
    <label for="bank">Banco do pagador</label>
    <select id="bank" name="bank">${options}</select>
    <button type="submit" id="payButton">Pagar</button>
  </form>
  <section id="result" class="card" hidden role="status" aria-live="polite"></section>
  ${transfersSection(transfers)}
  ${devolucoesSection(devolucoes)}
</main>
<script>
(() => {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const brl = (n) => n.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
  let source = null;
  async function post(path, body) {
    const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    return { status: res.status, json };
  }
  // Reads the cob and shows it (its 'Situação' included): after reading the code, and again once it is paid, so
  // that the card never says 'Aguardando pagamento' next to 'Pix pago.'.
  async function show() {
    const { status, json } = await post('/sandbox/pix/parse', source);
    const d = $('details');
    d.hidden = false;
    if (status !== 200) {
      d.innerHTML = '<p class="error">' + esc(json.error ? json.error.message : 'Erro ' + status) + '</p>';
      $('pay').hidden = true;
      return;
    }
    d.innerHTML = '<dl><dt>Recebedor</dt><dd>' + esc(json.merchantName) + ' · ' + esc(json.merchantCity) + '</dd>' +
      '<dt>Valor</dt><dd>' + esc(brl(json.amount)) + '</dd>' +
      '<dt>txid</dt><dd>' + esc(json.txid) + '</dd>' +
      '<dt>Situação</dt><dd id="situation">' + esc(json.statusLabel) + '</dd>' +
      '<dt>Expira em</dt><dd>' + esc(new Date(json.expiresAt).toLocaleString('pt-BR')) + '</dd></dl>';
    $('pay').hidden = !json.payable;
  }
  $('read').addEventListener('submit', async (e) => {
    e.preventDefault();
    $('result').hidden = true;
    const text = $('code').value.trim();
    source = /^[a-zA-Z0-9]{26,35}$/.test(text) ? { txid: text } : { brcode: text };
    await show();
  });
  $('pay').addEventListener('submit', async (e) => {
    e.preventDefault();
    const button = $('payButton');
    button.disabled = true;
    const { status, json } = await post('/sandbox/pix/pay', Object.assign({}, source, {
      payerCpf: $('cpf').value, payerName: $('name').value, payerBankCode: $('bank').value,
    }));
    button.disabled = false;
    const r = $('result');
    r.hidden = false;
    r.innerHTML = status === 200
      ? '<p class="ok"><strong>Pix pago.</strong></p><dl><dt>Valor</dt><dd>' + esc(brl(json.amount)) + '</dd><dt>EndToEndId</dt><dd>' + esc(json.endToEndId) + '</dd><dt>Webhook</dt><dd>' + esc(json.webhook) + '</dd></dl>'
      : '<p class="error">' + esc(json.error ? json.error.message : 'Erro ' + status) + '</p>';
    if (status === 200) {
      $('pay').hidden = true;
      await show();
    }
  });
})();
</script>
</body>
</html>`;
}
