import { generateCpf, maskCpf } from '@drip/core';
import { describe, expect, it } from 'vitest';
import { okResult } from '../test-utils.ts';
import { cepError, cepOutcome, cpfError, emptyDraft, phoneError, validateCustomerDraft } from './validate.ts';

const validCpf = maskCpf(generateCpf(7));
const valid = {
  ...emptyDraft,
  phone: '+55 (11) 98765-4321',
  cpf: validCpf,
  name: 'Maria da Silva',
  email: 'Maria@Example.com',
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

describe('shopper form messages (spec 5)', () => {
  it('phone: empty, foreign, incomplete, invalid', () => {
    expect(phoneError('')).toBe('Insira um número de telefone válido');
    // International numbers are accepted when valid for their country (spec 9).
    expect(phoneError('+1 213 373 4253')).toBeNull();
    expect(phoneError('(213) 373-4253', 'US')).toBeNull();
    expect(phoneError('+1 555 123 4567')).toBe(
      'O campo telefone fornecido é inválido, verifique e tente novamente',
    );
    expect(phoneError('+1 213 37')).toBe('O campo telefone está incompleto, verifique o número e seu DDD');
    expect(phoneError('+55 (11) 9876')).toBe(
      'O campo telefone está incompleto, verifique o número e seu DDD',
    );
    expect(phoneError('+55 (11) 18765-4321')).toBe(
      'O campo telefone fornecido é inválido, verifique e tente novamente',
    );
    expect(phoneError('+55 (11) 98765-4321')).toBeNull();
  });

  it('CPF and CEP', () => {
    expect(cpfError('123.456.789-00')).toBe('O campo CPF fornecido é inválido');
    expect(cpfError('123.456')).toBe('O campo CPF fornecido é inválido');
    expect(cpfError(validCpf)).toBeNull();
    expect(cepError('01310-10')).toBe('O campo CEP deve ter 8 digitos');
    expect(cepError('01310-100')).toBeNull();
  });

  it('CEP lookup outcomes', () => {
    expect(cepOutcome(okResult({ erro: true }))).toEqual({
      ok: false,
      message: 'O CEP fornecido é inválido',
    });
    expect(cepOutcome({ ok: false, error: { kind: 'network', status: 0, message: 'x' } })).toEqual({
      ok: false,
      message: 'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
    });
    expect(cepOutcome(okResult({ logradouro: '', bairro: 'Centro', localidade: 'Itu', uf: 'SP' }))).toEqual({
      ok: true,
      street: '',
      neighborhood: 'Centro',
      city: 'Itu',
      state: 'SP',
    });
  });

  it('the whole draft: a valid one becomes the request', () => {
    const result = validateCustomerDraft(valid);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.customerCpf).toBe(generateCpf(7));
      expect(result.data.customerPhone).toBe('+5511987654321');
      expect(result.data.addressCep).toBe('01310100');
      expect(result.data.customerEmail).toBe('maria@example.com');
    }
  });

  it('the whole draft: address fields missing after the CEP lookup', () => {
    const result = validateCustomerDraft({ ...valid, street: '', neighborhood: ' ', city: '', state: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toMatchObject({
        street: 'Não encontramos a rua pelo CEP informado, por favor preencha',
        neighborhood: 'Não encontramos o bairro pelo CEP informado, por favor preencha',
        city: 'Precisamos de um CEP válido para recuperar a cidade',
        state: 'Precisamos de um CEP válido para recuperar o estado',
      });
    }
  });

  it('the whole draft: a city and state the shopper types (the lookup did not fill them) ask to be filled', () => {
    const result = validateCustomerDraft({ ...valid, city: ' ', state: '' }, 'BR', {
      city: true,
      state: true,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.city).toBe('Não encontramos a cidade pelo CEP informado, por favor preencha');
      expect(result.errors.state).toBe('Não encontramos o estado pelo CEP informado, por favor selecione');
    }
    const typed = validateCustomerDraft({ ...valid, city: 'Manaus', state: 'am' }, 'BR', {
      city: true,
      state: true,
    });
    expect(typed.ok && typed.data.addressState).toBe('AM');
  });

  it('the whole draft: the finer phone, CPF and CEP messages win', () => {
    const result = validateCustomerDraft({
      ...valid,
      phone: '+55 (11) 98',
      cpf: '111.111.111-11',
      cep: '0131',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.phone).toBe('O campo telefone está incompleto, verifique o número e seu DDD');
      expect(result.errors.cpf).toBe('O campo CPF fornecido é inválido');
      expect(result.errors.cep).toBe('O campo CEP deve ter 8 digitos');
    }
  });
});
