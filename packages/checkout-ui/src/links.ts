/** Drip app store listings (spec 3: app-store links for iOS and Android). */
export const APP_STORE_URL = 'https://apps.apple.com/br/app/drip-pix-parcelado/id1600000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=br.com.drip.app';
/** The product site (checkout footer, spec 2.5). */
export const PRODUCT_SITE_URL = 'https://www.usedrip.com.br';
export const TERMS_URL = 'https://www.usedrip.com.br/termos-de-uso';
export const PRIVACY_URL = 'https://www.usedrip.com.br/politica-de-privacidade';
/** Help contact shown on the feedback page and the explainer (spec 2.5 "help e-mail contact"): core's one address. */
export { DRIP_SUPPORT_EMAIL as SUPPORT_EMAIL } from '@drip/core';
/** Where a shopper pays pending instalments (denied: ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID). */
export const CUSTOMER_AREA_PATH = '/cliente/login';
