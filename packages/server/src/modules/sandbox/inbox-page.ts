import type { OutboxMessage } from '../notifications/outbox.ts';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const dateFmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** Escapes the body and highlights the code and the link it carries. */
function renderBody(m: OutboxMessage): string {
  let html = escapeHtml(m.body);
  if (m.link) {
    const link = escapeHtml(m.link);
    html = html.split(link).join(`<a class="hl" href="${link}">${link}</a>`);
  }
  if (m.code) html = html.split(escapeHtml(m.code)).join(`<mark class="hl">${escapeHtml(m.code)}</mark>`);
  return html;
}

/** The sandbox inbox: every SMS and e-mail, newest first, refreshed every 5 seconds. */
export function inboxPage(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<article class="msg">
  <header><span class="ch ch-${escapeHtml(m.channel.toLowerCase())}">${escapeHtml(m.channel)}</span>
  <a class="to" href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a>
  <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(dateFmt.format(new Date(m.createdAt)))}</time></header>
  ${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
  <p>${renderBody(m)}</p>
  ${m.code ? `<p class="code">Código: <strong>${escapeHtml(m.code)}</strong></p>` : ''}
</article>`,
    )
    .join('\n');
  const empty = to
    ? `<p class="empty">Nenhuma mensagem para ${escapeHtml(to)}.</p>`
    : '<p class="empty">Nenhuma mensagem enviada ainda. Faça login no portal da parceira ou peça uma recuperação de senha para ver SMS e e-mails aqui.</p>';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Drip sandbox: caixa de entrada</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:16px;color:#1d1d1f;background:#f6f6f8}
h1{font-size:1.4rem}form{display:flex;gap:8px;margin-bottom:16px}input{flex:1;padding:8px;font-size:1rem}
button,.clear{padding:8px 12px;font-size:1rem}.msg{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:12px;box-shadow:0 1px 2px #0002}
.msg header{display:flex;gap:12px;align-items:center;font-size:.9rem;color:#555}.msg h2{font-size:1rem;margin:8px 0 0}
.ch{font-weight:700;border-radius:4px;padding:2px 6px;color:#fff;background:#6b4eff}.ch-email{background:#0a7d5a}.ch-whatsapp{background:#128c7e}
time{margin-left:auto}.hl{background:#ffe27a;font-weight:700;padding:0 2px}.code strong{font-size:1.3rem;letter-spacing:2px}.empty{color:#555}
</style>
</head>
<body>
<h1>Caixa de entrada do sandbox</h1>
<p>SMS e e-mails enviados pelo servidor (mais recentes primeiro). A página se atualiza a cada 5 segundos.</p>
<form method="get"><input name="to" placeholder="Filtrar por telefone ou e-mail" value="${escapeHtml(to ?? '')}" aria-label="Destinatário">
<button type="submit">Filtrar</button>${to ? '<a class="clear" href="?">Limpar</a>' : ''}</form>
${rows || empty}
</body>
</html>`;
}
