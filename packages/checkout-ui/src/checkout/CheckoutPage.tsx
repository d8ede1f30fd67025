/**
 * The hosted checkout's entry (issue 4, first-load budget). It asks for the checkout at once and, when the answer
 * leads to the insight step, shows it without the machine (`firstStepContext`, core); the machine page
 * (MachinePage.tsx: xstate, the machine, the contract's schemas, embed events) loads right after, once the browser
 * is idle or at the first interaction, and takes over with the same answer (no second request), replaying what
 * the shopper did meanwhile. Any other answer (a later step, an error) waits for the machine page, which owns
 * every rule and error message.
 */
import {
  type CheckoutEvent,
  type CheckoutMachineContext,
  type Clock,
  firstStepContext,
  firstStepPath,
} from '@drip/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '../ui/layout.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { useViewportWidth } from '../ui/useViewportWidth.ts';
import { CheckoutView, idleBusy } from './CheckoutView.tsx';

const loadMachinePage = () => import('./MachinePage.tsx');
const MachinePage = lazy(loadMachinePage);

const clock: Clock = { now: () => new Date() };

/** The first `PUT /checkouts/{id}` with `{}` (the machine's load), started once per page. */
interface Preload {
  checkoutId: string;
  response: Promise<Response>;
}

/**
 * A fetch for the machine's client: its first load of this checkout gets the answer already received (a copy),
 * every other request goes to the network.
 */
function preloadedFetch(preload: Preload): typeof fetch {
  let pending: Promise<Response> | null = preload.response;
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const first = pending;
    if (
      first &&
      init?.method === 'PUT' &&
      init.body === '{}' &&
      new URL(url, window.location.href).pathname === firstStepPath(preload.checkoutId)
    ) {
      pending = null;
      return first.then((response) => response.clone());
    }
    return fetch(input, init);
  };
}

interface FirstStep {
  context: CheckoutMachineContext;
  queued: CheckoutEvent[];
}

export interface CheckoutEntryProps {
  checkoutId: string;
  transparent: boolean;
  /** `?finished=true`: an approval is announced as `completed` (see MachinePage). */
  finishedQuery?: boolean;
}

export function CheckoutEntry({ checkoutId, transparent, finishedQuery = false }: CheckoutEntryProps) {
  const [preload] = useState<Preload>(() => ({
    checkoutId,
    response: fetch(firstStepPath(checkoutId), {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    }),
  }));
  const [client, setClient] = useState<{ fetch: typeof fetch } | null>(null);
  // undefined: the answer is not read yet; null: not the insight step (the machine page decides).
  const [firstStep, setFirstStep] = useState<FirstStep | null | undefined>(undefined);
  const [machineWanted, setMachineWanted] = useState(false);
  const toast = useToast();
  const width = useViewportWidth();

  useEffect(() => {
    let live = true;
    preload.response
      .then(async (response) =>
        response.ok ? firstStepContext(checkoutId, transparent, await response.clone().json()) : null,
      )
      .catch(() => null)
      .then((context) => {
        if (live) setFirstStep(context ? { context, queued: [] } : null);
      });
    return () => {
      live = false;
    };
  }, [preload, checkoutId, transparent]);

  // The machine page: at once when the first step is not shown here, else when the browser is idle after showing
  // it (or at the first interaction, below).
  useEffect(() => {
    if (firstStep === undefined) return;
    if (firstStep === null) {
      setMachineWanted(true);
      return;
    }
    const want = () => setMachineWanted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(want, { timeout: 1_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(want, 200);
    return () => clearTimeout(timer);
  }, [firstStep]);

  useEffect(() => {
    if (machineWanted && !client) setClient({ fetch: preloadedFetch(preload) });
  }, [machineWanted, client, preload]);

  const firstView = firstStep ? (
    <CheckoutView
      context={firstStep.context}
      busy={idleBusy}
      send={(event) => {
        firstStep.queued.push(event);
        setMachineWanted(true);
      }}
      viewportWidth={width}
      redirectIn={null}
      lookupCep={(cep) => loadMachinePage().then((page) => page.lookupCep(cep))}
      onNotify={toast}
      onClose={null}
      clock={clock}
    />
  ) : (
    <Spinner label="Carregando…" />
  );

  if (!client) return firstView;
  return (
    <Suspense fallback={firstView}>
      <MachinePage
        checkoutId={checkoutId}
        transparent={transparent}
        finishedQuery={finishedQuery}
        fetch={client.fetch}
        firstStep={firstStep ?? null}
      />
    </Suspense>
  );
}

export default CheckoutEntry;
