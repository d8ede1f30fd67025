/**
 * The Nuvemshop emulator's API refuses an unknown access token in pt-BR (found by the endpoint-table fuzzer,
 * test/fuzz): every refusal the server sends is read by a Brazilian developer, the emulator's included.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
});
afterAll(async () => {
  await t.dispose();
});

it('answers 401 with a Portuguese message to an unknown token', async () => {
  const res = await t.request('GET', '/sandbox/nuvemshop/api/v1/1/store', undefined, {
    Authentication: 'bearer nada',
  });
  expect(res.status).toBe(401);
  expect(res.body.error).toEqual({ code: 'NUVEMSHOP_UNAUTHORIZED', message: 'Token de acesso inválido' });
});
