import { cepLookup, onlyDigits } from '@drip/core';
import { clientIp, type Services } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { CepUnavailableError } from './port.ts';

/**
 * `GET /api/v1/cep/{cep}`: 200 with the ViaCEP fields; 400 for a malformed CEP; 404 `{ erro: true, error }` for an
 * unknown one (ViaCEP's `erro` plus Drip's error body); 503 when the provider is down. Rate-limited per IP.
 */
export function cepRoutes(s: Services): RouteDef[] {
  return [
    route(cepLookup, async ({ c, params }) => {
      s.limiter.hit('cep', clientIp(c));
      const raw = params.cep;
      if (!/^\d{5}-?\d{3}$/.test(raw.trim())) {
        throw new ApiError(400, 'INVALID_CEP', 'O CEP fornecido é inválido');
      }
      const cep = onlyDigits(raw);
      let address: Awaited<ReturnType<typeof s.cep.lookup>>;
      try {
        address = await s.cep.lookup(cep);
      } catch (err) {
        if (err instanceof CepUnavailableError) {
          s.log.warn('cep lookup unavailable', { cep, message: err.message });
          throw new ApiError(
            503,
            'CEP_UNAVAILABLE',
            'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
          );
        }
        throw err;
      }
      c.header('Cache-Control', 'public, max-age=86400');
      if (!address) {
        // ViaCEP's `erro` plus Drip's error body, with a 404.
        return c.json({ erro: true, error: { code: 'CEP_NOT_FOUND', message: 'CEP não encontrado' } }, 404);
      }
      return address;
    }),
  ];
}
