import {
  type ApiError,
  type CheckoutClient,
  centsToReais,
  checkoutStepMessages,
  createCheckoutClient,
  formatBRL,
  formatDate,
  formatPercent,
  httpMessages,
  type InstalmentsSimulatorResponse,
  isIsoDate,
  isReaisAmount,
  reaisToCents,
  type SimulatorQuery,
  sumCents,
} from '@drip/core';
import { useEffect, useState } from 'react';
import { Spinner } from '../ui/Spinner.tsx';
import './widgets.css';

/** Spec 2.5 "Simulator" texts. */
export const simulatorMessages = {
  title: (response: Pick<InstalmentsSimulatorResponse, 'flexibleInstallments' | 'maxInstalments'>) =>
    response.flexibleInstallments
      ? `Pague em até ${response.maxInstalments}x sem juros no Pix`
      : 'Pague em 3x sem juros no Pix',
  footer: 'Compre sem cartão e com análise de crédito em segundos',
  maxCaption: (max: number) => `Em até ${max}x sem juros`,
  steps: ['Confirme seu número de celular', 'Análise do seu perfil de crédito', 'Pague a entrada via Pix'],
  badLink: 'Link do simulador inválido: informe o checkout ou o valor da compra.',
  badAmount: 'Link do simulador inválido: o valor deve ser maior que zero, com no máximo 2 casas decimais.',
  badDate: 'Link do simulador inválido: a data deve estar no formato AAAA-MM-DD.',
  notFound: 'Não encontramos esta compra ou esta loja.',
  loadFailed: 'Não foi possível simular o parcelamento',
} as const;

/**
 * The two query forms of spec 2.1 / 7: `?checkoutId=` or `?amount=&date=&merchant=&merchantId=` (`merchant` is the
 * store's business id, sent to the API as `cnpj`). Returns the API query or the message of what is wrong.
 */
export function simulatorQueryOf(search: string): { query: SimulatorQuery } | { invalid: string } {
  const params = new URLSearchParams(search);
  const value = (name: string) => {
    const raw = params.get(name)?.trim();
    return raw ? raw : undefined;
  };
  const checkoutId = value('checkoutId');
  if (checkoutId) return { query: { checkoutId } };
  const amount = value('amount');
  if (amount === undefined) return { invalid: simulatorMessages.badLink };
  if (!isReaisAmount(amount) || reaisToCents(amount) <= 0) return { invalid: simulatorMessages.badAmount };
  const date = value('date');
  if (date !== undefined && !isIsoDate(date)) return { invalid: simulatorMessages.badDate };
  const cnpj = value('merchant');
  const merchantId = value('merchantId');
  return {
    query: {
      amount: centsToReais(reaisToCents(amount)),
      ...(date === undefined ? {} : { date }),
      ...(cnpj === undefined ? {} : { cnpj }),
      ...(merchantId === undefined ? {} : { merchantId }),
    },
  };
}

/** The shopper-facing message of a failed simulation. */
export function simulatorErrorMessage(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return httpMessages.network;
    case 'timeout':
      return httpMessages.timeout;
    case 'parse':
      return httpMessages.badShape(error.status, '');
    case 'http':
      if (error.status === 404) return simulatorMessages.notFound;
      if (error.status === 400) return error.message;
      return httpMessages.generic(error.status);
  }
}

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: InstalmentsSimulatorResponse };

export interface SimulatorPageProps {
  search: string;
  client?: CheckoutClient;
}

/** `/instalments_simulator` (spec 2.5 "Simulator"): `GET /api/v1/instalments_simulator`, parsed by the client. */
export function SimulatorPage({ search, client }: SimulatorPageProps) {
  const [api] = useState(() => client ?? createCheckoutClient());
  const parsed = simulatorQueryOf(search);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the call (Tentar novamente).
  useEffect(() => {
    const query = simulatorQueryOf(search);
    if (!('query' in query)) return;
    let live = true;
    setLoad({ status: 'loading' });
    void api.simulate(query.query).then((result) => {
      if (!live) return;
      setLoad(
        result.ok
          ? { status: 'ready', data: result.data }
          : { status: 'failed', message: simulatorErrorMessage(result.error) },
      );
    });
    return () => {
      live = false;
    };
  }, [api, search, attempt]);

  return (
    <main className="widget">
      <section className="simulator" aria-busy={load.status === 'loading' && 'query' in parsed}>
        {'invalid' in parsed ? (
          <>
            <h1 className="simulator__title">{simulatorMessages.loadFailed}</h1>
            <p role="alert">{parsed.invalid}</p>
          </>
        ) : load.status === 'loading' ? (
          <Spinner label="Simulando o parcelamento…" />
        ) : load.status === 'failed' ? (
          <>
            <h1 className="simulator__title">{simulatorMessages.loadFailed}</h1>
            <p role="alert">{load.message}</p>
            <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
              Tentar novamente
            </button>
          </>
        ) : (
          <SimulationResult data={load.data} />
        )}
        <p className="simulator__footer">{simulatorMessages.footer}</p>
      </section>
    </main>
  );
}

function SimulationResult({ data }: { data: InstalmentsSimulatorResponse }) {
  const cashback = sumCents(data.instalments.map((i) => i.cashbackAmount));
  return (
    <>
      <span className="widget-logo" role="img" aria-label="Drip">
        drip
      </span>
      <h1 className="simulator__title">{simulatorMessages.title(data)}</h1>
      <dl className="simulator__facts">
        <dt>Valor total</dt>
        <dd>{formatBRL(data.totalAmount)}</dd>
        <dt>Parcelas</dt>
        {/* The options' words (core's instalmentsPhrase): the count first, then what each instalment costs. */}
        <dd>{checkoutStepMessages.instalmentOption(data.instalments.map((i) => i.amount))}</dd>
        {data.cashbackRate > 0 ? (
          <>
            <dt>Cashback</dt>
            <dd>{`${formatPercent(data.cashbackRate)} (${formatBRL(cashback)})`}</dd>
          </>
        ) : null}
        <dt>Máximo de parcelas</dt>
        <dd>{simulatorMessages.maxCaption(data.maxInstalments)}</dd>
      </dl>
      <ul className="simulator__schedule" aria-label="Parcelas">
        {data.instalments.map((instalment) => (
          <li key={instalment.number}>
            <span>{`${instalment.number}ª parcela · ${formatDate(instalment.dueDate)}`}</span>
            <strong>{formatBRL(instalment.amount)}</strong>
          </li>
        ))}
      </ul>
      <h2 className="widget-small">Como funciona</h2>
      <ol className="widget-steps">
        {simulatorMessages.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}

export default SimulatorPage;
