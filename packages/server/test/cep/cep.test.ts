import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CEPS } from '../../src/modules/cep/fixture.ts';
import { CepUnavailableError, sandboxCep, viaCep } from '../../src/modules/cep/port.ts';
import { CEP_RANGES_BY_UF, ufOfCep } from '../../src/modules/cep/ranges.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp({ rateLimit: { windowSeconds: 60, perIp: 5, perSubject: 5 } });
});
afterAll(async () => {
  await t.dispose();
});

describe('GET /api/v1/cep/{cep}', () => {
  it('answers the sandbox fixture ViaCEP-style, 400 for malformed, 404 erro for unknown, 429 over the limit', async () => {
    const ok = await t.request('GET', '/api/v1/cep/01310100');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect((await t.request('GET', '/api/v1/cep/70150-900')).body.localidade).toBe('Brasília');
    const bad = await t.request('GET', '/api/v1/cep/123');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('O CEP fornecido é inválido');
    // 00000-000 to 00999-999 belong to no state: the one unknown range of the sandbox.
    const unknown = await t.request('GET', '/api/v1/cep/00999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.erro).toBe(true);
    expect(unknown.body.error.code).toBe('CEP_NOT_FOUND');
    expect((await t.request('GET', '/api/v1/cep/01001000')).status).toBe(200);
    const limited = await t.request('GET', '/api/v1/cep/01001000');
    expect(limited.status).toBe(429);
  });
});

describe('the sandbox resolves any well-formed CEP of Brazil', () => {
  it("knows the docs' own CEP (22070-011) with its street", async () => {
    const res = await sandboxCep().lookup('22070011');
    expect(res).toMatchObject({
      cep: '22070-011',
      logradouro: 'Avenida Atlântica',
      bairro: 'Copacabana',
      localidade: 'Rio de Janeiro',
      uf: 'RJ',
    });
  });

  it('answers the state of a CEP it has no street for, by the Correios ranges, the rest empty to be typed', async () => {
    const cases: [string, string][] = [
      ['69005040', 'AM'],
      ['69301000', 'RR'],
      ['69900000', 'AC'],
      ['64000000', 'PI'],
      ['13083970', 'SP'],
      ['88015100', 'SC'],
      ['72800000', 'GO'],
      ['73010000', 'DF'],
      ['76801000', 'RO'],
      ['68900000', 'AP'],
      ['99999999', 'RS'],
    ];
    for (const [cep, uf] of cases) {
      const res = await sandboxCep().lookup(cep);
      expect(res, cep).toEqual({
        cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
        logradouro: '',
        complemento: '',
        bairro: '',
        localidade: '',
        uf,
      });
    }
    expect(await sandboxCep().lookup('00500000')).toBeNull();
  });

  it('every fixture lies in its own state range; the ranges are 27 states, ordered, without overlap', () => {
    for (const a of SANDBOX_CEPS) expect(ufOfCep(a.cep.replace('-', '')), a.cep).toBe(a.uf);
    expect(new Set(CEP_RANGES_BY_UF.map((r) => r.uf)).size).toBe(27);
    for (let i = 1; i < CEP_RANGES_BY_UF.length; i++) {
      const prev = CEP_RANGES_BY_UF[i - 1];
      const cur = CEP_RANGES_BY_UF[i];
      expect(cur && prev && cur.from > prev.to, cur?.uf).toBe(true);
    }
  });

  it('over HTTP: 200 with the state for any CEP, so the checkout never blocks on an unknown one', async () => {
    const app = await seededApp();
    try {
      const res = await app.request('GET', '/api/v1/cep/69005-040');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ cep: '69005-040', uf: 'AM', localidade: '' });
    } finally {
      await app.dispose();
    }
  });
});

describe('GET /api/v1/cep/{cep} with the provider down', () => {
  it('answers 503 CEP_UNAVAILABLE (a port failure, kind unavailable), not cached, and 200 again once it is back', async () => {
    const down = await seededApp();
    try {
      let outage = true;
      down.built.services.cep = viaCep({
        fetch: async () => {
          if (outage) throw new Error('offline');
          return {
            status: 200,
            json: async () => ({ cep: '01001-000', logradouro: 'Praça da Sé', uf: 'SP' }),
          };
        },
      });
      const res = await down.request('GET', '/api/v1/cep/01001-000');
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: 'CEP_UNAVAILABLE',
        message: 'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
      });
      expect(res.headers.get('cache-control') ?? '').not.toContain('public');
      outage = false;
      const back = await down.request('GET', '/api/v1/cep/01001-000');
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ logradouro: 'Praça da Sé', uf: 'SP' });
    } finally {
      await down.dispose();
    }
  });
});

describe('ViaCEP adapter', () => {
  const answer = (status: number, body: unknown) => async () => ({ status, json: async () => body });

  it('maps the ViaCEP answer, erro:true and outages', async () => {
    const calls: string[] = [];
    const port = viaCep({
      fetch: async (url) => {
        calls.push(url);
        return {
          status: 200,
          json: async () => ({
            cep: '80210-000',
            logradouro: 'Avenida Prefeito Omar Sabbag',
            complemento: '',
            bairro: 'Jardim Botânico',
            localidade: 'Curitiba',
            uf: 'PR',
            ibge: '4106902',
          }),
        };
      },
    });
    expect(await port.lookup('80210000')).toMatchObject({ localidade: 'Curitiba', uf: 'PR' });
    expect(calls).toEqual(['https://viacep.com.br/ws/80210000/json/']);
    expect(await viaCep({ fetch: answer(200, { erro: 'true' }) }).lookup('99999999')).toBeNull();
    expect(await viaCep({ fetch: answer(200, { erro: true }) }).lookup('99999999')).toBeNull();
    await expect(viaCep({ fetch: answer(502, {}) }).lookup('01001000')).rejects.toBeInstanceOf(
      CepUnavailableError,
    );
    await expect(
      viaCep({
        fetch: async () => {
          throw new Error('offline');
        },
      }).lookup('01001000'),
    ).rejects.toBeInstanceOf(CepUnavailableError);
    await expect(viaCep({ fetch: answer(200, [1, 2]) }).lookup('01001000')).rejects.toBeInstanceOf(
      CepUnavailableError,
    );
  });
});
