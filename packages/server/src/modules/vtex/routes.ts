/** The VTEX connector's routes (docs/vtex.md): parse, authenticate through the audience guard, call the connector. */
import {
  VtexCreatePaymentRequest,
  vtexAuthorizationCredentials,
  vtexAuthorizationRedirect,
  vtexAuthorizationToken,
  vtexCancelPayment,
  vtexCreatePayment,
  vtexManifest,
  vtexRefundPayment,
  vtexSettlePayment,
} from '@drip/core';
import * as v from 'valibot';
import { DomainError } from '../../errors.ts';
import { readJson, toIssues } from '../../http/body.ts';
import type { AppContext, Services } from '../../http/context.ts';
import { type RouteDef, rawBodyRoute, route } from '../../http/route-table.ts';

/** The merchant the guard authenticated (the `vtexProvider` audience). */
function merchantOf(c: AppContext): string {
  const id = c.get('vtexMerchantId');
  if (!id) throw new DomainError('unauthenticated', 'VTEX_CREDENTIALS', 'Credenciais VTEX ausentes');
  return id;
}

export function vtexRoutes(s: Services): RouteDef[] {
  return [
    route(vtexManifest, async () => s.vtex.manifest()),
    // The protocol's own error shape (Fail-BadRequest) for a body it cannot take.
    rawBodyRoute(vtexCreatePayment, async ({ c }) => {
      const merchantId = merchantOf(c);
      const parsed = v.safeParse(VtexCreatePaymentRequest, await readJson(c));
      if (!parsed.success) {
        const first = toIssues(parsed.issues)[0];
        const message = first ? `${first.path || 'corpo'}: ${first.message}` : 'Corpo inválido';
        // Fail-BadRequest of the protocol, with Drip's own error beside it (every Drip 4xx carries `error`).
        return c.json(
          { status: 'error', code: 'invalid-request', message, error: { code: 'VALIDATION_ERROR', message } },
          400,
        );
      }
      const answer = await s.vtex.createPayment(merchantId, parsed.output);
      return c.json(answer.body, answer.status);
    }),
    route(vtexCancelPayment, async ({ c, params, body }) => {
      const a = await s.vtex.cancel(merchantOf(c), params.paymentId, body.requestId);
      return a.status === 200 ? a.body : c.json(a.body, a.status);
    }),
    route(vtexSettlePayment, async ({ c, params, body }) => {
      const a = await s.vtex.settle(merchantOf(c), params.paymentId, body.requestId, body.value);
      return a.status === 200 ? a.body : c.json(a.body, a.status);
    }),
    route(vtexRefundPayment, async ({ c, params, body }) => {
      const a = await s.vtex.refund(merchantOf(c), params.paymentId, body.requestId, body.value);
      return a.status === 200 ? a.body : c.json(a.body, a.status);
    }),
    route(vtexAuthorizationToken, async ({ body }) =>
      s.vtex.authorizationToken(body.applicationId, body.returnUrl),
    ),
    route(vtexAuthorizationRedirect, async ({ c, query }) => c.redirect(s.vtex.signUpUrl(query.token), 302)),
    route(vtexAuthorizationCredentials, async ({ query }) =>
      s.vtex.credentials(query.applicationId, query.authorizationCode),
    ),
  ];
}
