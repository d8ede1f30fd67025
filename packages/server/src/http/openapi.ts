/**
 * The OpenAPI 3.1 document of every public endpoint of the table (internal ones, the sandbox and the provider's
 * webhook, are left out), generated from the endpoints' valibot schemas (@valibot/to-json-schema, input shapes:
 * what goes over HTTP), and a self-contained reference page rendered on the server (no CDN).
 */
import {
  type AnyEndpoint,
  type EndpointAudience,
  endpointTable,
  fillPath,
  openApiJson,
  pathParams,
} from '@drip/core';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

const ERROR_SCHEMA: JsonSchema = {
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
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
};

const SECURITY: Partial<Record<EndpointAudience, string>> = {
  admin: 'adminSession',
  customer: 'customerSession',
  merchantRead: 'merchantSession',
  merchantAdmin: 'merchantSession',
  merchantApiKey: 'merchantApiKey',
  catalogueApiKey: 'catalogueApiKey',
  vtexProvider: 'vtexProvider',
};

const SECURITY_SCHEMES = {
  adminSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Sessão do back office' },
  merchantSession: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Sessão do portal da parceira (permissão ADMIN para as ações que mudam algo)',
  },
  customerSession: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Sessão do portal do cliente',
  },
  merchantApiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A chave de API do parceiro (a que o admin redefine), como `Authorization: Bearer <chave>`.',
  },
  catalogueApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'A chave da API do catálogo de lojas (no sandbox, a de /sandbox/demo).',
  },
  vtexProvider: {
    type: 'apiKey',
    in: 'header',
    name: 'X-PROVIDER-API-AppKey',
    description:
      'As credenciais VTEX da parceira: X-PROVIDER-API-AppKey com X-PROVIDER-API-AppToken (fluxo de configuração; no sandbox, as de /sandbox/demo).',
  },
};

const pascal = (id: string) =>
  id
    .split(/[^A-Za-z0-9]/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const toSchema = (schema: v.GenericSchema): JsonSchema =>
  toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' }) as JsonSchema;

const json = (schema: object) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({
  description,
  content: json({ $ref: '#/components/schemas/Error' }),
});

/** Components named once per schema object (a schema shared by several endpoints is described once). */
class SchemaNames {
  readonly defs: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  private readonly names = new Map<unknown, string>();

  ref(schema: v.GenericSchema, name: string): { $ref: string } {
    let known = this.names.get(schema);
    if (!known) {
      known = name;
      this.names.set(schema, known);
      const { $schema: _drop, ...rest } = toSchema(schema) as JsonSchema & { $schema?: string };
      this.defs[known] = rest;
    }
    return { $ref: `#/components/schemas/${known}` };
  }
}

/** The query and path parameters of an endpoint, from its object schemas. */
function parameters(endpoint: AnyEndpoint): object[] {
  const out: object[] = [];
  const add = (schema: v.GenericSchema | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const described = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    const members = (described as { anyOf?: (typeof described)[] }).anyOf ?? [described];
    const seen = new Set<string>();
    for (const member of members) {
      for (const [name, property] of Object.entries(member.properties ?? {})) {
        if (seen.has(name)) continue;
        seen.add(name);
        out.push({
          name,
          in: where,
          required: where === 'path' || (members.length === 1 && (member.required ?? []).includes(name)),
          schema: property,
        });
      }
    }
  };
  add(endpoint.params as v.GenericSchema | undefined, 'path');
  add(endpoint.query as v.GenericSchema | undefined, 'query');
  for (const [name, description] of Object.entries(endpoint.headers ?? {})) {
    if (name.toLowerCase() === 'authorization') continue;
    out.push({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  }
  return out;
}

function responses(endpoint: AnyEndpoint, names: SchemaNames): Record<string, object> {
  const status = String(endpoint.status ?? 200);
  const kind = endpoint.responseKind ?? 'json';
  const success =
    kind === 'json'
      ? {
          description: 'OK',
          content: json(names.ref(endpoint.response as v.GenericSchema, `${pascal(endpoint.id)}Response`)),
        }
      : {
          description: 'OK',
          content: {
            [kind === 'html'
              ? 'text/html'
              : kind === 'event-stream'
                ? 'text/event-stream'
                : kind === 'binary'
                  ? 'image/png'
                  : 'text/plain']: {},
          },
        };
  const out: Record<string, object> = { [status]: success };
  if (endpoint.body || endpoint.query || endpoint.params) out['400'] = errorResponse('Requisição inválida');
  if (SECURITY[endpoint.audience as EndpointAudience])
    out['401'] = errorResponse('Credencial ausente, inválida ou expirada');
  if (endpoint.audience === 'merchantAdmin') out['403'] = errorResponse('Usuário sem permissão ADMIN');
  else if (SECURITY[endpoint.audience as EndpointAudience])
    out['403'] = errorResponse('Credencial de outro público');
  if (pathParams(endpoint.path).length > 0)
    out['404'] = errorResponse('Recurso inexistente ou de outro titular');
  for (const [code, description] of Object.entries(endpoint.errors ?? {})) {
    out[code] = errorResponse(description as string);
  }
  return out;
}

let cached: { publicUrl: string; doc: Record<string, unknown> } | null = null;

export function openApiDocument(
  publicUrl: string,
  endpoints: readonly AnyEndpoint[] = endpointTable,
): Record<string, unknown> {
  if (cached?.publicUrl === publicUrl && endpoints === endpointTable) return cached.doc;
  const names = new SchemaNames();
  const paths: Record<string, Record<string, object>> = {};
  for (const endpoint of endpoints) {
    if (endpoint.internal) continue;
    const path = fillPath(
      endpoint.path,
      Object.fromEntries(pathParams(endpoint.path).map((p) => [p, `{${p}}`])),
    )
      .replaceAll('%7B', '{')
      .replaceAll('%7D', '}');
    const scheme = SECURITY[endpoint.audience as EndpointAudience];
    const body = (endpoint.docBody ?? endpoint.body) as v.GenericSchema | undefined;
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: endpoint.id,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(scheme ? { security: [{ [scheme]: [] }] } : { security: [] }),
      parameters: parameters(endpoint),
      ...(body
        ? { requestBody: { required: true, content: json(names.ref(body, `${pascal(endpoint.id)}Request`)) } }
        : {}),
      responses: responses(endpoint, names),
    };
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Drip — API',
      version: '1.0.0',
      description:
        'API do parceiro (criar e consultar checkouts), do checkout do comprador, das páginas públicas e dos portais (back office, parceira e cliente). Valores em reais com no máximo 2 casas decimais; datas AAAA-MM-DD; instantes ISO 8601.',
    },
    servers: [{ url: publicUrl }],
    components: { securitySchemes: SECURITY_SCHEMES, schemas: names.defs },
    paths,
  };
  if (endpoints === endpointTable) cached = { publicUrl, doc };
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
<p>Documento OpenAPI 3.1: <a href="${escapeHtml(openApiJson.path)}">${escapeHtml(openApiJson.path)}</a></p>
<h2>Operações</h2>
${ops.join('\n')}
<h2>Esquemas</h2>
${defs}
</main></body></html>`;
}
