import { describe, expect, it } from 'vitest';
import { isPortuguese, refusalProblem } from './portuguese.ts';

describe('the Portuguese check of refusals', () => {
  it('passes Drip sentences, with the caller’s text or constants echoed in them', () => {
    for (const message of [
      'Faça login para continuar',
      'O campo username é obrigatório',
      'CPF inválido: &iS:J',
      'Origem deve ser INTERNAL, AWIN ou AFILIO',
      'Pagamento VTEX desconhecido desta parceira',
      'Use grant_type=client_credentials',
      'Token de acesso inválido',
    ])
      expect(isPortuguese(message), message).toBe(true);
  });

  it('flags English, empty and missing messages', () => {
    for (const message of [
      'Invalid key: Expected "status" but received undefined',
      'Invalid access token',
      'Not Found',
      'Internal Server Error',
      'Unexpected token } in JSON',
      '',
      '   ',
      42,
      undefined,
    ])
      expect(isPortuguese(message), String(message)).toBe(false);
    expect(refusalProblem('text/plain', 'Not Found')).toMatch(/não é JSON/);
    expect(refusalProblem('application/json', '{"message":"Dados inválidos"}')).toMatch(/envelope/);
    expect(
      refusalProblem('application/json', '{"error":{"code":"X","message":"Dados inválidos"}}'),
    ).toBeNull();
    expect(
      refusalProblem(
        'application/json',
        '{"error":{"code":"X","message":"Dados inválidos","issues":[{"path":"a","message":"Invalid type"}]}}',
      ),
    ).toMatch(/português/);
  });
});
