/**
 * The `pix` port: what Drip needs from a Pix PSP (payment service provider), in Drip's own types. Two adapters:
 * the in-process sandbox PSP (sandbox-psp.ts, the default) and `apiPixHttpAdapter` below, which calls any PSP
 * that implements the Banco Central "API Pix" over HTTPS (OAuth2 client credentials, optional mTLS).
 */
import { readFileSync } from 'node:fs';
import { type Cents, centsToReais } from '@drip/core';
import { Agent, fetch as undiciFetch } from 'undici';
import * as v from 'valibot';
import { withRequestIdHeader } from '../../correlation.ts';
import type { DbOrTx } from '../../db/types.ts';
import {
  type CobResponse,
  CobResponse as CobSchema,
  Devolucao,
  PixRecebido,
  TokenResponse,
} from './apipix.ts';

export interface PixPayer {
  cpf: string;
  name: string;
}

export interface CreateCobInput {
  txid: string;
  amount: Cents;
  expiresInSeconds: number;
  payer?: PixPayer;
  description: string;
}

export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amount: Cents;
  paidAt: Date;
  payerCpf: string | null;
  payerName: string | null;
  payerIspb: string | null;
  payerBankCode: string | null;
  infoPagador: string | null;
  refunds: PixRefund[];
}

export interface PixRefund {
  id: string;
  rtrId: string;
  amount: Cents;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface Cob {
  txid: string;
  location: string;
  brCode: string;
  amount: Cents;
  createdAt: Date;
  expiresAt: Date;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  pix: ReceivedPix[];
}

/**
 * Optional context of a call. `tx`: the in-process sandbox PSP writes its own tables in the caller's transaction
 * (on PGlite a second connection would wait for that transaction); a real PSP ignores it.
 */
export interface PixCallContext {
  tx?: DbOrTx;
}

export interface PixPort {
  readonly kind: 'sandbox' | 'apipix';
  createCob(input: CreateCobInput, ctx?: PixCallContext): Promise<Cob>;
  getCob(txid: string, ctx?: PixCallContext): Promise<Cob | null>;
  getPix(endToEndId: string, ctx?: PixCallContext): Promise<ReceivedPix | null>;
  /** PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR. */
  cancelCob(txid: string, ctx?: PixCallContext): Promise<void>;
  /** PUT /pix/{e2eid}/devolucao/{id}: idempotent by id. */
  refund(endToEndId: string, amount: Cents, id: string, ctx?: PixCallContext): Promise<PixRefund>;
}

export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PixProviderError';
  }
}

/** API Pix wire → port types. */
export function cobFromApi(cob: CobResponse, fallbackBrCode: (cob: CobResponse) => string): Cob {
  const createdAt = new Date(cob.calendario.criacao);
  return {
    txid: cob.txid,
    location: cob.location,
    brCode: cob.pixCopiaECola ?? fallbackBrCode(cob),
    amount: cob.valor.original,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + cob.calendario.expiracao * 1000),
    status: cob.status,
    pix: (cob.pix ?? []).map(pixFromApi),
  };
}

export function pixFromApi(p: PixRecebido): ReceivedPix {
  return {
    endToEndId: p.endToEndId,
    txid: p.txid ?? null,
    amount: p.valor,
    paidAt: new Date(p.horario),
    payerCpf: p.pagador?.cpf ?? null,
    payerName: p.pagador?.nome ?? null,
    payerIspb: p.pagador?.ispb ?? null,
    payerBankCode: p.pagador?.codigoBanco ?? null,
    infoPagador: p.infoPagador ?? null,
    refunds: (p.devolucoes ?? []).map((d) => ({
      id: d.id,
      rtrId: d.rtrId,
      amount: d.valor,
      status: d.status,
    })),
  };
}

// ------------------------------------------------------------------------------------------------ HTTP adapter

export interface HttpResponseLike {
  status: number;
  text(): Promise<string>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<HttpResponseLike>;

export interface ApiPixHttpOptions {
  /** PSP base URL; the API lives under `{baseUrl}/v2`, the token endpoint at `{baseUrl}/oauth/token`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Drip's receiving key (chave Pix) put on every cob. */
  pixKey: string;
  /** mTLS client certificate and key (PEM files). */
  certPath?: string;
  keyPath?: string;
  /** For tests; default: undici fetch (with the mTLS agent when configured). */
  fetch?: FetchLike;
  /** Used when the PSP answers a cob without `pixCopiaECola`. */
  brCodeFor: (cob: CobResponse) => string;
  now?: () => Date;
  timeoutMs?: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function problemDetail(body: unknown): string {
  const parsed = v.safeParse(
    v.object({ title: v.optional(v.string()), detail: v.optional(v.string()) }),
    body,
  );
  if (!parsed.success) return '';
  return [parsed.output.title, parsed.output.detail].filter(Boolean).join(': ');
}

export function apiPixHttpAdapter(options: ApiPixHttpOptions): PixPort {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());
  let doFetch: FetchLike;
  if (options.fetch) {
    doFetch = options.fetch;
  } else {
    const dispatcher =
      options.certPath && options.keyPath
        ? new Agent({
            connect: { cert: readFileSync(options.certPath), key: readFileSync(options.keyPath) },
          })
        : undefined;
    doFetch = (url, init) =>
      undiciFetch(url, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
        ...(dispatcher ? { dispatcher } : {}),
      });
  }

  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await doFetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=cob.write%20cob.read%20pix.read%20pix.write',
    });
    const body = parseJson(await res.text());
    if (res.status !== 200) {
      throw new PixProviderError(
        `PSP token request failed (${res.status}) ${problemDetail(body)}`,
        res.status,
      );
    }
    const parsed = v.safeParse(TokenResponse, body);
    if (!parsed.success) throw new PixProviderError('PSP token answer is not an OAuth2 token', res.status);
    // Renew a minute early.
    token = {
      value: parsed.output.access_token,
      expiresAt: now().getTime() + Math.max(0, parsed.output.expires_in - 60) * 1000,
    };
    return token.value;
  }

  async function bearer(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  /** One call; on 401 the token is renewed and the call retried once. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const access = await bearer();
      const res = await doFetch(`${base}/v2${path}`, {
        method,
        headers: withRequestIdHeader({
          authorization: `Bearer ${access}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        }),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const parsed = parseJson(await res.text());
      if (res.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      return { status: res.status, body: parsed };
    }
    throw new PixProviderError('PSP refused the renewed token', 401);
  }

  function expect<S extends v.GenericSchema>(
    schema: S,
    res: { status: number; body: unknown },
    what: string,
  ) {
    if (res.status < 200 || res.status >= 300) {
      throw new PixProviderError(
        `${what} failed (${res.status}) ${problemDetail(res.body)}`.trim(),
        res.status,
      );
    }
    const parsed = v.safeParse(schema, res.body);
    if (!parsed.success) throw new PixProviderError(`${what}: unexpected answer from the PSP`, res.status);
    return parsed.output;
  }

  return {
    kind: 'apipix',
    async createCob(input) {
      const res = await call('PUT', `/cob/${encodeURIComponent(input.txid)}`, {
        calendario: { expiracao: input.expiresInSeconds },
        ...(input.payer ? { devedor: { cpf: input.payer.cpf, nome: input.payer.name } } : {}),
        valor: { original: centsToReais(input.amount).toFixed(2), modalidadeAlteracao: 0 },
        chave: options.pixKey,
        solicitacaoPagador: input.description.slice(0, 140),
      });
      return cobFromApi(expect(CobSchema, res, 'PUT /cob'), options.brCodeFor);
    },
    async getCob(txid) {
      const res = await call('GET', `/cob/${encodeURIComponent(txid)}`);
      if (res.status === 404) return null;
      return cobFromApi(expect(CobSchema, res, 'GET /cob'), options.brCodeFor);
    },
    async getPix(endToEndId) {
      const res = await call('GET', `/pix/${encodeURIComponent(endToEndId)}`);
      if (res.status === 404) return null;
      return pixFromApi(expect(PixRecebido, res, 'GET /pix'));
    },
    async cancelCob(txid) {
      const res = await call('PATCH', `/cob/${encodeURIComponent(txid)}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      });
      expect(CobSchema, res, 'PATCH /cob');
    },
    async refund(endToEndId, amount, id) {
      const res = await call(
        'PUT',
        `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(id)}`,
        { valor: centsToReais(amount).toFixed(2) },
      );
      const d = expect(Devolucao, res, 'PUT /devolucao');
      return { id: d.id, rtrId: d.rtrId, amount: d.valor, status: d.status };
    },
  };
}
