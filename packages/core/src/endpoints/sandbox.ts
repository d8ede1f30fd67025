/**
 * The sandbox (mounted only when the sandbox is on): the fake clock, the demo world, the message inbox, the fake
 * bank app and a fake Pix provider speaking API Pix. Their bodies are parsed by the sandbox module itself (the
 * provider's with the protocol's own schemas), so the table declares them as JSON.
 */
import * as v from 'valibot';
import { AnyJson, HtmlPage } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Sandbox';
const PSP = '/sandbox/psp';
/** The fake provider's own OAuth token (from `pspToken`), not one of Drip's credentials. */
const PSP_TOKEN = { Authorization: 'Bearer <token of the fake provider>' };
const ToQuery = v.object({ to: v.optional(v.string()) });

export const sandboxGetClock = endpoint('sandbox.getClock', {
  method: 'GET',
  path: '/sandbox/clock',
  audience: 'sandbox',
  tag,
  summary: "The server clock's time and offset",
  response: AnyJson,
  internal: true,
});

export const sandboxSetClock = endpoint('sandbox.setClock', {
  method: 'POST',
  path: '/sandbox/clock',
  audience: 'sandbox',
  tag,
  summary: 'Advances the server clock by days or minutes, or resets it',
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const sandboxDemo = endpoint('sandbox.demo', {
  method: 'GET',
  path: '/sandbox/demo',
  audience: 'sandbox',
  tag,
  summary: 'The seeded demo world (merchants, keys, users)',
  response: AnyJson,
  internal: true,
});

export const sandboxOutbox = endpoint('sandbox.outbox', {
  method: 'GET',
  path: '/sandbox/outbox',
  audience: 'sandbox',
  tag,
  summary: 'Messages sent (SMS, WhatsApp, e-mail), optionally to one recipient',
  query: ToQuery,
  response: AnyJson,
  internal: true,
});

export const sandboxMetrics = endpoint('sandbox.metrics', {
  method: 'GET',
  path: '/sandbox/metrics',
  audience: 'sandbox',
  tag,
  summary: 'Query counter of the process (benchmarks)',
  response: AnyJson,
  internal: true,
});

export const sandboxInbox = endpoint('sandbox.inbox', {
  method: 'GET',
  path: '/sandbox/inbox',
  audience: 'sandbox',
  tag,
  summary: 'The message inbox page',
  query: ToQuery,
  response: HtmlPage,
  responseKind: 'html',
  internal: true,
});

export const sandboxBank = endpoint('sandbox.bank', {
  method: 'GET',
  path: '/sandbox/bank',
  audience: 'sandbox',
  tag,
  summary: 'The fake bank app page that pays a Pix',
  response: HtmlPage,
  responseKind: 'html',
  internal: true,
});

export const sandboxPixParse = endpoint('sandbox.pixParse', {
  method: 'POST',
  path: '/sandbox/pix/parse',
  audience: 'sandbox',
  tag,
  summary: 'Reads a BR Code (or txid) as a bank app would',
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const sandboxPixPay = endpoint('sandbox.pixPay', {
  method: 'POST',
  path: '/sandbox/pix/pay',
  audience: 'sandbox',
  tag,
  summary: 'Pays a BR Code from a payer CPF and bank (the provider then notifies the webhook)',
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

const TxidParam = v.object({ txid: v.string() });

export const pspToken = endpoint('sandbox.pspToken', {
  method: 'POST',
  path: `${PSP}/oauth/token`,
  audience: 'sandbox',
  tag,
  summary: 'Fake provider: OAuth client credentials',
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const pspPutCob = endpoint('sandbox.pspPutCob', {
  headers: PSP_TOKEN,
  method: 'PUT',
  path: `${PSP}/v2/cob/:txid`,
  audience: 'sandbox',
  tag,
  summary: 'Fake provider: creates an immediate charge (API Pix cob)',
  params: TxidParam,
  body: AnyJson,
  response: AnyJson,
  status: 201,
  internal: true,
});

export const pspGetCob = endpoint('sandbox.pspGetCob', {
  headers: PSP_TOKEN,
  method: 'GET',
  path: `${PSP}/v2/cob/:txid`,
  audience: 'sandbox',
  tag,
  summary: 'Fake provider: reads a charge',
  params: TxidParam,
  response: AnyJson,
  internal: true,
});

export const pspPatchCob = endpoint('sandbox.pspPatchCob', {
  headers: PSP_TOKEN,
  method: 'PATCH',
  path: `${PSP}/v2/cob/:txid`,
  audience: 'sandbox',
  tag,
  summary: 'Fake provider: changes or removes a charge',
  params: TxidParam,
  body: AnyJson,
  response: AnyJson,
  internal: true,
});

export const pspGetPix = endpoint('sandbox.pspGetPix', {
  headers: PSP_TOKEN,
  method: 'GET',
  path: `${PSP}/v2/pix/:e2eid`,
  audience: 'sandbox',
  tag,
  summary: 'Fake provider: a received Pix',
  params: v.object({ e2eid: v.string() }),
  response: AnyJson,
  internal: true,
});

export const pspDevolucao = endpoint('sandbox.pspDevolucao', {
  headers: PSP_TOKEN,
  method: 'PUT',
  path: `${PSP}/v2/pix/:e2eid/devolucao/:id`,
  audience: 'sandbox',
  tag,
  summary: 'Fake provider: refunds (part of) a received Pix',
  params: v.object({ e2eid: v.string(), id: v.string() }),
  body: AnyJson,
  response: AnyJson,
  status: 201,
  internal: true,
});

export const sandboxEndpoints = {
  sandboxGetClock,
  sandboxSetClock,
  sandboxDemo,
  sandboxOutbox,
  sandboxMetrics,
  sandboxInbox,
  sandboxBank,
  sandboxPixParse,
  sandboxPixPay,
  pspToken,
  pspPutCob,
  pspGetCob,
  pspPatchCob,
  pspGetPix,
  pspDevolucao,
};
