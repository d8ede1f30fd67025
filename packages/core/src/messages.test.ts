import { describe, expect, it } from 'vitest';
import {
  adminLoginError,
  adminProfileError,
  authMessages,
  customerLoginError,
  merchantLoginError,
  notFoundMessages,
  passwordMessages,
  payInstalmentLabel,
  usernameKind,
} from './messages.ts';

describe('usernameKind', () => {
  it("is 'email' with '@', 'cpf' with 11 digits, else 'phone'", () => {
    expect(usernameKind('ana@drip.com.br')).toBe('email');
    expect(usernameKind('123.456.789-09')).toBe('cpf');
    expect(usernameKind('12345678909')).toBe('cpf');
    expect(usernameKind('+55 (11) 98765-4321')).toBe('phone');
    expect(usernameKind('(11) 98765-4321')).toBe('phone');
    expect(usernameKind('1234')).toBe('phone');
  });
});

describe('login errors (spec section 8)', () => {
  it('admin: 401 by username kind, otherwise the status', () => {
    expect(adminLoginError(401, 'email')).toBe('E-Mail e/ou senha incorreta');
    expect(adminLoginError(401, 'phone')).toBe('Telefone e/ou senha incorreta');
    expect(adminLoginError(401, 'cpf')).toBe('CPF e/ou senha incorreta');
    expect(adminLoginError(500, 'email')).toBe('Erro ao fazer login (500)');
    expect(adminLoginError(0, 'cpf')).toBe('Erro ao fazer login (0)');
    expect(adminProfileError(409)).toBe('Incapaz de editar (409)');
  });

  it('customer: 401 and 403 are bad credentials', () => {
    expect(customerLoginError(401)).toBe('CPF e/ou senha inválidos');
    expect(customerLoginError(403)).toBe('CPF e/ou senha inválidos');
    expect(customerLoginError(500)).toBe('Ocorreu um erro ao fazer o login, tente novamente');
  });

  it('merchant: 401 by step, otherwise the generic message', () => {
    expect(merchantLoginError(401, 'password')).toBe('E-mail e/ou senha incorretos.');
    expect(merchantLoginError(401, 'token')).toBe('Drip Token inválido, verifique o número inserido.');
    expect(merchantLoginError(503, 'token')).toBe(
      'Ocorreu um erro ao fazer seu login, tente novamente mais tarde',
    );
  });
});

describe('texts', () => {
  it('keeps the spec wording exactly', () => {
    expect(authMessages.loginSubtitle).toBe('Faça login para acessar sua conta');
    expect(authMessages.twoStepTitle).toBe('Verificação de 2 etapas');
    expect(notFoundMessages.description).toBe('A página que você estava procurando não existe');
    expect(passwordMessages.resetMin8).toBe('As senha devem conter no mínimo 8 caracteres');
    expect(payInstalmentLabel(2)).toBe('Pagar parcela 2');
  });
});
