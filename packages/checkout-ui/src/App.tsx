import { lazy, Suspense, useEffect } from 'react';
import { NotFound } from './pages/NotFound.tsx';
import { NotYetAvailable } from './pages/NotYetAvailable.tsx';
import { isFinishedQuery, isTransparent, matchRoute, pageTitle } from './routes.ts';
import { Spinner } from './ui/Spinner.tsx';
import { ToastProvider } from './ui/Toasts.tsx';

// The checkout (machine, contract, steps) is its own chunk: the light public pages (banner, modal) never load it.
const CheckoutPage = lazy(() => import('./checkout/CheckoutPage.tsx'));
const FeedbackPage = lazy(() => import('./pages/FeedbackPage.tsx'));
const AppDownload = lazy(() => import('./pages/AppDownload.tsx'));
// The widgets and the simulator: each its own small chunk (no machine, no xstate).
const BannerPage = lazy(() => import('./pages/Banner.tsx'));
const ExplainerPage = lazy(() => import('./pages/Explainer.tsx'));
const SimulatorPage = lazy(() => import('./pages/Simulator.tsx'));
// After checkout: the public instalment page and the renegotiation form, each its own chunk.
const InstalmentPaymentPage = lazy(() => import('./pages/InstalmentPayment.tsx'));
const RenegotiationPage = lazy(() => import('./pages/Renegotiation.tsx'));

export function App({ location }: { location: Pick<Location, 'pathname' | 'search'> }) {
  const route = matchRoute(location.pathname);
  const title = pageTitle(route);
  useEffect(() => {
    document.title = title;
  }, [title]);
  switch (route.name) {
    case 'checkout':
      return (
        <ToastProvider>
          <Suspense fallback={<Spinner label="Carregando…" />}>
            <CheckoutPage
              checkoutId={route.checkoutId}
              transparent={isTransparent(location.search)}
              finishedQuery={isFinishedQuery(location.search)}
            />
          </Suspense>
        </ToastProvider>
      );
    case 'checkoutFeedback':
      return (
        <ToastProvider>
          <Suspense fallback={<Spinner label="Carregando…" />}>
            <FeedbackPage checkoutId={route.checkoutId} search={location.search} />
          </Suspense>
        </ToastProvider>
      );
    case 'appDownload':
      return (
        <Suspense fallback={null}>
          <AppDownload userAgent={navigator.userAgent} />
        </Suspense>
      );
    case 'banner':
      return (
        <Suspense fallback={null}>
          <BannerPage search={location.search} />
        </Suspense>
      );
    case 'explainer':
      return (
        <Suspense fallback={null}>
          <ExplainerPage search={location.search} />
        </Suspense>
      );
    case 'simulator':
      return (
        <Suspense fallback={<Spinner label="Carregando…" />}>
          <SimulatorPage search={location.search} />
        </Suspense>
      );
    case 'instalmentPayment':
      return (
        <ToastProvider>
          <Suspense fallback={<Spinner label="Carregando…" />}>
            <InstalmentPaymentPage instalmentId={route.instalmentId} />
          </Suspense>
        </ToastProvider>
      );
    case 'renegotiation':
      return (
        <ToastProvider>
          <Suspense fallback={<Spinner label="Carregando…" />}>
            <RenegotiationPage />
          </Suspense>
        </ToastProvider>
      );
    case 'notFound':
      return <NotFound />;
    default:
      return <NotYetAvailable />;
  }
}
