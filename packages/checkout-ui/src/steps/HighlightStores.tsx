import type { ApiResult, HighlightStore } from '@drip/core';
import { useEffect, useState } from 'react';
import './highlight-stores.css';

/** Reads the highlight stores (core's `loadHighlightStores` in the app; a fake in tests and stories). */
export type LoadHighlightStores = () => Promise<ApiResult<HighlightStore[]>>;

/**
 * At most this many logos: the list is a nudge to the next purchase, not the catalogue, and the catalogue's
 * 'Highlights' bucket holds every active store.
 */
export const MAX_HIGHLIGHT_STORES = 12;

/** The heading's text (docs/catalogue.md: the spec prints no text for the highlight stores). */
export const HIGHLIGHT_STORES_TITLE = 'Use a Drip também nestas lojas';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toLocaleUpperCase('pt-BR'))
    .join('');

/**
 * The catalogue's highlight stores, under the approved purchase (docs/catalogue.md). Loaded once when shown; nothing
 * shows while loading, and a failure or an empty list hides the section without a word: it is an extra, and the
 * purchase is already done.
 */
export function HighlightStores({
  load,
  exceptName = null,
}: {
  load: LoadHighlightStores;
  /** The store the shopper just bought in: 'também nestas lojas' means the others. */
  exceptName?: string | null;
}) {
  const [stores, setStores] = useState<HighlightStore[]>([]);
  useEffect(() => {
    let live = true;
    load().then(
      (result) => {
        if (!live || !result.ok) return;
        const except = exceptName?.trim().toLocaleLowerCase('pt-BR');
        const others = result.data.filter((s) => s.name.trim().toLocaleLowerCase('pt-BR') !== except);
        setStores(others.slice(0, MAX_HIGHLIGHT_STORES));
      },
      // The client returns errors as values; a throw (a broken fake, say) hides the section all the same.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load, exceptName]);
  if (stores.length === 0) return null;
  return (
    <section className="highlight-stores" aria-labelledby="highlight-stores-title">
      <h2 id="highlight-stores-title" className="highlight-stores__title">
        {HIGHLIGHT_STORES_TITLE}
      </h2>
      <ul className="highlight-stores__list">
        {stores.map((store) => (
          <li key={store.id} className="highlight-stores__item">
            {store.logoUrl ? (
              // The name is written beside the logo: the image adds nothing for a screen reader.
              <img
                className="highlight-stores__logo"
                src={store.logoUrl}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="highlight-stores__logo highlight-stores__logo--initials" aria-hidden="true">
                {initialsOf(store.name)}
              </span>
            )}
            <span className="highlight-stores__name">{store.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
