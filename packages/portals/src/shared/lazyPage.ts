import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route whose component is loaded when the route is first matched (its own chunk, with what only it imports):
 * a page's code and styles are fetched by the pages that use them, not by every portal page. Guards and prefetching
 * loaders stay on the route object, so they run without waiting for the chunk.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}
