import {
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
  emulatorStorePage,
  emulatorToken,
  merchantPluginSignUp,
  nuvemshopCheckoutScript,
  nuvemshopRedirect,
} from '@drip/core';
import * as v from 'valibot';
import { parseWith } from '../../http/body.ts';
import { type AppContext, merchantIdOf, type Services } from '../../http/context.ts';
import { type RouteDef, rawBodyRoute, route } from '../../http/route-table.ts';
import type { NuvemshopEmulator } from './emulator.ts';

/**
 * The checkout script runs on the store's checkout page (another origin) and posts to the redirect endpoint: both
 * answer any origin, without credentials (the redirect reads nothing but the platform's own order).
 */
const anyOrigin = { before: (c: AppContext) => c.header('Access-Control-Allow-Origin', '*') };

export function pluginRoutes(s: Services): RouteDef[] {
  const emu = s.nuvemshopEmulator;
  return [
    route(merchantPluginSignUp, async ({ c, params, body }) => {
      const answer = await s.pluginSignup.signUp(merchantIdOf(c), params.platform, body.code);
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
      anyOrigin,
    ),
    route(nuvemshopRedirect, async ({ body }) => s.nuvemshop.redirect(body), anyOrigin),
    ...(emu ? emulatorRoutes(emu) : []),
  ];
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
    rawBodyRoute(emulatorCreateOrder, async ({ c, params }) => {
      const form = await c.req.parseBody();
      const orderId = emu.buy(params.storeId, Number(form.product ?? 0), Number(form.quantity ?? 1));
      return c.redirect(`${emu.storeUrl(params.storeId)}/checkout/${orderId}`, 303);
    }),
    route(emulatorAuthorize, async ({ c, query }) => {
      const code = emu.issueCode(query.store);
      return c.redirect(emu.redirectUrl(code, query.state), 302);
    }),
    rawBodyRoute(emulatorToken, async ({ c }) => {
      const form = await c.req.parseBody();
      const fields = Object.fromEntries(Object.entries(form).map(([k, value]) => [k, String(value)]));
      const answer = emu.token(fields);
      return c.json(answer.body, answer.status as 200);
    }),
    route(emulatorFailures, async ({ body }) => {
      const { count } = parseWith(FailuresBody, body);
      emu.failTransactionCalls(count);
      return { failNext: count };
    }),
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
