import {
  apiDocs,
  CreateCheckoutRequest,
  checkoutCancel,
  checkoutFeedback,
  checkoutNotifyPix,
  checkoutUpdate,
  checkoutUpdateKind,
  checkoutUpdateWaitlist,
  createCheckout,
  getCheckout,
  instalmentsSimulator,
  merchantRevokeCheckout,
  openApiJson,
} from '@drip/core';
import * as v from 'valibot';
import { readJson, toIssues, validationError } from '../../http/body.ts';
import { type AppContext, clientIp, merchantIdOf, type Services } from '../../http/context.ts';
import { ApiError, unauthorized } from '../../http/errors.ts';
import { apiDocsPage, openApiDocument } from '../../http/openapi.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import { hashBody, parseIdempotencyKey } from './idempotency.ts';

/** The fields of a new checkout whose upper bounds (CHECKOUT_LIMITS) answer 422 rather than 400. */
const BOUNDED_FIELD = /^(amount|products|products\.\d+\.(amount|quantity))$/;

/**
 * The merchant API's create body: a malformed body is a 400; a well-formed one whose only faults are amounts,
 * quantities or a product count past their bounds is a 422 whose message names the first such field.
 */
export function parseCreateCheckout(raw: unknown): CreateCheckoutRequest {
  const result = v.safeParse(CreateCheckoutRequest, raw);
  if (result.success) return result.output;
  const issues = toIssues(result.issues);
  const outOfRange = (i: v.BaseIssue<unknown>) =>
    (i.type === 'max_value' || i.type === 'max_length') &&
    BOUNDED_FIELD.test((i.path ?? []).map((item) => String(item.key)).join('.'));
  const first = issues[0];
  if (first && result.issues.every(outOfRange)) {
    throw new ApiError(
      422,
      'OUT_OF_RANGE',
      `O campo ${first.path} está fora do limite: ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}`,
      issues,
    );
  }
  throw validationError(issues);
}

/** The merchant the API key of the request belongs to (set by the `merchantApiKey` audience guard). */
export function apiMerchantId(c: AppContext): string {
  const id = c.get('apiMerchantId');
  if (!id) throw unauthorized('Chave de API inválida');
  return id;
}

/** A PUT body that may be empty (load/refresh): no body or `{}` both mean "load". */
async function readOptionalJson(c: AppContext): Promise<unknown> {
  const length = c.req.header('content-length');
  const type = c.req.header('content-type');
  if ((length === undefined || length === '0') && type === undefined) return {};
  return readJson(c);
}

export function checkoutRoutes(s: Services): RouteDef[] {
  const checkouts = s.checkouts;
  return [
    // ---------------------------------------------------------------- merchant API (API key)
    route(
      createCheckout,
      async ({ c }) => {
        const merchantId = apiMerchantId(c);
        const key = parseIdempotencyKey(c.req.header('idempotency-key'));
        const raw = await readJson(c);
        const answer = await s.idempotency.run(merchantId, key, hashBody(raw), async () => {
          const body = parseCreateCheckout(raw);
          // The checkout and the key's stored answer are written in one statement (create's storeAnswer).
          const created = await checkouts.create(merchantId, body, s.idempotency.answerSql(merchantId, key));
          return { status: 201, body: created, stored: true };
        });
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json; charset=UTF-8' },
        });
      },
      // Parsed inside the idempotency run: a replay answers the stored result whatever the body parses to.
      { readBody: false },
    ),
    route(getCheckout, async ({ c, params }) => await checkouts.merchantView(apiMerchantId(c), params.id)),
    // ---------------------------------------------------------------- merchant back office
    route(merchantRevokeCheckout, async ({ c, params }) => checkouts.revoke(merchantIdOf(c), params.id)),
    // ---------------------------------------------------------------- shopper checkout (public: anyone with the id)
    route(
      checkoutUpdate,
      async ({ c, params, body }) => {
        const id = params.id;
        const kind = checkoutUpdateKind(body);
        if (kind === 'token') await s.limiter.take('checkout-token', clientIp(c), id);
        if (kind === 'resendToken' || kind === 'customerData' || kind === 'phone') {
          // Every step that sends a Drip Token counts against the send caps (per checkout, recipient and IP) before
          // it runs; the recipient is the phone typed, or for a resend the stored phone or e-mail.
          const recipient =
            'customerPhone' in body
              ? body.customerPhone
              : await checkouts.messageRecipient(
                  id,
                  'phoneVerificationMethod' in body ? body.phoneVerificationMethod : 'SMS',
                );
          // The step's rate limit is counted in the send caps' statement.
          await s.sendCaps.take(
            { purpose: 'checkout', ip: clientIp(c), checkoutId: id, recipient: recipient ?? undefined },
            s.limiter.count('checkout-token-send', clientIp(c), id),
          );
        }
        return await checkouts.handleUpdate(id, kind, body);
      },
      { readBody: readOptionalJson },
    ),
    route(checkoutCancel, async ({ params }) => {
      return await checkouts.cancel(params.id);
    }),
    route(checkoutNotifyPix, async ({ c, params }) => {
      const id = params.id;
      const recipient = await checkouts.messageRecipient(id, 'SMS');
      await s.sendCaps.take(
        { purpose: 'checkout', ip: clientIp(c), checkoutId: id, recipient: recipient ?? undefined },
        s.limiter.count('checkout-notify-pix', clientIp(c), id),
      );
      return await checkouts.notifyPix(id);
    }),
    route(checkoutUpdateWaitlist, async ({ params, body }) => {
      return await checkouts.updateWaitlist(params.id, body);
    }),
    route(
      instalmentsSimulator,
      async ({ query }) => {
        if ('checkoutId' in query) return await checkouts.simulateForCheckout(query.checkoutId);
        return await checkouts.simulate(query);
      },
      {
        // Public terms that merchant pages read from the browser (the SDK's widgets, fetchMerchantTerms): any
        // origin may read them, errors included. A simple GET without credentials: no preflight.
        before: (c) => c.header('Access-Control-Allow-Origin', '*'),
      },
    ),
    route(checkoutFeedback, async ({ c, body }) => {
      await s.limiter.take('checkout-feedback', clientIp(c), body.checkoutID);
      await checkouts.feedback(body);
      return { received: true as const };
    }),
    // ---------------------------------------------------------------- API reference
    route(openApiJson, async () => openApiDocument(s.config.publicUrl)),
    route(apiDocs, async ({ c }) => c.html(apiDocsPage(openApiDocument(s.config.publicUrl)), 200)),
  ];
}
