/**
 * Plugin sign-up (spec 2.4 `/parceira/plugin_sign_up/{platform}`, spec 7 `POST v1/plugin_sign_up/{platform} {code}`)
 * and the plugin payment types of spec 3. docs/nuvemshop.md says what the code is on each platform.
 */
import * as v from 'valibot';

/** The platforms a merchant installs Drip's payment app on (the path segment of the sign-up page and call). */
export const PLUGIN_PLATFORMS = ['nuvemshop', 'vtex'] as const;
export type PluginPlatform = (typeof PLUGIN_PLATFORMS)[number];

export const PluginPlatformParam = v.object({
  platform: v.picklist(PLUGIN_PLATFORMS, 'Plataforma desconhecida: use nuvemshop ou vtex'),
});

export const PluginSignUpRequest = v.strictObject({
  code: v.pipe(
    v.string('Informe o código de instalação'),
    v.trim(),
    v.minLength(1, 'Informe o código de instalação'),
    v.maxLength(512, 'Código de instalação inválido'),
  ),
});
export type PluginSignUpRequest = v.InferOutput<typeof PluginSignUpRequest>;

/**
 * 201: the plugin is registered. The success URL travels in the `Location` header (spec 7) and, because the typed
 * client reads bodies only, in the body too: both are the same URL.
 */
export const PluginSignUpResponse = v.object({
  platform: v.picklist(PLUGIN_PLATFORMS),
  successUrl: v.string(),
});
export type PluginSignUpResponse = v.InferOutput<typeof PluginSignUpResponse>;

/** Spec 3: the plugin payment types and their labels. */
export const PLUGIN_PAYMENT_TYPES = ['DRIP_PLUGIN', 'UPFRONT_PIX_TRANSFER', 'DISCOUNT_PIX_TRANSFER'] as const;
export type PluginPaymentType = (typeof PLUGIN_PAYMENT_TYPES)[number];
export const PLUGIN_PAYMENT_TYPE_LABELS: Record<PluginPaymentType, string> = {
  DRIP_PLUGIN: 'Plugin',
  UPFRONT_PIX_TRANSFER: 'Pix a vista',
  DISCOUNT_PIX_TRANSFER: 'Pix com desconto',
};

/** Drip's help centre (the spec names the link, not its address; Drip's own value, docs/nuvemshop.md). */
export const DRIP_HELP_CENTRE_URL = 'https://ajuda.usedrip.com.br';

export const PLUGIN_PLATFORM_NAMES: Record<PluginPlatform, string> = { nuvemshop: 'Nuvemshop', vtex: 'VTEX' };

/** The sign-up page's texts (spec 2.4: LOADING, SUCCESS with the help-centre link and the platform button, FAILURE). */
export const pluginSignUpMessages = {
  loading: 'Registrando o plugin Drip na sua loja…',
  successTitle: 'Pix parcelado cadastrado!',
  success: (platform: PluginPlatform) =>
    `O Pix parcelado da Drip está cadastrado na sua loja ${PLUGIN_PLATFORM_NAMES[platform]}. Seus clientes já podem pagar com Drip.`,
  helpCentre: 'Central de ajuda',
  backToPlatform: (platform: PluginPlatform) => `Voltar para a ${PLUGIN_PLATFORM_NAMES[platform]}`,
  failureTitle: 'Não foi possível cadastrar o plugin',
  failure:
    'O código de instalação é inválido ou já foi usado. Instale o aplicativo Drip de novo na sua plataforma para receber um novo código.',
  missingCode: 'Nenhum código de instalação foi informado.',
} as const;

/** `POST /api/v1/plugins/nuvemshop/redirect`: what the checkout script sends (Checkout.getData of the platform). */
export const NuvemshopRedirectRequest = v.object({
  storeId: v.pipe(v.union([v.string(), v.number()], 'storeId inválido'), v.transform(String)),
  orderId: v.pipe(v.union([v.string(), v.number()], 'orderId inválido'), v.transform(String)),
  callbackUrls: v.object({
    success: v.pipe(v.string('callbackUrls.success inválido'), v.url('callbackUrls.success inválido')),
    failure: v.optional(v.pipe(v.string(), v.url('callbackUrls.failure inválido'))),
    cancel: v.optional(v.pipe(v.string(), v.url('callbackUrls.cancel inválido'))),
  }),
});

/** The answer the checkout script hands to the platform's callback (checkout.md: success and redirect). */
export const NuvemshopRedirectResponse = v.object({
  success: v.boolean(),
  redirect_url: v.string(),
});

const PlatformId = v.pipe(v.union([v.string(), v.number()], 'id inválido'), v.transform(String));

/**
 * A Nuvemshop webhook (webhook.md "Parameters"): the store, the event and, for app and order events, the id it is
 * about. Other fields of the platform's payload pass through unread.
 */
export const NuvemshopWebhook = v.looseObject({
  store_id: PlatformId,
  event: v.pipe(v.string('event inválido'), v.maxLength(100)),
  id: v.optional(PlatformId),
});
export type NuvemshopWebhook = v.InferOutput<typeof NuvemshopWebhook>;

/** The LGPD webhooks the Partners Portal sends (webhook.md "Required Webhooks"), one URL each. */
export const NUVEMSHOP_LGPD_REQUESTS = [
  'store_redact',
  'customers_redact',
  'customers_data_request',
] as const;
export type NuvemshopLgpdRequest = (typeof NUVEMSHOP_LGPD_REQUESTS)[number];
/** The LGPD webhook's path parameter, parsed by its handler after the body. */
export const NuvemshopLgpdRequestParam = v.object({
  request: v.picklist(NUVEMSHOP_LGPD_REQUESTS, 'Pedido LGPD desconhecido'),
});
/** Their payload: the store, and for the customers' requests the customer (read by no one at Drip, see the docs). */
export const NuvemshopLgpdWebhook = v.looseObject({ store_id: PlatformId });

/** Drip's answer to a webhook (2xx stops the platform's retries): what it did with it. */
export const NuvemshopWebhookAnswer = v.object({
  received: v.literal(true),
  outcome: v.string(),
});
