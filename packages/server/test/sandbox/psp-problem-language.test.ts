/**
 * The fake PSP's API Pix face refuses a body the protocol's schema rejects with a problem in pt-BR (found by the
 * endpoint-table fuzzer, test/fuzz): valibot's English ('Invalid key: Expected "status"…') never reaches a caller.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pixSettings } from '../../src/modules/payments/module.ts';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

it('names the missing field of a cob PATCH in pt-BR, in the detail and in each violation', async () => {
  const settings = pixSettings(t.built.services.config);
  const token = await t.raw('/sandbox/psp/oauth/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa(`${settings.sandboxClientId}:${settings.sandboxClientSecret}`)}`,
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await t.raw(`/sandbox/psp/v2/cob/${'a'.repeat(30)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ valor: 'x' }),
  });
  expect(res.status).toBe(400);
  const problem = (await res.json()) as {
    detail: string;
    violacoes: { razao: string; propriedade: string }[];
  };
  expect(problem.detail).toBe('O campo status é obrigatório');
  expect(problem.violacoes).toContainEqual({ razao: 'O campo status é obrigatório', propriedade: 'status' });
});
