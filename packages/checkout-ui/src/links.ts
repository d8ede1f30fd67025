/** Drip app store listings (spec 3: app-store links for iOS and Android). */
export const APP_STORE_URL = 'https://apps.apple.com/br/app/drip-pix-parcelado/id1600000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=br.com.drip.app';
