import {
  type ApiResult,
  type CepLookupResponse,
  type CheckoutEvent,
  type CheckoutMachineContext,
  type Clock,
  upfrontStatusOf,
  ZERO_CENTS,
} from '@drip/core';
import { lazy, Suspense } from 'react';
import type { LoadHighlightStores } from '../steps/HighlightStores.tsx';
import { Insight } from '../steps/Insight.tsx';
import type { Notify, PixKind } from '../steps/PixPayment.tsx';
import { ActionsBar, Footer, Header, Spinner, StepHeading } from '../ui/layout.tsx';
import { denialOf, maxInstalmentsOf, selectionOptions, showsFooter, showsHeader } from './view-model.ts';

// Every step after the insight loads on demand, to keep the first load small (issue 4 budget); `prefetchSteps`
// warms them once the first step is on screen.
const stepModules = {
  phoneForm: () => import('../steps/PhoneForm.tsx'),
  form: () => import('../steps/CustomerForm.tsx'),
  token: () => import('../steps/Token.tsx'),
  analysis: () => import('../steps/Analysis.tsx'),
  selection: () => import('../steps/InstalmentSelection.tsx'),
  confirmation: () => import('../steps/Confirmation.tsx'),
  pix: () => import('../steps/PixPayment.tsx'),
  approved: () => import('../steps/Approved.tsx'),
  denied: () => import('../steps/Denied.tsx'),
};
const PhoneForm = lazy(stepModules.phoneForm);
const CustomerForm = lazy(stepModules.form);
const Token = lazy(stepModules.token);
const Analysis = lazy(stepModules.analysis);
const InstalmentSelection = lazy(stepModules.selection);
const Confirmation = lazy(stepModules.confirmation);
const PixStep = lazy(stepModules.pix);
const Approved = lazy(stepModules.approved);
const Denied = lazy(stepModules.denied);

/** Loads every step's chunk (after the first render), so that later steps show without a wait. */
export function prefetchSteps(): void {
  for (const load of Object.values(stepModules)) void load().catch(() => undefined);
}

/** What the machine is doing, read from its state value (see `busyOf` in CheckoutPage). */
export interface CheckoutBusy {
  phase: 'loading' | 'loadFailed' | 'waitingServer' | 'ready' | 'cancelling' | 'cancelled';
  submittingCustomerData: boolean;
  submittingToken: boolean;
  resendingToken: boolean;
  submittingInstalments: boolean;
  changingFirstDate: boolean;
  confirming: boolean;
  refreshingPix: boolean;
  notifyingPix: boolean;
  joiningWaitlist: boolean;
}

export const idleBusy: CheckoutBusy = {
  phase: 'ready',
  submittingCustomerData: false,
  submittingToken: false,
  resendingToken: false,
  submittingInstalments: false,
  changingFirstDate: false,
  confirming: false,
  refreshingPix: false,
  notifyingPix: false,
  joiningWaitlist: false,
};

export interface CheckoutViewProps {
  context: CheckoutMachineContext;
  busy: CheckoutBusy;
  send: (event: CheckoutEvent) => void;
  viewportWidth: number;
  /** Seconds before the approved page goes back to the store, null when it does not. */
  redirectIn: number | null;
  lookupCep: (cep: string) => Promise<ApiResult<CepLookupResponse>>;
  onNotify: Notify;
  /** The × of embedded mode; null hides it (the Drip SDK draws its own close button). */
  onClose: (() => void) | null;
  /** The catalogue's highlight stores for the approved step (docs/catalogue.md); none show without it. */
  loadHighlightStores?: LoadHighlightStores | null;
  clock?: Clock;
}

const PIX_KIND = {
  pixVerification: 'verification',
  firstInstalmentPix: 'firstInstalment',
  fullAmountPayment: 'fullAmount',
} as const satisfies Record<string, PixKind>;

/** The whole checkout screen for one machine snapshot: pure (props in, events out), so that stories can render it. */
export function CheckoutView(props: CheckoutViewProps) {
  const { context, busy, send } = props;
  const step = context.step;
  const inProgress = context.result === 'MORE_INFO' && step !== 'approved' && step !== 'denied';
  const actions = {
    onClose: context.transparent ? props.onClose : null,
    onCancel:
      !context.transparent && inProgress && busy.phase === 'ready' ? () => send({ type: 'CANCEL' }) : null,
    cancelBusy: busy.phase === 'cancelling',
  };
  return (
    <div className="checkout">
      {showsHeader(step) ? (
        <Header
          merchantName={context.merchantSummary?.name ?? null}
          merchantLogoUrl={context.merchantSummary?.logoUrl ?? null}
          {...actions}
        />
      ) : (
        <ActionsBar {...actions} />
      )}
      <main className="checkout__main">
        <Suspense fallback={<Spinner label="Carregando…" />}>
          <StepContent {...props} />
        </Suspense>
      </main>
      {showsFooter(step) ? <Footer /> : null}
    </div>
  );
}

function StepContent({
  context,
  busy,
  send,
  viewportWidth,
  redirectIn,
  lookupCep,
  onNotify,
  loadHighlightStores,
  clock,
}: CheckoutViewProps) {
  if (busy.phase === 'loadFailed') {
    return (
      <section className="step step--center">
        <StepHeading>Não foi possível carregar sua compra</StepHeading>
        <p className="lead" role="alert">
          {context.lastError?.status === 404
            ? 'Não encontramos esta compra. Verifique o link recebido da loja.'
            : 'Verifique sua conexão e tente novamente.'}
        </p>
        <button type="button" className="button button--primary" onClick={() => send({ type: 'RETRY' })}>
          Tentar novamente
        </button>
      </section>
    );
  }
  if (busy.phase === 'cancelling' || busy.phase === 'cancelled') {
    return <Spinner label="Cancelando a compra…" />;
  }
  const merchantName = context.merchantSummary?.name ?? null;
  switch (context.step) {
    case 'loading':
      return <Spinner label="Carregando sua compra…" />;
    case 'insight':
      return (
        <Insight
          merchantName={merchantName}
          maxInstalments={maxInstalmentsOf(context)}
          cashbackRate={context.cashbackRate}
          onStart={() => send({ type: 'START' })}
        />
      );
    case 'phoneForm':
      return (
        <PhoneForm
          initialPhone={context.prefill.customerPhone ?? ''}
          busy={busy.submittingCustomerData}
          onSubmit={(phone) => send({ type: 'SUBMIT_PHONE', phone })}
        />
      );
    case 'form':
      return (
        <CustomerForm
          prefill={context.prefill}
          busy={busy.submittingCustomerData}
          lookupCep={lookupCep}
          onSubmit={(data) => send({ type: 'SUBMIT_CUSTOMER_DATA', data })}
        />
      );
    case 'token':
      return (
        <Token
          destination={context.phoneVerification?.destination ?? null}
          resendAvailableIn={context.resendAvailableIn}
          invalid={context.tokenInvalid}
          submitting={busy.submittingToken}
          resending={busy.resendingToken}
          onSubmit={(code) => send({ type: 'SUBMIT_TOKEN', code })}
          onResend={(channel) => send({ type: 'RESEND_TOKEN', channel })}
        />
      );
    case 'analysis':
      return <Analysis />;
    case 'instalmentSelection': {
      const { options, defaultSelected } = selectionOptions(context);
      return (
        <InstalmentSelection
          merchantName={merchantName}
          totalAmount={context.totalAmount ?? ZERO_CENTS}
          maxInstalments={maxInstalmentsOf(context)}
          cashbackRate={context.cashbackRate}
          options={options}
          defaultSelected={defaultSelected}
          viewportWidth={viewportWidth}
          busy={busy.submittingInstalments}
          onContinue={(totalInstalments) => send({ type: 'SELECT_INSTALMENTS', totalInstalments })}
        />
      );
    }
    case 'confirmation':
      return (
        <Confirmation
          merchantName={merchantName}
          totalAmount={context.totalAmount}
          instalments={context.instalments}
          upfrontStatus={upfrontStatusOf(context)}
          cashbackRate={context.cashbackRate}
          clock={clock}
          changingDate={busy.changingFirstDate}
          confirming={busy.confirming}
          onChangeDate={(date) => send({ type: 'CHANGE_FIRST_DATE', date })}
          onConfirm={() => send({ type: 'CONFIRM' })}
        />
      );
    case 'pixVerification':
    case 'firstInstalmentPix':
    case 'fullAmountPayment': {
      const payment =
        context.step === 'pixVerification'
          ? context.payment
          : context.step === 'firstInstalmentPix'
            ? context.firstInstalmentPayment
            : context.fullAmountPayment;
      if (!payment) return <Spinner label="Gerando o Pix…" />;
      return (
        <PixStep
          kind={PIX_KIND[context.step]}
          stepNumber={context.stepNumber}
          payment={payment}
          expired={context.pixExpired}
          refreshing={busy.refreshingPix}
          notifying={busy.notifyingPix}
          onRequestNewPix={() => send({ type: 'REQUEST_NEW_PIX' })}
          onSendSms={() => send({ type: 'SEND_PIX_SMS' })}
          onNotify={onNotify}
          clock={clock}
        />
      );
    }
    case 'approved':
      return (
        <Approved
          merchantName={merchantName}
          resolveUrl={context.resolveUrl}
          redirectIn={redirectIn}
          firstPurchase={context.firstPurchase}
          loadHighlightStores={loadHighlightStores}
        />
      );
    case 'denied':
      return (
        <Denied
          view={denialOf(context)}
          onWaitlist={context.waitlistStatus === 'CONFIRMED' || context.koVariables.onWaitlist === true}
          joining={busy.joiningWaitlist}
          backUrl={context.transparent ? null : context.cancelUrl}
          onJoinWaitlist={() => send({ type: 'JOIN_WAITLIST' })}
        />
      );
  }
}
