import { Activity, type ComponentType } from 'react';
import { type RouteObject, useLocation, useNavigation, useOutlet } from 'react-router';
import { PageLoader } from './QueryState.tsx';

/**
 * Whether a client-side navigation is taking the visitor from this page to another path and has not landed yet
 * (the next page's code, the query client or a guard still loading). Search-only changes (a list's filters, the
 * login's `?ajuda`) stay on the page.
 */
export function useLeavingPage(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state !== 'idle' && navigation.location?.pathname !== location.pathname;
}

/**
 * A page while a navigation away from it is pending: hidden (its state kept, should the navigation end up here
 * again), with the page loader in its place. Otherwise the page being left stays on screen and usable while the
 * next page's chunks download, seconds on a slow phone network: what the visitor types into it then (the CPF
 * after clicking 'Esqueci a senha', whose page has a CPF field too) vanishes when the next page replaces it.
 * Layouts (a route with a child on screen) keep their shell: their page below does the hiding.
 */
function LeavablePage({ Page }: { Page: ComponentType }) {
  const leaving = useLeavingPage();
  const isLayout = useOutlet() !== null;
  if (isLayout) return <Page />;
  return (
    <>
      <Activity mode={leaving ? 'hidden' : 'visible'}>
        <Page />
      </Activity>
      {leaving ? <PageLoader /> : null}
    </>
  );
}

/**
 * A route whose component is loaded when the route is first matched (its own chunk, with what only it imports):
 * a page's code and styles are fetched by the pages that use them, not by every portal page. Guards and prefetching
 * loaders stay on the route object, so they run without waiting for the chunk. While a navigation away from the
 * page is pending, the page gives way to the loader (`LeavablePage`).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = pick(await load());
      return { element: <LeavablePage Page={Page} /> };
    },
  };
}
