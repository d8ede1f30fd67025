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
import { MAX_BODY_BYTES, parseWith, readJson, toIssues, tooLarge } from '../../http/body.ts';
import type { AppContext, Services } from '../../http/context.ts';
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
import { cobWire, devolucaoWire, pixWire, type SandboxPsp } from '../payments/sandbox-psp.ts';
import { describeCob, issuePspToken, payCob, sandboxPspOf } from './bank.ts';
import { bankPage } from './bank-page.ts';
import { DEMO_CPF_FALLBACK } from './pix-routes-support.ts';

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

/** A body the contract refuses, as API Pix words it; valibot's English issues said in pt-BR like every 400. */
function validationProblem(c: AppContext, issues: readonly v.BaseIssue<unknown>[]): Response {
  const said = toIssues(issues);
  const detail = said[0]?.message ?? 'Requisição inválida';
  return problemResponse(c, {
    ...problem(400, 'Requisição inválida.', detail),
    violacoes: said.map((i) => ({ razao: i.message, propriedade: i.path })),
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
  const psp = (): SandboxPsp => sandboxPspOf(s.sandboxPsp);
  return [
    rawBodyRoute(pspToken, async ({ c }) => {
      const form = await readTokenForm(c);
      const token = await issuePspToken(psp(), form.grant_type, c.req.header('authorization'));
      c.header('Cache-Control', 'no-store');
      return token;
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
      return c.html(
        bankPage(
          DEMO_CPF_FALLBACK,
          (await s.sandboxPayouts?.recent()) ?? [],
          (await s.sandboxPsp?.recentDevolucoes()) ?? [],
        ),
        200,
      );
    }),
    rawBodyRoute(sandboxPixParse, async ({ c }) => {
      const body = parseWith(ParseRequest, await readJson(c));
      return describeCob(psp, body);
    }),
    rawBodyRoute(sandboxPixPay, async ({ c }) => {
      const body = parseWith(PayRequest, await readJson(c));
      return payCob(psp, body);
    }),
  ];
}
