import { CHECKOUT_API } from '../contract/checkout.ts';
import { HighlightStoreList } from '../contract/highlight-stores.ts';
import { endpoint } from './define.ts';

/**
 * The checkout's highlight stores: the 'Highlights' bucket of `management/stores/buckets`, relayed by the server so
 * that the browser never holds the catalogue key (a management credential).
 */
export const shopperHighlightStores = endpoint('shopper.highlightStores', {
  method: 'GET',
  path: `${CHECKOUT_API}/highlight-stores`,
  audience: 'anonymous',
  tag: 'Shopper checkout',
  summary: "As lojas em destaque do checkout (o grupo 'Highlights' dos buckets do catálogo)",
  response: HighlightStoreList,
});
