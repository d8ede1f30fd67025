import { cashbackCaption } from '@drip/core';
import { StepHeading, StepNumber } from '../ui/layout.tsx';

export interface InsightProps {
  merchantName: string | null;
  maxInstalments: number;
  cashbackRate: number;
  onStart: () => void;
}

/** Spec 2.5 "insight": what Drip is, 'Passo 1 de 3', the start button. */
export function Insight({ merchantName, maxInstalments, cashbackRate, onStart }: InsightProps) {
  const cashback = cashbackCaption(cashbackRate);
  return (
    <section className="step">
      <StepNumber n={1} />
      <StepHeading>Pague em até {maxInstalments}x sem juros no Pix</StepHeading>
      <p className="lead">
        A Drip é o Pix parcelado: você leva sua compra{merchantName ? ` na ${merchantName}` : ''} agora e paga
        em parcelas mensais pelo Pix, sem cartão de crédito e sem juros.
      </p>
      <ol className="insight-steps">
        <li>
          <strong>Confirme seu telefone</strong> com o código que enviaremos para você.
        </li>
        <li>
          <strong>Análise de crédito em segundos</strong>, sem burocracia.
        </li>
        <li>
          <strong>Escolha as parcelas</strong> e pague pelo Pix.
        </li>
      </ol>
      {cashback ? <p className="badge">{cashback}</p> : null}
      <button type="button" className="button button--primary" onClick={onStart}>
        Começar
      </button>
    </section>
  );
}
