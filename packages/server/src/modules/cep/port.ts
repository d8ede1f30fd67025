/**
 * The `cep` port: ViaCEP-compatible address lookup. Adapters: an offline sandbox (fixtures and the state ranges;
 * default when the sandbox is on) and ViaCEP over HTTPS (https://viacep.com.br/ws/{cep}/json/) otherwise.
 */
import { CepLookupResponse } from '@drip/core';
import * as v from 'valibot';
import type { Circuit } from '../../circuit.ts';
import type { Config } from '../../config.ts';
import { withRequestIdHeader } from '../../correlation.ts';
import { SANDBOX_CEPS } from './fixture.ts';
import { ufOfCep } from './ranges.ts';

export interface CepAddress {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge?: string;
  ddd?: string;
}

export interface CepPort {
  readonly kind: 'sandbox' | 'viacep';
  /** `cep`: 8 digits. null: unknown CEP. Throws CepUnavailableError when the provider cannot answer. */
  lookup(cep: string): Promise<CepAddress | null>;
}

export class CepUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CepUnavailableError';
  }
}

export const formatCepDigits = (digits: string) => `${digits.slice(0, 5)}-${digits.slice(5)}`;

/**
 * The sandbox's offline lookup: a fixture CEP answers its street; any other well-formed CEP answers its state, by the
 * Correios ranges, with the rest empty (the shopper types it, as for a CEP that ViaCEP knows only by its city), so
 * that a purchase from anywhere in Brazil goes through; a CEP in no state's range is unknown.
 */
export function sandboxCep(): CepPort {
  return {
    kind: 'sandbox',
    lookup: async (cep) => {
      const fixture = SANDBOX_CEPS.find((a) => a.cep.replace('-', '') === cep);
      if (fixture) return fixture;
      const uf = ufOfCep(cep);
      if (!uf) return null;
      return { cep: formatCepDigits(cep), logradouro: '', complemento: '', bairro: '', localidade: '', uf };
    },
  };
}

export type CepFetch = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export function viaCep(options: { fetch?: CepFetch; timeoutMs?: number; baseUrl?: string } = {}): CepPort {
  const doFetch: CepFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl ?? 'https://viacep.com.br/ws';
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    kind: 'viacep',
    async lookup(cep) {
      let res: Awaited<ReturnType<CepFetch>>;
      try {
        res = await doFetch(`${base}/${cep}/json/`, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: withRequestIdHeader(),
        });
      } catch {
        throw new CepUnavailableError('ViaCEP did not answer');
      }
      // ViaCEP answers 400 to a malformed CEP; the route validates before, so any non-200 is an outage.
      if (res.status !== 200) throw new CepUnavailableError(`ViaCEP answered ${res.status}`);
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new CepUnavailableError('ViaCEP answered something that is not JSON');
      }
      const parsed = v.safeParse(CepLookupResponse, body);
      if (
        !parsed.success ||
        Array.isArray(body) ||
        (parsed.output.cep === undefined && parsed.output.erro === undefined)
      )
        throw new CepUnavailableError('ViaCEP answered an unexpected shape');
      const a = parsed.output;
      if (a.erro === true || a.erro === 'true') return null;
      return {
        cep: a.cep ?? formatCepDigits(cep),
        logradouro: a.logradouro ?? '',
        complemento: a.complemento ?? '',
        bairro: a.bairro ?? '',
        localidade: a.localidade ?? '',
        uf: a.uf ?? '',
      };
    },
  };
}

/** The configured adapter behind the CEP service's circuit (time-out, breaker, answer's shape; docs/faults.md). */
export function cepPortFor(config: Config, circuit: Circuit): CepPort {
  const port = config.sandbox ? sandboxCep() : viaCep({ timeoutMs: circuit.timeoutMs });
  return {
    kind: port.kind,
    lookup: (cep) =>
      circuit.call(() => port.lookup(cep), {
        check: (a) => a === null || v.is(CepAddressShape, a),
      }),
  };
}

const CepAddressShape = v.object({
  cep: v.pipe(v.string(), v.regex(/^\d{5}-?\d{3}$/)),
  logradouro: v.string(),
  complemento: v.string(),
  bairro: v.string(),
  localidade: v.string(),
  uf: v.string(),
  ibge: v.optional(v.string()),
  ddd: v.optional(v.string()),
});
