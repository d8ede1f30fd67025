/**
 * The machine page (loaded by CheckoutPage.tsx after the first step is on screen): the one place where the
 * checkout machine meets React: it runs `createCheckoutMachine` from core, renders the
 * pure `CheckoutView` for each snapshot, and performs the browser effects the spec asks for (embed events, the
 * approved redirect, the cancel redirect, the leave-page prompt, toasts, scroll to top). No step logic here.
 */
import {
  CHECKOUT_ANALYTICS_EVENTS,
  type CheckoutClient,
  type CheckoutEvent,
  type CheckoutFailure,
  type CheckoutMachineContext,
  type Clock,
  createCheckoutClient,
  createCheckoutMachine,
  firesFailureEvent,
  loadHighlightStores,
  shouldReportFailure,
  systemClock,
} from '@drip/core';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createEmbed, type EmbedTarget, observeHeight } from '../embed.ts';
import { reportError, track } from '../pages/track.ts';
import { useToast } from '../ui/Toasts.tsx';
import { useViewportWidth } from '../ui/useViewportWidth.ts';
import { type CheckoutBusy, CheckoutView, idleBusy, prefetchSteps } from './CheckoutView.tsx';
import { shouldWarnBeforeUnload } from './view-model.ts';

const FeedbackForm = lazy(() => import('../steps/Feedback.tsx'));

/** Spec 2.5 / 9: the approved page goes back to the store after 5 s (redirect mode). */
export const AUTO_REDIRECT_SECONDS = 5;

export interface CheckoutPageProps {
  checkoutId: string;
  transparent: boolean;
  /** The checkout URL's `?finished=true`: the merchant page ends the purchase itself (approval → `completed`). */
  finishedQuery?: boolean;
  /** Same-origin client by default. */
  client?: CheckoutClient;
  /** The fetch of the default client (CheckoutPage.tsx hands over the first answer through it). */
  fetch?: typeof fetch;
  clock?: Clock;
  /** Where embed events go: the parent frame over Penpal by default (when framed); a fake in tests. */
  embedTarget?: EmbedTarget | Promise<EmbedTarget> | null;
  /** Leaves the checkout for a URL (window.location.assign by default). */
  navigate?: (url: string) => void;
  /**
   * What CheckoutPage.tsx already shows without the machine (the insight step from the first answer), shown
   * until the machine has applied that answer, and the events sent meanwhile, replayed then.
   */
  firstStep?: { context: CheckoutMachineContext; queued: CheckoutEvent[] } | null;
}

type Snapshot = ReturnType<typeof useMachine<ReturnType<typeof createCheckoutMachine>>>[0];

function busyOf(snapshot: Snapshot): CheckoutBusy {
  const m = (value: Parameters<Snapshot['matches']>[0]) => snapshot.matches(value);
  let phase: CheckoutBusy['phase'] = 'ready';
  if (m('loading')) phase = 'loading';
  else if (m('loadFailed')) phase = 'loadFailed';
  else if (m('waitingServer')) phase = 'waitingServer';
  else if (m('cancelling')) phase = 'cancelling';
  else if (m('cancelled')) phase = 'cancelled';
  return {
    phase,
    submittingCustomerData: m('submittingCustomerData'),
    submittingToken: m({ token: { flow: 'submitting' } }),
    resendingToken: m({ token: { flow: 'resending' } }),
    submittingInstalments: m('submittingInstalments'),
    changingFirstDate: m('changingFirstDate'),
    confirming: m('confirming'),
    refreshingPix: m({ pix: 'refreshing' }) || m({ pix: 'renewing' }),
    notifyingPix: m({ pix: 'notifying' }),
    joiningWaitlist: m('joiningWaitlist'),
  };
}

const defaultNavigate = (url: string) => window.location.assign(url);

export function CheckoutPage({
  checkoutId,
  transparent,
  finishedQuery = false,
  client,
  clock = systemClock,
  embedTarget,
  navigate = defaultNavigate,
  fetch: fetchImpl,
  firstStep = null,
}: CheckoutPageProps) {
  const [api] = useState(() => client ?? createCheckoutClient(fetchImpl ? { fetch: fetchImpl } : {}));
  const [machine] = useState(() => createCheckoutMachine({ client: api, clock }));
  // One stable loader: the approved step reads the highlight stores once, when it shows (never before, so that
  // they cost the first screen nothing).
  const [highlightStores] = useState(() => () => loadHighlightStores(fetchImpl ? { fetch: fetchImpl } : {}));
  const [snapshot, sendToMachine, actor] = useMachine(machine, { input: { checkoutId, transparent } });
  const [embed] = useState(() => createEmbed(transparent ? embedTarget : null));
  // Until the machine has applied its first answer, the page keeps what CheckoutPage.tsx showed without it. The
  // hand-over ends once: a later load (a poll, a retry) shows the machine's own loading state, not the first step.
  const handedOver = useRef(false);
  if (!snapshot.matches('loading')) handedOver.current = true;
  const handingOver = firstStep !== null && !handedOver.current;
  const context: CheckoutMachineContext = handingOver ? firstStep.context : snapshot.context;
  // What the shopper does on the first step while the machine is still loading (it would drop the event) waits
  // in the queue; the queue is replayed, in order, before anything sent after the machine has its answer.
  const send = useCallback(
    (event: CheckoutEvent) => {
      if (firstStep) {
        if (!handedOver.current && actor.getSnapshot().matches('loading')) {
          firstStep.queued.push(event);
          return;
        }
        for (const queued of firstStep.queued.splice(0)) sendToMachine(queued);
      }
      sendToMachine(event);
    },
    [firstStep, actor, sendToMachine],
  );
  useEffect(() => {
    if (handingOver || !firstStep) return;
    for (const event of firstStep.queued.splice(0)) sendToMachine(event);
  }, [handingOver, firstStep, sendToMachine]);
  const toast = useToast();
  const width = useViewportWidth();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [redirectIn, setRedirectIn] = useState<number | null>(null);

  // Embedded: tell the parent the checkout is open, and follow the content's height (the modal sizes itself).
  useEffect(() => {
    if (!transparent) return;
    embed.open();
    // Embedded, the page is as tall as its content (no full-viewport minimum), so that the modal can shrink.
    document.documentElement.dataset.embedded = 'true';
    const stop = observeHeight(document.body, embed.resize);
    return () => {
      stop();
      delete document.documentElement.dataset.embedded;
    };
  }, [transparent, embed]);

  // The Drip SDK draws its own close button around the frame: hide ours once it has connected.
  const [parentCloses, setParentCloses] = useState(false);
  useEffect(() => embed.onConnected(() => setParentCloses(true)), [embed]);

  // Embedded: `ready` once the first step is on screen, `step` on each step change, `error` when loading fails.
  const reported = useRef<{ step: string | null; ready: boolean; failed: boolean }>({
    step: null,
    ready: false,
    failed: false,
  });
  const loadFailed = snapshot.matches('loadFailed');
  useEffect(() => {
    const seen = reported.current;
    if (loadFailed && !seen.failed) {
      seen.failed = true;
      embed.error('CHECKOUT_LOAD_FAILED', `The checkout ${checkoutId} could not be loaded`);
    }
    if (context.step === 'loading' || context.step === seen.step) return;
    if (!seen.ready) {
      seen.ready = true;
      embed.ready();
    }
    seen.step = context.step;
    embed.step(context.step, context.stepNumber);
  }, [context.step, context.stepNumber, loadFailed, checkoutId, embed]);

  // Once the first step is on screen, fetch the other steps' chunks in the background.
  const ready = context.step !== 'loading';
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(prefetchSteps, 1_000);
    return () => clearTimeout(timer);
  }, [ready]);

  // Each failure once (spec 8): reported unless 401/403/network/time-out, and the analytics failure event for
  // failed loads and submits (a failed poll is only reported).
  const lastFailure = useRef<CheckoutFailure | null>(null);
  useEffect(() => {
    const failure = context.lastError;
    if (!failure || failure === lastFailure.current) return;
    lastFailure.current = failure;
    const props = { checkoutId, operation: failure.operation, status: failure.status };
    if (shouldReportFailure(failure)) {
      reportError('checkout', failure.message, { ...props, kind: failure.kind ?? 'unexpected' });
    }
    if (firesFailureEvent(failure)) track(CHECKOUT_ANALYTICS_EVENTS.failed, props);
  }, [context.lastError, checkoutId]);

  // Toasts from the machine (each notice once, by id).
  const lastNotice = useRef(0);
  useEffect(() => {
    const notice = context.notice;
    if (!notice || notice.id === lastNotice.current) return;
    lastNotice.current = notice.id;
    toast(notice.kind, notice.message);
  }, [context.notice, toast]);

  // Scroll to the top on each step change (the step heading takes the focus itself).
  useEffect(() => {
    if (context.step !== 'loading') window.scrollTo?.(0, 0);
  }, [context.step]);

  // The final result goes to the parent once (spec 2.5 "Approved"): an approval is `finished` only for a
  // merchant on the auto-redirect list and without `?finished=true`, else `completed`; redirect mode goes back to
  // resolveUrl after 5 s only for a merchant on the list.
  const finished = useRef(false);
  const autoRedirect = context.merchantSummary?.autoRedirect ?? true;
  useEffect(() => {
    if (finished.current) return;
    if (context.step === 'approved') {
      finished.current = true;
      if (autoRedirect && !finishedQuery) embed.finished('OK', context.resolveUrl);
      else embed.completed(context.resolveUrl);
      if (!transparent && autoRedirect && context.resolveUrl) setRedirectIn(AUTO_REDIRECT_SECONDS);
    } else if (context.step === 'denied') {
      finished.current = true;
      if (context.koReason === 'EXPIRED') embed.expired();
      embed.finished('KO', context.cancelUrl);
    }
  }, [
    context.step,
    context.koReason,
    context.resolveUrl,
    context.cancelUrl,
    transparent,
    embed,
    autoRedirect,
    finishedQuery,
  ]);

  useEffect(() => {
    if (redirectIn === null) return;
    if (redirectIn <= 0) {
      if (context.resolveUrl) navigate(context.resolveUrl);
      return;
    }
    const timer = setTimeout(() => setRedirectIn(redirectIn - 1), 1000);
    return () => clearTimeout(timer);
  }, [redirectIn, context.resolveUrl, navigate]);

  // Cancelled: back to the store (redirect mode) or close the modal (embedded).
  const output = snapshot.status === 'done' ? snapshot.output : undefined;
  useEffect(() => {
    if (output?.status !== 'cancelled') return;
    if (transparent) embed.close();
    else if (output.url) navigate(output.url);
  }, [output, transparent, embed, navigate]);

  // Redirect mode: leaving while the checkout is in progress asks for confirmation.
  const warn = shouldWarnBeforeUnload(context);
  useEffect(() => {
    if (!warn) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [warn]);

  // Embedded ×: in progress, ask why first (feedback modal); otherwise just close.
  const inProgress = context.result === 'MORE_INFO' && context.step !== 'loading';
  const onClose = useCallback(() => {
    if (inProgress) setFeedbackOpen(true);
    else embed.close();
  }, [inProgress, embed]);

  // Escape inside the frame never reaches the merchant page: the checkout closes itself (spec: the SDK listens
  // for Escape only on its own page). Not while the feedback dialog is open, nor when a control used the key.
  useEffect(() => {
    if (!transparent) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || feedbackOpen) return;
      // A dropdown or a bottom sheet closes itself with Escape first.
      const target = event.target;
      if (
        target instanceof Element &&
        target.closest('[aria-expanded="true"], [role="listbox"], [role="dialog"]')
      ) {
        return;
      }
      embed.close();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [transparent, feedbackOpen, embed]);

  return (
    <>
      <CheckoutView
        context={context}
        busy={handingOver ? idleBusy : busyOf(snapshot)}
        send={send}
        viewportWidth={width}
        redirectIn={redirectIn}
        lookupCep={api.lookupCep}
        onNotify={toast}
        onClose={parentCloses ? null : onClose}
        loadHighlightStores={highlightStores}
        clock={clock}
      />
      {feedbackOpen ? (
        <div className="modal-backdrop">
          <div
            className="modal"
            role="dialog"
            aria-modal="true"
            aria-label="Por que você desistiu da compra?"
          >
            <Suspense fallback={null}>
              <FeedbackForm
                checkoutId={checkoutId}
                dismissable
                transparent={transparent}
                send={api.sendFeedback}
                onDone={() => {
                  setFeedbackOpen(false);
                  embed.close();
                }}
                onBack={() => setFeedbackOpen(false)}
                onClose={() => {
                  setFeedbackOpen(false);
                  embed.close();
                }}
              />
            </Suspense>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** The CEP lookup of a same-origin client, for the first step shown before this page loads. */
export function lookupCep(cep: string) {
  return createCheckoutClient().lookupCep(cep);
}

export default CheckoutPage;
