import {
  type ApiError,
  type Call,
  copyText,
  createCall,
  createHttp,
  customerMessages,
  formatBRL,
  formatDate,
  httpMessages,
  type InstalmentDetails,
  InstalmentStatusEvent,
  instalmentDetails,
  orderPaths,
} from '@drip/core';
import { useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { APP_STORE_URL, PLAY_STORE_URL } from '../links.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { track } from './track.ts';
import './after-checkout.css';

/** Spec 2.5 "Instalment payment page" texts (quoted ones exact; the bullets are Drip's wording of the spec's list). */
export const instalmentPageMessages = {
  pendingTitle: 'Pagamento da sua parcela',
  paidTitle: 'Pagamento confirmado',
  numberOf: (n: number, total: number) => `Parcela ${n} de ${total}`,
  purchaseAt: (merchant: string) => `Compra na ${merchant}`,
  copy: 'Copiar Pix',
  late: (dueDate: string) =>
    `O pagamento venceu no dia ${formatDate(dueDate)}. Evite o bloqueio da sua conta`,
  onTime: (dueDate: string) => `O pagamento sem encargos deve ser feito até o dia ${formatDate(dueDate)}`,
  paidBullets: [
    'As próximas cobranças serão enviadas para você por WhatsApp e e-mail.',
    'O limite desta parcela já foi liberado para novas compras.',
    'Acompanhe o cronograma das suas parcelas no portal do cliente ou no app Drip.',
  ],
  waiting: 'Assim que o pagamento for confirmado, esta página será atualizada.',
  noPix: 'O código Pix desta parcela não está disponível agora. Tente novamente em alguns minutos.',
  notFoundTitle: 'Parcela não encontrada',
  notFound: 'Não encontramos esta parcela. Confira o link que você recebeu por WhatsApp ou e-mail.',
  loadFailedTitle: 'Não foi possível carregar a sua parcela',
  retry: 'Tentar novamente',
} as const;

/** Analytics events of the page (spec 8: failed load reported; a failed copy fires a copy-failure event). */
export const INSTALMENT_PAGE_EVENTS = {
  loadFailed: 'instalment_page_load_failed',
  copied: 'instalment_page_pix_copied',
  copyFailed: 'instalment_page_pix_copy_failed',
  paidLive: 'instalment_page_paid_by_event',
} as const;

/** What the page needs of `EventSource` (tests pass a fake; reconnection is the browser's own). */
export interface InstalmentEventSource {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}
export type OpenEvents = (url: string) => InstalmentEventSource;

const openBrowserEvents: OpenEvents = (url) => new EventSource(url);

/** Message of a failed load (404 is a page of its own). */
function loadErrorMessage(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return httpMessages.network;
    case 'timeout':
      return httpMessages.timeout;
    case 'parse':
      return httpMessages.badShape(error.status, '');
    case 'http':
      return httpMessages.generic(error.status);
  }
}

/** Reads one SSE message: the status it carries, or null for anything else (heartbeats, malformed data). */
export function statusOfEvent(data: unknown): InstalmentStatusEvent['status'] | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = v.safeParse(InstalmentStatusEvent, json);
  return parsed.success ? parsed.output.status : null;
}

type Load =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; details: InstalmentDetails };

export interface InstalmentPaymentPageProps {
  instalmentId: string;
  /** Defaults to the global fetch (tests and stories pass their own). */
  fetch?: typeof fetch;
  /** Defaults to `new EventSource(url)`. */
  openEvents?: OpenEvents;
}

/**
 * `/pagamento/{instalmentId}` (spec 2.5, 4, 7): `GET /api/v1/installments/details/{id}`. While pending it listens on
 * `/api/v1/installments/sse/{id}` and switches to the confirmation when a message says PAID (then closes the stream).
 */
export function InstalmentPaymentPage({
  instalmentId,
  fetch: fetchFn,
  openEvents,
}: InstalmentPaymentPageProps) {
  const [call] = useState<Call>(() => createCall(createHttp({ fetch: fetchFn })));
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the call (Tentar novamente).
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    void call(instalmentDetails, { params: { id: instalmentId } }).then((result) => {
      if (!live) return;
      if (result.ok) {
        setLoad({ status: 'ready', details: result.data });
        return;
      }
      if (result.error.status === 404) {
        setLoad({ status: 'notFound' });
        return;
      }
      track(INSTALMENT_PAGE_EVENTS.loadFailed, {
        instalmentId,
        status: result.error.status,
        kind: result.error.kind,
      });
      setLoad({ status: 'failed', message: loadErrorMessage(result.error) });
    });
    return () => {
      live = false;
    };
  }, [call, instalmentId, attempt]);

  const pending = load.status === 'ready' && load.details.installment.status === 'PENDING';
  useEffect(() => {
    if (!pending) return;
    const source = (openEvents ?? openBrowserEvents)(orderPaths.instalmentEvents(instalmentId));
    source.onmessage = (event) => {
      if (statusOfEvent(event.data) !== 'PAID') return;
      source.close();
      track(INSTALMENT_PAGE_EVENTS.paidLive, { instalmentId });
      setLoad((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              details: {
                ...current.details,
                installment: { ...current.details.installment, status: 'PAID', late: false },
              },
            }
          : current,
      );
    };
    return () => source.close();
  }, [pending, instalmentId, openEvents]);

  return (
    <div className="checkout">
      <main className="checkout__main">
        {load.status === 'loading' ? (
          <Spinner label="Carregando a sua parcela…" />
        ) : load.status === 'notFound' ? (
          <section className="step step--center">
            <h1 className="step-title">{instalmentPageMessages.notFoundTitle}</h1>
            <p className="lead">{instalmentPageMessages.notFound}</p>
          </section>
        ) : load.status === 'failed' ? (
          <section className="step">
            <h1 className="step-title">{instalmentPageMessages.loadFailedTitle}</h1>
            <p className="alert alert--critical" role="alert">
              {load.message}
            </p>
            <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
              {instalmentPageMessages.retry}
            </button>
          </section>
        ) : load.details.installment.status === 'PAID' ? (
          <PaidInstalment details={load.details} />
        ) : (
          <PendingInstalment details={load.details} />
        )}
      </main>
    </div>
  );
}

function Facts({ details }: { details: InstalmentDetails }) {
  const { installment } = details;
  return (
    <dl className="facts">
      <dt>Parcela</dt>
      <dd>{instalmentPageMessages.numberOf(installment.number, installment.total)}</dd>
      <dt>Valor</dt>
      <dd>{formatBRL(installment.amount)}</dd>
      <dt>Loja</dt>
      <dd>{details.merchantName}</dd>
    </dl>
  );
}

function PendingInstalment({ details }: { details: InstalmentDetails }) {
  const { installment } = details;
  const toast = useToast();
  const area = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  const copy = async (text: string) => {
    if (await copyText(text, area.current)) {
      track(INSTALMENT_PAGE_EVENTS.copied, { instalmentId: installment.id });
      toast('success', customerMessages.copied);
    } else {
      // The text stays selected in the area (copyText's fallback) so that the shopper can copy it by hand.
      track(INSTALMENT_PAGE_EVENTS.copyFailed, { instalmentId: installment.id });
      toast('error', customerMessages.copyFailed);
    }
  };
  return (
    <section className="step">
      <h1 className="step-title">{instalmentPageMessages.pendingTitle}</h1>
      <p className="lead">{instalmentPageMessages.purchaseAt(details.merchantName)}</p>
      {installment.late ? (
        <p className="alert alert--critical" role="alert">
          {instalmentPageMessages.late(installment.dueDate)}
        </p>
      ) : (
        <p className="alert alert--info">{instalmentPageMessages.onTime(installment.dueDate)}</p>
      )}
      <Facts details={details} />
      {installment.qrCode && installment.qrcodeText ? (
        <div className="pix">
          <div className="pix__qr">
            <img src={installment.qrCode} alt="QR Code do Pix" width={220} height={220} />
          </div>
          <label className="field" htmlFor={textId}>
            <span className="field__label">Pix copia e cola</span>
          </label>
          <textarea
            id={textId}
            ref={area}
            className="pix__text"
            readOnly
            rows={4}
            value={installment.qrcodeText}
          />
          <button
            type="button"
            className="button button--primary"
            onClick={() => void copy(installment.qrcodeText ?? '')}
          >
            {instalmentPageMessages.copy}
          </button>
          <p className="pix__waiting" role="status">
            {instalmentPageMessages.waiting}
          </p>
        </div>
      ) : (
        <p className="alert alert--warning" role="alert">
          {instalmentPageMessages.noPix}
        </p>
      )}
    </section>
  );
}

function PaidInstalment({ details }: { details: InstalmentDetails }) {
  return (
    <section className="step step--center">
      <div className="result-icon result-icon--ok" aria-hidden="true">
        ✓
      </div>
      <h1 className="step-title">{instalmentPageMessages.paidTitle}</h1>
      <Facts details={details} />
      <ul className="bullets">
        {instalmentPageMessages.paidBullets.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <div className="stores">
        <a className="store-button" href={APP_STORE_URL}>
          Baixar na App Store
        </a>
        <a className="store-button" href={PLAY_STORE_URL}>
          Disponível no Google Play
        </a>
      </div>
    </section>
  );
}

export default InstalmentPaymentPage;
