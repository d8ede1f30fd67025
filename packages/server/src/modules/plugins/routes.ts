import {
  emulatorAdminAction,
  emulatorAdminPage,
  emulatorAuthorize,
  emulatorCheckoutPage,
  emulatorCreateOrder,
  emulatorCreatePaymentProvider,
  emulatorCreateTransaction,
  emulatorCreateTransactionEvent,
  emulatorFailures,
  emulatorGetOrder,
  emulatorGetStore,
  emulatorListTransactions,
  emulatorRegisterWebhook,
  emulatorStorePage,
  emulatorToken,
  merchantPluginSignUp,
  NuvemshopLgpdRequestParam,
  nuvemshopCheckoutScript,
  nuvemshopLgpdWebhook,
  nuvemshopRedirect,
  nuvemshopWebhook,
  PluginPlatformParam,
} from '@drip/core';
import * as v from 'valibot';
import { DomainError } from '../../errors.ts';
import {
  checkJsonValue,
  MAX_BODY_BYTES,
  parseWith,
  readJson,
  requireJsonType,
  tooLarge,
} from '../../http/body.ts';
import { type AppContext, clientIp, merchantIdOf, type Services } from '../../http/context.ts';
import { type RouteDef, route } from '../../http/route-table.ts';
import type { NuvemshopEmulator } from './emulator.ts';
import type { NuvemshopService } from './nuvemshop.ts';

/**
 * A platform webhook's body, read as the exact bytes the signature covers: the signature is checked before the
 * body is parsed or anything is looked up (401, nothing changes), then the text is read as JSON with the JSON rules.
 */
function signedWebhookBody(nuvemshop: NuvemshopService) {
  return async (c: AppContext): Promise<unknown> => {
    // A body of another type is refused first, as on every endpoint (it says nothing of the signature).
    requireJsonType(c);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > MAX_BODY_BYTES) throw tooLarge();
    const buf = await c.req.arrayBuffer();
    if (buf.byteLength > MAX_BODY_BYTES) throw tooLarge();
    const raw = new TextDecoder().decode(buf);
    if (!nuvemshop.webhookSigned(raw, c.req.header('x-linkedstore-hmac-sha256')))
      throw new DomainError('unauthenticated', 'WEBHOOK_SIGNATURE_INVALID', 'Assinatura do webhook inválida');
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new DomainError('invalid', 'MALFORMED_JSON', 'O corpo da requisição não é um JSON válido');
    }
    checkJsonValue(value);
    return value;
  };
}

export function pluginRoutes(s: Services): RouteDef[] {
  const emu = s.nuvemshopEmulator;
  return [
    route(merchantPluginSignUp, async ({ c, params, body }) => {
      // The platform is checked after the body, so that a body of the wrong type is a 415 whatever the path says.
      const { platform } = parseWith(PluginPlatformParam, params);
      const answer = await s.pluginSignup.signUp(merchantIdOf(c), platform, body.code);
      c.header('Location', answer.successUrl);
      return answer;
    }),
    route(
      nuvemshopCheckoutScript,
      async ({ c }) => {
        c.header('Cache-Control', 'public, max-age=300');
        return c.body(s.nuvemshop.checkoutScript(), 200, {
          'content-type': 'text/javascript; charset=utf-8',
        });
      },
      // The script is loaded by the store's checkout page (another origin) with a plain GET: no request header.
      { anyOrigin: [] },
    ),
    route(nuvemshopRedirect, async ({ body }) => s.nuvemshop.redirect(body), {
      // Posted as JSON from the store's checkout page (another origin), without credentials: it reads nothing but
      // the platform's own order. Anonymous and public, so a client IP gets the shared per-IP allowance, counted
      // before the body is read so that malformed bursts count too (each call reads the platform's API).
      anyOrigin: ['Content-Type'],
      before: (c) => s.limiter.take('nuvemshop-redirect', clientIp(c)),
    }),
    route(
      nuvemshopWebhook,
      async ({ body }) => ({
        received: true as const,
        outcome: await s.nuvemshop.webhook(body.store_id, body.event, body.id ?? ''),
      }),
      { readBody: signedWebhookBody(s.nuvemshop) },
    ),
    route(
      nuvemshopLgpdWebhook,
      async ({ params, body }) => {
        // After the body (its type, size and signature), as the sign-up's platform: an unknown request is a 404.
        const parsed = v.safeParse(NuvemshopLgpdRequestParam, params);
        if (!parsed.success)
          throw new DomainError('not_found', 'LGPD_REQUEST_UNKNOWN', 'Pedido LGPD desconhecido');
        return {
          received: true as const,
          // store_redact → store/redact, the event's name in webhook.md; a customer's request is keyed by its id.
          outcome: await s.nuvemshop.webhook(
            body.store_id,
            parsed.output.request.replace('_', '/'),
            lgpdResource(body),
          ),
        };
      },
      { readBody: signedWebhookBody(s.nuvemshop) },
    ),
    ...(emu ? emulatorRoutes(emu) : []),
  ];
}

/** The request an LGPD webhook is about: the data request's id, else the customer's ('' for the store's). */
function lgpdResource(body: Record<string, unknown>): string {
  const id = (value: unknown) =>
    value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : null;
  return (id(body.data_request) ?? id(body.customer) ?? '').slice(0, 100);
}

const AdminActionForm = v.object({
  action: v.picklist(['cancel-order', 'uninstall', 'store-redact'], 'Ação desconhecida'),
  orderId: v.optional(v.string()),
});

const BuyForm = v.object({
  product: v.optional(v.string('product inválido'), '0'),
  quantity: v.optional(v.string('quantity inválida'), '1'),
});
const TokenForm = v.object({
  client_id: v.string('client_id é obrigatório'),
  client_secret: v.string('client_secret é obrigatório'),
  grant_type: v.string('grant_type é obrigatório'),
  code: v.string('code é obrigatório'),
});

/**
 * The emulator's form posts (the storefront's, and the token call authentication.md shows as form data): a form is
 * read as text fields; anything else as JSON, with the JSON rules (415, 413, NUL, depth).
 */
async function readFormOrJson(c: AppContext): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type.trim())) return readJson(c);
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > MAX_BODY_BYTES) throw tooLarge();
  const fields = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(buf)));
  checkJsonValue(fields);
  return fields;
}

const FailuresBody = v.object({
  count: v.pipe(v.number('count deve ser um número'), v.integer(), v.minValue(0)),
});

/** The sandbox's Nuvemshop: pages, OAuth and the API the app calls (emulator.ts). */
function emulatorRoutes(emu: NuvemshopEmulator): RouteDef[] {
  const auth = (c: AppContext, storeId: string) => emu.authorise(storeId, c.req.header('Authentication'));
  return [
    route(emulatorStorePage, async ({ c, params }) =>
      c.html(emu.storePage(params.storeId, c.req.query('order')), 200),
    ),
    route(emulatorAdminPage, async ({ c, params }) => c.html(emu.adminPage(params.storeId), 200)),
    route(emulatorCheckoutPage, async ({ c, params }) =>
      c.html(emu.checkoutPage(params.storeId, params.orderId), 200),
    ),
    route(
      emulatorCreateOrder,
      async ({ c, params, body }) => {
        const form = parseWith(BuyForm, body);
        const orderId = emu.buy(params.storeId, Number(form.product) || 0, Number(form.quantity) || 1);
        return c.redirect(`${emu.storeUrl(params.storeId)}/checkout/${orderId}`, 303);
      },
      { readBody: readFormOrJson },
    ),
    route(emulatorAuthorize, async ({ c, query }) => {
      const code = emu.issueCode(query.store);
      return c.redirect(emu.redirectUrl(code, query.state), 302);
    }),
    route(emulatorToken, async ({ body }) => emu.token(parseWith(TokenForm, body)), {
      readBody: readFormOrJson,
    }),
    route(emulatorFailures, async ({ body }) => {
      const { count } = parseWith(FailuresBody, body);
      emu.failTransactionCalls(count);
      return { failNext: count };
    }),
    route(
      emulatorAdminAction,
      async ({ c, params, body }) => {
        await emu.adminAction(params.storeId, parseWith(AdminActionForm, body));
        return c.redirect(`${emu.storeUrl(params.storeId)}/admin`, 303);
      },
      { readBody: readFormOrJson },
    ),
    route(emulatorRegisterWebhook, async ({ c, params, body }) =>
      emu.registerWebhook(auth(c, params.storeId), body),
    ),
    route(emulatorGetStore, async ({ c, params }) => emu.storeInfo(auth(c, params.storeId))),
    route(emulatorCreatePaymentProvider, async ({ c, params, body }) =>
      emu.createProvider(auth(c, params.storeId), body),
    ),
    route(emulatorGetOrder, async ({ c, params }) => emu.order(auth(c, params.storeId), params.orderId)),
    route(
      emulatorListTransactions,
      async ({ c, params }) => emu.order(auth(c, params.storeId), params.orderId).transactions,
    ),
    route(emulatorCreateTransaction, async ({ c, params, body }) =>
      emu.createTransaction(auth(c, params.storeId), params.orderId, body),
    ),
    route(emulatorCreateTransactionEvent, async ({ c, params, body }) =>
      emu.addEvent(auth(c, params.storeId), params.orderId, params.transactionId, body),
    ),
  ];
}
