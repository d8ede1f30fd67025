import { onlyDigits } from '@drip/core';
import { DependencyUnavailableError } from '../../circuit.ts';
import { DomainError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { type CepAddress, type CepPort, CepUnavailableError } from './port.ts';

/**
 * The address of a CEP typed by a user (`01310-100` or `01310100`); null for a CEP nobody knows. A malformed CEP is
 * `invalid`; a provider that cannot answer is `unavailable` (503: the request was fine, retry later), logged with its
 * technical reason, which the user never reads.
 */
export async function lookupAddress(port: CepPort, log: Logger, input: string): Promise<CepAddress | null> {
  if (!/^\d{5}-?\d{3}$/.test(input.trim())) {
    throw new DomainError('invalid', 'INVALID_CEP', 'O CEP fornecido é inválido');
  }
  const cep = onlyDigits(input);
  try {
    return await port.lookup(cep);
  } catch (err) {
    if (!(err instanceof CepUnavailableError || err instanceof DependencyUnavailableError)) throw err;
    log.warn('cep lookup unavailable', {
      cep,
      message: err instanceof DependencyUnavailableError ? err.detail : err.message,
    });
    throw new DomainError(
      'unavailable',
      'CEP_UNAVAILABLE',
      'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
    );
  }
}
