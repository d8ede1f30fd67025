/**
 * The shopper's calls (spec 7, "Shopper checkout", and the public pages): the checkout keyed by its id, the
 * simulator, the CEP lookup, feedback, the public instalment page and the renegotiation request.
 */
import * as v from 'valibot';
import {
  CancelCheckoutResponse,
  CepLookupResponse,
  CHECKOUT_API,
  CheckoutFeedbackRequest,
  CheckoutResponse,
  CheckoutUpdateRequest,
  CheckoutUpdateUnion,
  InstalmentsSimulatorQuery,
  InstalmentsSimulatorResponse,
  NotifyPixResponse,
  UpdateWaitlistRequest,
  UpdateWaitlistResponse,
} from '../contract/checkout.ts';
import { InstalmentDetails, StartNegotiationRequest, StartNegotiationResponse } from '../contract/orders.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Shopper checkout';

export const checkoutUpdate = endpoint('shopper.checkoutUpdate', {
  method: 'PUT',
  path: `${CHECKOUT_API}/checkouts/:id`,
  audience: 'shopper',
  tag,
  summary:
    'Loads the checkout (empty body) or submits one step: phone, customer data, token, instalments, date, confirmation',
  params: IdParam,
  body: CheckoutUpdateRequest,
  docBody: CheckoutUpdateUnion,
  clientNormalises: true,
  response: CheckoutResponse,
});

export const checkoutCancel = endpoint('shopper.checkoutCancel', {
  method: 'PUT',
  path: `${CHECKOUT_API}/checkouts/:id/cancel`,
  audience: 'shopper',
  tag,
  summary: 'The shopper gives up the checkout',
  params: IdParam,
  response: CancelCheckoutResponse,
});

export const checkoutNotifyPix = endpoint('shopper.checkoutNotifyPix', {
  method: 'POST',
  path: `${CHECKOUT_API}/checkouts/:id/notify_pix`,
  audience: 'shopper',
  tag,
  summary: "Sends the Pix copy-paste code by SMS to the customer's phone",
  params: IdParam,
  response: NotifyPixResponse,
});

export const checkoutUpdateWaitlist = endpoint('shopper.checkoutUpdateWaitlist', {
  method: 'POST',
  path: `${CHECKOUT_API}/checkouts/:id/update_waitlist`,
  audience: 'shopper',
  tag,
  summary: 'Joins or leaves the waitlist of a denied checkout',
  params: IdParam,
  body: UpdateWaitlistRequest,
  clientNormalises: true,
  response: UpdateWaitlistResponse,
});

export const instalmentsSimulator = endpoint('shopper.instalmentsSimulator', {
  method: 'GET',
  path: `${CHECKOUT_API}/instalments_simulator`,
  audience: 'anonymous',
  tag,
  summary: "A checkout's instalment options, or a merchant's terms for an amount (any origin may read them)",
  query: InstalmentsSimulatorQuery,
  response: InstalmentsSimulatorResponse,
});

export const FeedbackReceived = v.object({ received: v.literal(true) });

export const checkoutFeedback = endpoint('shopper.checkoutFeedback', {
  method: 'POST',
  path: `${CHECKOUT_API}/feedback/checkout-feedback`,
  audience: 'anonymous',
  tag,
  summary: 'Why the shopper left the checkout',
  body: CheckoutFeedbackRequest,
  clientNormalises: true,
  response: FeedbackReceived,
  status: 201,
});

export const cepLookup = endpoint('shopper.cepLookup', {
  method: 'GET',
  path: `${CHECKOUT_API}/cep/:cep`,
  audience: 'anonymous',
  tag,
  summary: 'Address of a CEP (ViaCEP fields)',
  params: v.object({ cep: v.string() }),
  response: CepLookupResponse,
});

const pageTag = 'Public pages';

export const instalmentDetails = endpoint('public.instalmentDetails', {
  method: 'GET',
  path: '/api/v1/installments/details/:id',
  audience: 'anonymous',
  tag: pageTag,
  summary: 'The public instalment page (creates the Pix when pending)',
  params: IdParam,
  response: InstalmentDetails,
});

export const instalmentEvents = endpoint('public.instalmentEvents', {
  method: 'GET',
  path: '/api/v1/installments/sse/:id',
  audience: 'anonymous',
  tag: pageTag,
  summary: "Server-sent events with the instalment's status (`{status}` per message) until it is paid",
  params: IdParam,
  response: v.string(),
  responseKind: 'event-stream',
});

export const startNegotiation = endpoint('public.startNegotiation', {
  method: 'POST',
  path: '/api/v1/debts/start-negotiation',
  audience: 'anonymous',
  tag: pageTag,
  summary: 'Asks for a renegotiation of overdue debts (204 when there are none)',
  body: StartNegotiationRequest,
  /** The 201 body, or nothing on 204. */
  response: v.union([StartNegotiationResponse, v.undefined()]),
  status: 201,
});

export const shopperEndpoints = {
  checkoutUpdate,
  checkoutCancel,
  checkoutNotifyPix,
  checkoutUpdateWaitlist,
  instalmentsSimulator,
  checkoutFeedback,
  cepLookup,
  instalmentDetails,
  instalmentEvents,
  startNegotiation,
};
