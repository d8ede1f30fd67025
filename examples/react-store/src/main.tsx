// The demo store in React: the npm package's React entry (DripProvider, DripCheckout, useDripCheckout), the same
// backend route as the plain HTML store (POST /api/checkout on the demo store) and the same product. What it
// promises (cashback, instalments) is the merchant's real terms, read from Drip (merchantId from /api/config).
import {
  type CheckoutEvent,
  type CheckoutMode,
  type CheckoutOutcome,
  DripCheckout,
  DripProvider,
  type MerchantTerms,
  useDripCheckout,
} from '@drip/checkout-sdk/react';
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

const PRODUCT = { name: 'Cafeteira Pitanga Inox', amount: 299.9 };
const brl = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais);
const percent = (fraction: number) =>
  new Intl.NumberFormat('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fraction);

interface StoreConfig {
  dripOrigin: string;
  /** The merchant the store sells for, at Drip (null: the store could not tell). */
  merchantId: string | null;
}

function isConfig(value: unknown): value is StoreConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    'dripOrigin' in value &&
    typeof value.dripOrigin === 'string' &&
    'merchantId' in value &&
    (value.merchantId === null || typeof value.merchantId === 'string')
  );
}

function termsText(terms: MerchantTerms): string {
  const plan = terms.flexibleInstallments
    ? `Em até ${terms.maxInstalments}x sem juros no Pix`
    : `Em ${terms.maxInstalments}x sem juros no Pix`;
  return terms.cashbackRate > 0 ? `${plan}, com ${percent(terms.cashbackRate)} de cashback` : plan;
}

/** The merchant's terms in words, once Drip has given them (nothing before, nothing if it cannot). */
function Terms({ merchantId }: { merchantId: string }) {
  const drip = useDripCheckout();
  const [terms, setTerms] = useState<MerchantTerms | null>(null);
  useEffect(() => {
    let live = true;
    drip.fetchMerchantTerms(merchantId, { amount: PRODUCT.amount }).then(
      (read) => live && setTerms(read),
      () => live && setTerms(null),
    );
    return () => {
      live = false;
    };
  }, [drip, merchantId]);
  return terms ? <p className="terms">{termsText(terms)}</p> : null;
}

function idOf(value: unknown): string | null {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string'
    ? value.id
    : null;
}

function messageOf(value: unknown, status: number): string {
  return typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
    ? value.message
    : `A loja respondeu ${status}`;
}

function Banner({ merchantId }: { merchantId: string }) {
  const drip = useDripCheckout();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const banner = drip.mountBanner(ref.current, {
      amount: PRODUCT.amount,
      merchantId,
      onEvent: (e) => {
        if (e.type === 'clickOnLink') drip.mountExplainer(null, { merchantId });
      },
    });
    return () => banner?.destroy();
  }, [drip, merchantId]);
  return <div ref={ref} id="drip-banner" />;
}

function Store({ merchantId }: { merchantId: string | null }) {
  const [session, setSession] = useState<{ id: string; mode: CheckoutMode } | null>(null);
  const [status, setStatus] = useState('');
  const [events, setEvents] = useState<CheckoutEvent[]>([]);
  const [busy, setBusy] = useState(false);

  async function buy(mode: CheckoutMode) {
    setBusy(true);
    setStatus('Criando o pedido…');
    try {
      const res = await fetch('/api/checkout', { method: 'POST' });
      const body: unknown = await res.json();
      const id = idOf(body);
      if (!res.ok || !id) throw new Error(messageOf(body, res.status));
      setEvents([]);
      setSession({ id, mode });
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function onOutcome(outcome: CheckoutOutcome) {
    if (outcome.status === 'OK') setStatus('Pagamento aprovado!');
    else if (outcome.status === 'KO') setStatus('A compra não foi aprovada.');
    else if (outcome.status === 'CLOSED') setStatus('Checkout fechado.');
    else if (outcome.status === 'EXPIRED') setStatus('O checkout expirou.');
    else if (outcome.status === 'ERROR') setStatus(`Erro: ${outcome.message}`);
    if (outcome.status !== 'OK') setSession(null);
  }

  return (
    <article className="product">
      <div className="photo" aria-hidden="true">
        ☕
      </div>
      <div>
        <h1>{PRODUCT.name}</h1>
        <p className="price">{brl(PRODUCT.amount)}</p>
        {merchantId ? <Terms merchantId={merchantId} /> : null}
        {merchantId ? <Banner merchantId={merchantId} /> : null}
        <div className="buy">
          <button type="button" disabled={busy} onClick={() => buy('modal')}>
            Comprar com Drip
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => buy('redirect')}>
            Comprar com Drip (redirecionamento)
          </button>
        </div>
        <p role="status">{status}</p>
        {session ? (
          <DripCheckout
            key={session.id}
            checkoutId={session.id}
            mode={session.mode}
            onEvent={(e) => setEvents((list) => [...list, e])}
            onOutcome={onOutcome}
          />
        ) : null}
        <ol className="events" aria-label="Eventos do SDK">
          {events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
            <li key={i}>{JSON.stringify(e)}</li>
          ))}
        </ol>
      </div>
    </article>
  );
}

function App() {
  const [config, setConfig] = useState<StoreConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/config')
      .then((res) => res.json())
      .then((body: unknown) => {
        if (isConfig(body)) setConfig(body);
        else setError('A loja não informou a origem da Drip.');
      })
      .catch(() => setError('Não foi possível falar com a loja.'));
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!config) return <p>Carregando…</p>;
  return (
    <DripProvider checkoutOrigin={config.dripOrigin}>
      <Store merchantId={config.merchantId} />
    </DripProvider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
