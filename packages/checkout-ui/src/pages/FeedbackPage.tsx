import { type CheckoutClient, checkoutPaths, createCheckoutClient } from '@drip/core';
import { lazy, Suspense, useState } from 'react';
import { createEmbed, type EmbedTarget } from '../embed.ts';
import { Spinner } from '../ui/layout.tsx';
import { useToast } from '../ui/Toasts.tsx';

const FeedbackForm = lazy(() => import('../steps/Feedback.tsx'));

export interface FeedbackPageProps {
  checkoutId: string;
  search: string;
  client?: CheckoutClient;
  embedTarget?: EmbedTarget | null;
  navigate?: (url: string) => void;
}

/**
 * `/checkout-feedback/{checkoutId}?dismissable=&transparent=` (spec 2.1, 2.5). After sending (or failing to
 * send) it closes: the `close` event when embedded, else back to the checkout.
 */
export function FeedbackPage({ checkoutId, search, client, embedTarget, navigate }: FeedbackPageProps) {
  const params = new URLSearchParams(search);
  const transparent = params.get('transparent') === 'true';
  const dismissable = params.get('dismissable') === 'true';
  const [api] = useState(() => client ?? createCheckoutClient());
  // Only embedded pages talk to a parent (Penpal is not even loaded otherwise).
  const [embed] = useState(() => createEmbed(transparent ? embedTarget : null));
  const toast = useToast();
  const go = navigate ?? ((url: string) => window.location.assign(url));
  const backToCheckout = () =>
    go(`${checkoutPaths.hostedPage(checkoutId)}${transparent ? '?transparent=true' : ''}`);
  const [done, setDone] = useState(false);
  return (
    <div className="checkout">
      <main className="checkout__main">
        {done ? (
          <section className="step step--center">
            <h1 className="step-title">Obrigado pela sua resposta!</h1>
            <p className="lead">Você já pode fechar esta página.</p>
          </section>
        ) : (
          <Suspense fallback={<Spinner label="Carregando…" />}>
            <FeedbackForm
              checkoutId={checkoutId}
              dismissable={dismissable}
              transparent={transparent}
              send={api.sendFeedback}
              onDone={(sent) => {
                if (sent) toast('success', 'Obrigado pela sua resposta!');
                if (transparent) embed.close();
                else if (dismissable) backToCheckout();
                else setDone(true);
              }}
              onBack={backToCheckout}
              onClose={() => embed.close()}
            />
          </Suspense>
        )}
      </main>
    </div>
  );
}

export default FeedbackPage;
