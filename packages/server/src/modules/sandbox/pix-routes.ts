import {
  pspDevolucao,
  pspGetCob,
  pspGetPix,
  pspPatchCob,
  pspPutCob,
  pspToken,
  sandboxBank,
  sandboxPixParse,
  sandboxPixPay,
} from '@drip/core';
/**
 * Sandbox Pix: the sandbox PSP's API Pix face (`/sandbox/psp/...`), the sandbox bank page and its JSON helpers
 * (`POST /sandbox/pix/parse`, `POST /sandbox/pix/pay`). Mounted only when the sandbox is on.
 */

import * as v from 'valibot';
import { MAX_BODY_BYTES, parseWith, readJson, tooLarge } from '../../http/body.ts';
import type { AppContext, Services } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDef, rawBodyRoute, route } from '../../http/route-table.ts';
import {
  CobPatchRequest,
  CobRequest,
  DEVOLUCAO_ID_PATTERN,
  DevolucaoRequest,
  E2EID_PATTERN,
  type Problem,
  problem,
  TXID_PATTERN,
} from '../payments/apipix.ts';
import { parseBrCode } from '../payments/brcode.ts';
import { cobWire, devolucaoWire, pixWire, type SandboxPsp } from '../payments/sandbox-psp.ts';
import { bankPage } from './bank-page.ts';
import { centsToReais, DEMO_CPF_FALLBACK } from './pix-routes-support.ts';

export const PSP_BASE = '/sandbox/psp';

/** API Pix answers problems (RFC 7807); `error` repeats it in Drip's error shape for Drip's own tooling. */
function problemResponse(_c: AppContext, p: Problem): Response {
  const code = p.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();
  return new Response(JSON.stringify({ ...p, error: { code: code || 'PSP_ERROR', message: p.detail } }), {
    status: p.status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

function validationProblem(c: AppContext, issues: readonly v.BaseIssue<unknown>[]): Response {
  const first = issues[0];
  const detail = first?.message ?? 'Requisição inválida';
  return problemResponse(c, {
    ...problem(400, 'Requisição inválida.', detail),
    violacoes: issues.map((i) => ({
      razao: i.message,
      propriedade: (i.path ?? []).map((p) => String(p.key)).join('.'),
    })),
  });
}

async function requireToken(c: AppContext, psp: SandboxPsp): Promise<Response | null> {
  if (await psp.verifyBearer(c.req.header('authorization'))) return null;
  return problemResponse(
    c,
    problem(401, 'Não autorizado', 'Envie um access token válido (POST /oauth/token)'),
  );
}

const PayRequest = v.pipe(
  v.object({
    brcode: v.optional(v.pipe(v.string('brcode deve ser um texto'), v.maxLength(512, 'brcode muito longo'))),
    txid: v.optional(v.pipe(v.string('txid deve ser um texto'), v.regex(TXID_PATTERN, 'txid inválido'))),
    payerCpf: v.pipe(v.string('Informe o CPF do pagador'), v.minLength(11, 'Informe o CPF do pagador')),
    payerBankCode: v.pipe(
      v.string('Informe o código do banco pagador'),
      v.regex(/^\d{3}$/, 'O código do banco tem 3 dígitos'),
    ),
    payerName: v.optional(v.pipe(v.string('payerName deve ser um texto'), v.maxLength(200))),
  }),
  v.check((b) => (b.brcode !== undefined) !== (b.txid !== undefined), 'Envie brcode ou txid (um dos dois)'),
);

const ParseRequest = v.pipe(
  v.object({
    brcode: v.optional(v.pipe(v.string('brcode deve ser um texto'), v.maxLength(512, 'brcode muito longo'))),
    txid: v.optional(v.pipe(v.string('txid deve ser um texto'), v.regex(TXID_PATTERN, 'txid inválido'))),
  }),
  v.check((b) => (b.brcode !== undefined) !== (b.txid !== undefined), 'Envie brcode ou txid (um dos dois)'),
);

const STATUS_LABELS: Record<string, string> = {
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Paga',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Cancelada pelo recebedor',
  REMOVIDA_PELO_PSP: 'Removida pelo PSP',
};

/** Resolves `{ brcode | txid }` to where the sandbox PSP can find the cob. */
function target(body: {
  brcode?: string | undefined;
  txid?: string | undefined;
}): { txid: string } | { location: string } {
  if (body.txid !== undefined) return { txid: body.txid };
  const parsed = parseBrCode(body.brcode ?? '');
  if (!parsed.ok) throw new ApiError(400, 'INVALID_BRCODE', parsed.message);
  if (parsed.code.type !== 'DYNAMIC' || !parsed.code.location) {
    throw new ApiError(400, 'STATIC_BRCODE', 'Este banco de testes paga apenas cobranças dinâmicas do Drip');
  }
  return { location: parsed.code.location };
}

/** Reads an OAuth token request body: form-encoded (RFC 6749) or JSON. */
async function readTokenForm(c: AppContext): Promise<Record<string, string>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const buf = await c.req.arrayBuffer();
    if (buf.byteLength > MAX_BODY_BYTES) throw tooLarge();
    return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(buf)));
  }
  const raw = await readJson(c);
  const parsed = v.safeParse(v.record(v.string(), v.string()), raw);
  return parsed.success ? parsed.output : {};
}

export function pixSandboxRoutes(s: Services): RouteDef[] {
  const psp = (): SandboxPsp => {
    if (!s.sandboxPsp) throw new ApiError(404, 'NOT_FOUND', 'O PSP sandbox está desligado');
    return s.sandboxPsp;
  };
  return [
    rawBodyRoute(pspToken, async ({ c }) => {
      const form = await readTokenForm(c);
      // OAuth2 error codes (RFC 6749), carried in Drip's error shape.
      if (form.grant_type !== 'client_credentials') {
        throw new ApiError(400, 'unsupported_grant_type', 'Use grant_type=client_credentials');
      }
      const result = await psp().issueToken(c.req.header('authorization'));
      if (!result.ok) throw new ApiError(401, 'invalid_client', result.problem.detail);
      c.header('Cache-Control', 'no-store');
      return result.value;
    }),
    rawBodyRoute(pspPutCob, async ({ c, params }) => {
      const raw = await readJson(c);
      const denied = await requireToken(c, psp());
      if (denied) return denied;
      const txid = params.txid;
      if (!TXID_PATTERN.test(txid)) {
        return problemResponse(
          c,
          problem(400, 'Cobrança inválida.', 'O txid deve ter de 26 a 35 letras e dígitos'),
        );
      }
      const body = v.safeParse(CobRequest, raw);
      if (!body.success) return validationProblem(c, body.issues);
      const result = await psp().putCob(txid, body.output);
      return result.ok ? cobWire(result.value) : problemResponse(c, result.problem);
    }),
    route(pspGetCob, async ({ c, params }) => {
      const denied = await requireToken(c, psp());
      if (denied) return denied;
      const cob = await psp().getCob(params.txid);
      return cob
        ? cobWire(cob)
        : problemResponse(c, problem(404, 'Cobrança não encontrada.', 'Nenhuma cobrança com este txid'));
    }),
    rawBodyRoute(pspPatchCob, async ({ c, params }) => {
      const raw = await readJson(c);
      const denied = await requireToken(c, psp());
      if (denied) return denied;
      const body = v.safeParse(CobPatchRequest, raw);
      if (!body.success) return validationProblem(c, body.issues);
      const result = await psp().patchCob(params.txid);
      return result.ok ? cobWire(result.value) : problemResponse(c, result.problem);
    }),
    route(pspGetPix, async ({ c, params }) => {
      const denied = await requireToken(c, psp());
      if (denied) return denied;
      const pix = await psp().getPix(params.e2eid);
      return pix
        ? pixWire(pix)
        : problemResponse(c, problem(404, 'Pix não encontrado.', 'Nenhum Pix com este endToEndId'));
    }),
    rawBodyRoute(pspDevolucao, async ({ c, params }) => {
      const raw = await readJson(c);
      const denied = await requireToken(c, psp());
      if (denied) return denied;
      const e2eid = params.e2eid;
      const id = params.id;
      if (!E2EID_PATTERN.test(e2eid) || !DEVOLUCAO_ID_PATTERN.test(id)) {
        return problemResponse(
          c,
          problem(400, 'Devolução inválida.', 'endToEndId ou id de devolução inválido'),
        );
      }
      const body = v.safeParse(DevolucaoRequest, raw);
      if (!body.success) return validationProblem(c, body.issues);
      const result = await psp().putDevolucao(e2eid, id, body.output.valor);
      return result.ok ? devolucaoWire(result.value) : problemResponse(c, result.problem);
    }),
    route(sandboxBank, async ({ c }) => {
      c.header('Cache-Control', 'no-store');
      return c.html(bankPage(DEMO_CPF_FALLBACK, (await s.sandboxPayouts?.recent()) ?? []), 200);
    }),
    rawBodyRoute(sandboxPixParse, async ({ c }) => {
      const body = parseWith(ParseRequest, await readJson(c));
      const where = target(body);
      const parsed = body.brcode !== undefined ? parseBrCode(body.brcode) : null;
      const cob = await psp().findCob(where);
      if (!cob)
        throw new ApiError(404, 'COB_NOT_FOUND', 'Nenhuma cobrança do PSP sandbox corresponde a este código');
      return {
        txid: cob.txid,
        amount: centsToReais(cob.valor.original),
        merchantName: parsed?.ok ? parsed.code.merchantName : 'DRIP PAGAMENTOS',
        merchantCity: parsed?.ok ? parsed.code.merchantCity : 'SAO PAULO',
        status: cob.status,
        statusLabel: psp().isPayable(cob)
          ? STATUS_LABELS.ATIVA
          : cob.status === 'ATIVA'
            ? 'Expirada'
            : STATUS_LABELS[cob.status],
        payable: psp().isPayable(cob),
        expiresAt: new Date(
          new Date(cob.calendario.criacao).getTime() + cob.calendario.expiracao * 1000,
        ).toISOString(),
      };
    }),
    rawBodyRoute(sandboxPixPay, async ({ c }) => {
      const body = parseWith(PayRequest, await readJson(c));
      const where = target(body);
      const result = await psp().pay({
        ...where,
        payerCpf: body.payerCpf,
        payerName: body.payerName ?? '',
        payerBankCode: body.payerBankCode,
      });
      if (!result.ok) {
        const codes: Record<number, string> = {
          404: 'COB_NOT_FOUND',
          409: 'COB_ALREADY_PAID',
          410: 'COB_GONE',
          400: 'INVALID_PAYER',
        };
        const status = result.problem.status;
        throw new ApiError(
          status === 404 || status === 409 || status === 410 ? status : 400,
          codes[status] ?? 'PSP_ERROR',
          result.problem.detail,
        );
      }
      return {
        endToEndId: result.value.endToEndId,
        txid: result.value.txid,
        amount: centsToReais(result.value.amount),
        status: 'CONCLUIDA',
        webhook: result.value.webhook,
      };
    }),
  ];
}
