import { cepLookup } from '@drip/core';
import { clientIp, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { lookupAddress } from './service.ts';

/**
 * `GET /api/v1/cep/{cep}`: 200 with the ViaCEP fields; 400 for a malformed CEP; 404 `{ erro: true, error }` for an
 * unknown one (ViaCEP's `erro` plus Drip's error body); 503 when the provider is down. Rate-limited per IP.
 */
export function cepRoutes(s: Services): RouteDef[] {
  return [
    route(cepLookup, async ({ c, params }) => {
      await s.limiter.take('cep', clientIp(c));
      const address = await lookupAddress(s.cep, s.log, params.cep);
      c.header('Cache-Control', 'public, max-age=86400');
      // An unknown CEP is an answer, not a refusal: ViaCEP's `erro` plus Drip's error body, with a 404.
      if (!address)
        return c.json({ erro: true, error: { code: 'CEP_NOT_FOUND', message: 'CEP não encontrado' } }, 404);
      return address;
    }),
  ];
}
