import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MerchantLoginRequest } from './auth.ts';
import { issueMessage, issuePath } from './issue-messages.ts';

/** Every leaf issue of a failed parse as `path: message`. */
function messages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  if (result.success) return [];
  const leaves = (issues: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown>[] =>
    issues.flatMap((i) => (i.issues && i.issues.length > 0 ? leaves(i.issues) : [i]));
  return leaves(result.issues).map((i) => `${issuePath(i)}: ${issueMessage(i)}`);
}

const ENGLISH = /\b(Invalid|Expected|Received|received|but)\b/;

describe('issueMessage', () => {
  it("says valibot's missing key in pt-BR, naming the field", () => {
    expect(messages(MerchantLoginRequest, {})).toContain('username: O campo username é obrigatório');
    expect(messages(v.object({ amount: v.number() }), { amount: '10' })).toEqual([
      'amount: O campo amount deve ser um número',
    ]);
  });

  it("keeps a schema's own message", () => {
    expect(messages(MerchantLoginRequest, { username: 'a@b.c', smsCode: '12ab' })).toContain(
      'smsCode: O código deve ter 6 dígitos',
    );
  });

  it('names nested fields by their path and says what is accepted', () => {
    const schema = v.object({
      products: v.array(
        v.object({ name: v.string(), quantity: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
      ),
      mode: v.picklist(['modal', 'redirect']),
      url: v.pipe(v.string(), v.url()),
      tags: v.pipe(v.array(v.string()), v.maxLength(2)),
      extra: v.optional(v.strictObject({ a: v.string() })),
    });
    const found = messages(schema, {
      products: [
        { name: 3, quantity: 1.5 },
        { name: 'x', quantity: 0 },
      ],
      mode: 'popup',
      url: 'não é url',
      tags: ['a', 'b', 'c'],
      extra: { a: 'x', b: 1 },
    });
    expect(found).toEqual([
      'products.0.name: O campo products.0.name deve ser um texto',
      'products.0.quantity: O campo products.0.quantity deve ser um número inteiro',
      'products.1.quantity: O campo products.1.quantity deve ser no mínimo 1',
      'mode: O campo mode deve ser um destes valores: modal, redirect',
      'url: O campo url deve ser uma URL válida',
      'tags: O campo tags deve ter no máximo 2 itens',
      'extra.b: O campo extra.b não é aceito',
    ]);
  });

  it('says a body that is not an object in pt-BR', () => {
    for (const input of [null, 'texto', 42])
      expect(messages(v.object({ a: v.string() }), input)).toEqual([
        ': O corpo da requisição deve ser um objeto',
      ]);
  });

  it('never answers in English, whatever the schema and the input', () => {
    const schemas: v.GenericSchema[] = [
      v.object({ a: v.string(), b: v.number(), c: v.boolean(), d: v.array(v.string()) }),
      v.object({ e: v.pipe(v.string(), v.email()), f: v.pipe(v.string(), v.uuid()), g: v.literal('x') }),
      v.object({ h: v.pipe(v.string(), v.isoDate()), i: v.pipe(v.string(), v.regex(/^\d+$/)) }),
      v.object({
        j: v.union([v.string(), v.number()]),
        k: v.pipe(v.string(), v.minLength(3), v.maxLength(4)),
      }),
      v.variant('type', [
        v.object({ type: v.literal('A') }),
        v.object({ type: v.literal('B'), n: v.number() }),
      ]),
    ];
    const inputs: unknown[] = [
      {},
      null,
      { a: 1, b: 'x', c: 'sim', d: 'x', e: 'x', f: 'x', g: 'y', h: '2026-13-40', i: 'a', j: {}, k: 'ab' },
      { type: 'C' },
      { type: 'B', n: 'x' },
    ];
    for (const schema of schemas)
      for (const input of inputs) for (const m of messages(schema, input)) expect(m).not.toMatch(ENGLISH);
  });
});
