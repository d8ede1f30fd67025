import {
  CheckoutFeedbackRequest,
  CheckoutUpdateRequest,
  CreateCheckoutRequest,
  checkoutPaths,
  checkoutUpdateKind,
  InstalmentsSimulatorQuery,
  UpdateWaitlistRequest,
} from '@drip/core';
import * as v from 'valibot';
import { parseWith, readBody, readJson, rejectBody, toIssues, validationError } from '../../http/body.ts';
import { type AppContext, claimsOf, clientIp, type Services } from '../../http/context.ts';
import { ApiError, forbidden, unauthorized } from '../../http/errors.ts';
import type { RouteDef } from '../../http/route-table.ts';
import { hashBody, parseIdempotencyKey } from './idempotency.ts';
import { apiDocsPage, openApiDocument } from './openapi.ts';

const ID = ':id';

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
    {
      method: 'POST',
      path: checkoutPaths.merchantCheckouts,
      audience: 'merchantApiKey',
      handler: async (c) => {
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
    },
    {
      method: 'GET',
      path: checkoutPaths.merchantCheckout(ID).replace('%3Aid', ID),
      audience: 'merchantApiKey',
      handler: async (c) =>
        c.json(await checkouts.merchantView(apiMerchantId(c), c.req.param('id') ?? ''), 200),
    },
    // ---------------------------------------------------------------- merchant back office
    {
      method: 'PUT',
      path: checkoutPaths.merchantRevoke(ID).replace('%3Aid', ID),
      audience: 'merchant',
      handler: async (c) => {
        await rejectBody(c);
        const claims = claimsOf(c);
        const permissions = claims.permissions ?? [];
        if (permissions.length > 0 && !permissions.includes('ADMIN')) throw forbidden();
        if (!claims.merchantId) throw forbidden();
        return c.json(await checkouts.revoke(claims.merchantId, c.req.param('id') ?? ''), 200);
      },
    },
    // ---------------------------------------------------------------- shopper checkout (public: anyone with the id)
    {
      method: 'PUT',
      path: checkoutPaths.checkout(ID).replace('%3Aid', ID),
      audience: 'public',
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        const raw = await readOptionalJson(c);
        const body = parseWith(CheckoutUpdateRequest, raw);
        const kind = checkoutUpdateKind(body);
        if (kind === 'token') s.limiter.hit('checkout-token', clientIp(c), id);
        if (kind === 'resendToken' || kind === 'customerData' || kind === 'phone') {
          s.limiter.hit('checkout-token-send', clientIp(c), id);
          // Every step that sends a Drip Token counts against the send caps (per checkout, recipient and IP) before
          // it runs; the recipient is the phone typed, or for a resend the stored phone or e-mail.
          const recipient =
            'customerPhone' in body
              ? body.customerPhone
              : await checkouts.messageRecipient(
                  id,
                  'phoneVerificationMethod' in body ? body.phoneVerificationMethod : 'SMS',
                );
          await s.sendCaps.take({ ip: clientIp(c), checkoutId: id, recipient: recipient ?? undefined });
        }
        return c.json(await checkouts.handleUpdate(id, kind, body), 200);
      },
    },
    {
      method: 'PUT',
      path: checkoutPaths.cancel(ID).replace('%3Aid', ID),
      audience: 'public',
      handler: async (c) => {
        await rejectBody(c);
        return c.json(await checkouts.cancel(c.req.param('id') ?? ''), 200);
      },
    },
    {
      method: 'POST',
      path: checkoutPaths.notifyPix(ID).replace('%3Aid', ID),
      audience: 'public',
      handler: async (c) => {
        await rejectBody(c);
        const id = c.req.param('id') ?? '';
        s.limiter.hit('checkout-notify-pix', clientIp(c), id);
        const recipient = await checkouts.messageRecipient(id, 'SMS');
        await s.sendCaps.take({ ip: clientIp(c), checkoutId: id, recipient: recipient ?? undefined });
        return c.json(await checkouts.notifyPix(id), 200);
      },
    },
    {
      method: 'POST',
      path: checkoutPaths.updateWaitlist(ID).replace('%3Aid', ID),
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, UpdateWaitlistRequest);
        return c.json(await checkouts.updateWaitlist(c.req.param('id') ?? '', body), 200);
      },
    },
    {
      method: 'GET',
      path: checkoutPaths.instalmentsSimulator,
      audience: 'public',
      handler: async (c) => {
        // Public terms that merchant pages read from the browser (the SDK's widgets, fetchMerchantTerms): any
        // origin may read them, errors included. A simple GET without credentials: no preflight.
        c.header('Access-Control-Allow-Origin', '*');
        const q = parseWith(InstalmentsSimulatorQuery, c.req.query());
        if ('checkoutId' in q) return c.json(await checkouts.simulateForCheckout(q.checkoutId), 200);
        return c.json(await checkouts.simulate(q), 200);
      },
    },
    {
      method: 'POST',
      path: checkoutPaths.feedback,
      audience: 'public',
      handler: async (c) => {
        const body = await readBody(c, CheckoutFeedbackRequest);
        s.limiter.hit('checkout-feedback', clientIp(c), body.checkoutID);
        await checkouts.feedback(body);
        return c.json({ received: true }, 201);
      },
    },
    // ---------------------------------------------------------------- API reference
    {
      method: 'GET',
      path: checkoutPaths.openApi,
      audience: 'public',
      handler: async (c) => c.json(openApiDocument(s.config.publicUrl), 200),
    },
    {
      method: 'GET',
      path: checkoutPaths.apiDocs,
      audience: 'public',
      handler: async (c) => c.html(apiDocsPage(openApiDocument(s.config.publicUrl)), 200),
    },
  ];
}
