import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';

/**
 * An area of the portals split in two: what the entry holds (its login, its guarded prefix route with the layout),
 * and its pages, a route table in a chunk of its own that the router patches under the prefix route on the first
 * navigation into the area. The bundler writes every `import()` site's dependency list into the chunk that holds it:
 * with the pages' `import()` sites in the area's chunk, a new page leaves the entry (every login's first load) alone.
 */
export interface AreaRoutes {
  /** The routes the entry holds. */
  readonly routes: RouteObject[];
  /** The id of the prefix route the pages go under. */
  readonly parentId: string;
  /** The paths under which a visit belongs to the area (`/parceira` and the legacy `/merchant`). */
  readonly prefixes: readonly string[];
  /** The area's pages (its route table's chunk is fetched on the first call, then cached by the module loader). */
  readonly children: () => Promise<RouteObject[]>;
}

/** The area a path is in: its prefix, or below it. */
export function areaOf<A extends Pick<AreaRoutes, 'prefixes'>>(areas: readonly A[], path: string): A | null {
  return (
    areas.find((area) => area.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) ??
    null
  );
}

/**
 * React Router's `patchRoutesOnNavigation` over the areas: a navigation whose path the router cannot match beyond a
 * splat (the 404 route) asks for it, and the area the path is in gets its pages, once per router. A path that is
 * still unknown after that is the 404 page, as before; a table that fails to load is the error page.
 */
export function patchAreaRoutes(areas: readonly AreaRoutes[]): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();
  return async ({ path, patch, signal }) => {
    const area = areaOf(areas, path);
    if (area === null || patched.has(area.parentId)) return;
    const children = await area.children();
    // Two navigations may have asked at once; an aborted one's patch is ignored by the router.
    if (signal.aborted || patched.has(area.parentId)) return;
    patch(area.parentId, children);
    patched.add(area.parentId);
  };
}
