import { useEffect } from 'react';
import { AppDownload } from './pages/AppDownload.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { NotYetAvailable } from './pages/NotYetAvailable.tsx';
import { matchRoute, pageTitle } from './routes.ts';

export function App({ location }: { location: Pick<Location, 'pathname' | 'search'> }) {
  const route = matchRoute(location.pathname);
  useEffect(() => {
    document.title = pageTitle(route);
  }, [route]);
  switch (route.name) {
    case 'appDownload':
      return <AppDownload userAgent={navigator.userAgent} />;
    case 'notFound':
      return <NotFound />;
    default:
      return <NotYetAvailable />;
  }
}
