/**
 * The OpenAPI 3.1 document of the merchant checkout API and the shopper checkout API, generated from the valibot
 * contract schemas (@valibot/to-json-schema, input shapes: what goes over HTTP), and a self-contained reference page
 * rendered on the server (no CDN).
 */
import {
  CancelCheckoutResponse,
  CheckoutFeedbackRequest,
  CheckoutResponse,
  ConfirmCheckoutRequest,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  CustomerDataRequest,
  checkoutPaths,
  FirstInstalmentDateRequest,
  InstalmentSelectionRequest,
  InstalmentsSimulatorResponse,
  LoadCheckoutRequest,
  MerchantCheckoutView,
  NotifyPixResponse,
  PhoneOnlyRequest,
  ResendTokenRequest,
  SubmitTokenRequest,
  UpdateWaitlistRequest,
  UpdateWaitlistResponse,
} from '@drip/core';
import { type JsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';

const schemas = {
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  MerchantCheckoutView,
  LoadCheckoutRequest,
  PhoneOnlyRequest,
  CustomerDataRequest,
  FirstInstalmentDateRequest,
  InstalmentSelectionRequest,
  ResendTokenRequest,
  SubmitTokenRequest,
  ConfirmCheckoutRequest,
  CheckoutResponse,
  CancelCheckoutResponse,
  NotifyPixResponse,
  UpdateWaitlistRequest,
  UpdateWaitlistResponse,
  InstalmentsSimulatorResponse,
  CheckoutFeedbackRequest,
};

const ref = (name: keyof typeof schemas | 'Error') => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: json(ref('Error')) });
const idParam = (description: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', format: 'uuid' },
});

let cached: { publicUrl: string; doc: Record<string, unknown> } | null = null;

export function openApiDocument(publicUrl: string): Record<string, unknown> {
  if (cached?.publicUrl === publicUrl) return cached.doc;
  const defs: Record<string, JsonSchema> = toJsonSchemaDefs(schemas, {
    typeMode: 'input',
    errorMode: 'ignore',
  });
  const components = {
    securitySchemes: {
      merchantApiKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A chave de API do parceiro (a que o admin redefine), como `Authorization: Bearer <chave>`.',
      },
      merchantSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
    schemas: {
      ...defs,
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string' },
              message: { type: 'string', description: 'Mensagem em pt-BR' },
              issues: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { path: { type: 'string' }, message: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  };
  const p = (f: (id: string) => string) => f('{id}').replace('%7Bid%7D', '{id}');
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Drip — API de checkout',
      version: '1.0.0',
      description:
        'API do parceiro (criar e consultar checkouts) e API do checkout do comprador. Valores em reais com no máximo 2 casas decimais; datas AAAA-MM-DD; instantes ISO 8601.',
    },
    servers: [{ url: publicUrl }],
    components,
    paths: {
      [checkoutPaths.merchantCheckouts]: {
        post: {
          tags: ['Parceiro'],
          summary: 'Cria um checkout',
          description:
            'Exige `Idempotency-Key`. A mesma chave com o mesmo corpo em até 24 h devolve a primeira resposta sem criar nada; com outro corpo, 422; enquanto a primeira ainda roda, 409. O código do pedido é único por parceiro (409).',
          security: [{ merchantApiKey: [] }],
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: { required: true, content: json(ref('CreateCheckoutRequest')) },
          responses: {
            '201': { description: 'Checkout criado', content: json(ref('CreateCheckoutResponse')) },
            '400': errorResponse('Corpo inválido ou Idempotency-Key ausente'),
            '401': errorResponse('Chave de API ausente ou inválida'),
            '409': errorResponse('Código de pedido já usado, ou requisição com a mesma chave em andamento'),
            '422': errorResponse(
              'Valor, quantidade ou número de produtos acima do limite (OUT_OF_RANGE: valor e valor unitário até R$ 1.000.000,00, quantidade de 1 a 10.000, até 100 produtos; a mensagem nomeia o campo), ou Idempotency-Key reutilizada com outro corpo',
            ),
          },
        },
      },
      [p(checkoutPaths.merchantCheckout)]: {
        get: {
          tags: ['Parceiro'],
          summary: 'Consulta um checkout (status, pedido e parcelas)',
          security: [{ merchantApiKey: [] }],
          parameters: [idParam('Id do checkout')],
          responses: {
            '200': { description: 'O checkout', content: json(ref('MerchantCheckoutView')) },
            '401': errorResponse('Chave de API ausente ou inválida'),
            '404': errorResponse('Checkout inexistente ou de outro parceiro'),
          },
        },
      },
      [p(checkoutPaths.merchantRevoke)]: {
        put: {
          tags: ['Parceiro'],
          summary: 'Desativa um checkout não concluído (REVOKED)',
          security: [{ merchantSession: [] }],
          parameters: [idParam('Id do checkout')],
          responses: {
            '200': { description: 'Desativado' },
            '403': errorResponse('Usuário sem permissão ADMIN'),
            '404': errorResponse('Checkout inexistente'),
            '409': errorResponse('Checkout já concluído'),
          },
        },
      },
      [p(checkoutPaths.checkout)]: {
        put: {
          tags: ['Checkout'],
          summary: 'Carrega o checkout ou envia um passo',
          description:
            'O corpo vazio carrega/atualiza (também é a consulta do Pix). Os demais corpos enviam um passo; um passo fora de ordem é 409.',
          parameters: [idParam('Id do checkout')],
          requestBody: {
            required: false,
            content: json({
              oneOf: [
                ref('LoadCheckoutRequest'),
                ref('PhoneOnlyRequest'),
                ref('CustomerDataRequest'),
                ref('FirstInstalmentDateRequest'),
                ref('InstalmentSelectionRequest'),
                ref('ResendTokenRequest'),
                ref('SubmitTokenRequest'),
                ref('ConfirmCheckoutRequest'),
              ],
            }),
          },
          responses: {
            '200': { description: 'Resultado e campos', content: json(ref('CheckoutResponse')) },
            '400': errorResponse('Corpo inválido'),
            '404': errorResponse('Checkout inexistente'),
            '409': errorResponse('Passo fora de ordem, código já usado ou checkout finalizado'),
            '410': errorResponse('Checkout ou Drip Token expirado'),
            '422': errorResponse('Valor fora das regras (parcelas, data)'),
            '429': errorResponse('Muitas tentativas ou reenvio antes de 30 s'),
          },
        },
      },
      [p(checkoutPaths.cancel)]: {
        put: {
          tags: ['Checkout'],
          summary: 'Cancela (abandona) o checkout',
          parameters: [idParam('Id do checkout')],
          responses: {
            '200': {
              description: 'Status e URL de cancelamento',
              content: json(ref('CancelCheckoutResponse')),
            },
            '404': errorResponse('Checkout inexistente'),
            '409': errorResponse('Compra já aprovada'),
          },
        },
      },
      [p(checkoutPaths.notifyPix)]: {
        post: {
          tags: ['Checkout'],
          summary: 'Envia o Pix copia e cola por SMS',
          parameters: [idParam('Id do checkout')],
          responses: {
            '200': { description: 'Enviado', content: json(ref('NotifyPixResponse')) },
            '409': errorResponse('Sem Pix pendente'),
          },
        },
      },
      [p(checkoutPaths.updateWaitlist)]: {
        post: {
          tags: ['Checkout'],
          summary: 'Entra na lista de espera',
          parameters: [idParam('Id do checkout')],
          requestBody: { required: true, content: json(ref('UpdateWaitlistRequest')) },
          responses: {
            '200': { description: 'Novo status', content: json(ref('UpdateWaitlistResponse')) },
            '409': errorResponse('Lista de espera indisponível ou status mudou'),
          },
        },
      },
      [checkoutPaths.instalmentsSimulator]: {
        get: {
          tags: ['Checkout'],
          summary: 'Simulador de parcelas',
          description: 'Por `checkoutId`, ou por `amount` (com `date`, `cnpj` e `merchantId` opcionais).',
          parameters: ['checkoutId', 'amount', 'date', 'cnpj', 'merchantId'].map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string' },
          })),
          responses: {
            '200': { description: 'Simulação', content: json(ref('InstalmentsSimulatorResponse')) },
            '400': errorResponse('Parâmetros inválidos'),
            '404': errorResponse('Checkout ou parceiro inexistente'),
          },
        },
      },
      [checkoutPaths.feedback]: {
        post: {
          tags: ['Checkout'],
          summary: 'Motivo do abandono',
          requestBody: { required: true, content: json(ref('CheckoutFeedbackRequest')) },
          responses: { '201': { description: 'Recebido' }, '404': errorResponse('Checkout inexistente') },
        },
      },
    },
  };
  cached = { publicUrl, doc };
  return doc;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A readable, self-contained HTML rendering of the document (operations, then schemas as JSON). */
export function apiDocsPage(doc: Record<string, unknown>): string {
  const info = isRecord(doc.info) ? doc.info : {};
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const components = isRecord(doc.components) ? doc.components : {};
  const schemaDefs = isRecord(components.schemas) ? components.schemas : {};
  const ops: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isRecord(op)) continue;
      const responses = isRecord(op.responses) ? op.responses : {};
      const rows = Object.entries(responses)
        .map(
          ([code, r]) =>
            `<li><code>${escapeHtml(code)}</code> ${escapeHtml(isRecord(r) ? String(r.description ?? '') : '')}</li>`,
        )
        .join('');
      const anchor = `${method}-${path}`.replace(/[^\w-]/g, '_');
      ops.push(`<section class="op" id="${anchor}">
  <h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
  <p><strong>${escapeHtml(String(op.summary ?? ''))}</strong></p>
  ${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ''}
  <details><summary>Detalhes</summary><pre>${escapeHtml(JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, security: op.security }, null, 2))}</pre></details>
  <ul>${rows}</ul>
</section>`);
    }
  }
  const defs = Object.entries(schemaDefs)
    .map(
      ([name, schema]) =>
        `<section class="schema" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title ?? 'API'))}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1b1b1f;background:#fafafa}
main{max-width:960px;margin:0 auto;padding:24px}
h1{margin-top:0}
.op,.schema{background:#fff;border:1px solid #e3e3e8;border-radius:8px;padding:12px 16px;margin:12px 0}
.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:.8em;padding:2px 6px}
.get{background:#1c7ed6}.post{background:#2b8a3e}.put{background:#e67700}.delete{background:#c92a2a}
pre{background:#f1f3f5;padding:8px;border-radius:6px;overflow:auto;font-size:.85em}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
</style>
</head>
<body><main>
<h1>${escapeHtml(String(info.title ?? 'API'))} <small>${escapeHtml(String(info.version ?? ''))}</small></h1>
<p>${escapeHtml(String(info.description ?? ''))}</p>
<p>Documento OpenAPI 3.1: <a href="${escapeHtml(checkoutPaths.openApi)}">${escapeHtml(checkoutPaths.openApi)}</a></p>
<h2>Operações</h2>
${ops.join('\n')}
<h2>Esquemas</h2>
${defs}
</main></body></html>`;
}
