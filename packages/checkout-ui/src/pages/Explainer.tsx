import { formatPercent } from '@drip/core';
import { useEffect, useState } from 'react';
import { SUPPORT_EMAIL } from '../links.ts';
import {
  defaultWidgetTarget,
  parseCashbackRate,
  postWidgetEvent,
  useReportHeight,
  type WidgetTarget,
} from './widget-events.ts';
import './widgets.css';

/** Spec 2.5 "Modal": the headline and the three steps (the first mentions cashback only when above 0). */
export const explainerMessages = {
  headline: 'Chegamos para mudar a forma como você compra',
  stepBuy: (cashbackRate: number) =>
    cashbackRate > 0
      ? `Compre em 3x sem juros no Pix e ganhe ${formatPercent(cashbackRate)} de cashback`
      : 'Compre em 3x sem juros no Pix',
  stepShip: 'Seu produto é enviado agora e a primeira parcela só vence daqui a 1 mês',
  stepPay: 'Na hora do pagamento, escolha Pix Parcelado Drip e confirme em 3 passos',
  returnPolicy:
    'Se você devolver o produto, conforme a política de trocas da loja, as parcelas em aberto são canceladas e o que já foi pago é devolvido.',
  help: 'Dúvidas? Fale com a gente:',
} as const;

export interface ExplainerPageProps {
  search: string;
  target?: WidgetTarget | null;
}

/**
 * `/drip-modal?cashback_rate=` (spec 2.1, 2.5): what Drip is, opened from the banner's 'Entenda a Drip'. The ×
 * and Escape post `clickOnClose` (key presses in a cross-origin frame never reach the merchant page).
 */
export function ExplainerPage({ search, target }: ExplainerPageProps) {
  const [to] = useState(() => (target === undefined ? defaultWidgetTarget() : target));
  const rate = parseCashbackRate(new URLSearchParams(search).get('cashback_rate'));
  const ref = useReportHeight<HTMLDivElement>(to);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') postWidgetEvent(to, { type: 'clickOnClose' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [to]);
  return (
    <div ref={ref} className="widget widget--framed">
      <section className="explainer" aria-labelledby="explainer-title">
        <button
          type="button"
          className="explainer__close"
          aria-label="Fechar"
          onClick={() => postWidgetEvent(to, { type: 'clickOnClose' })}
        >
          ×
        </button>
        <button
          type="button"
          className="widget-logo"
          aria-label="Drip"
          onClick={() => postWidgetEvent(to, { type: 'clickOnLogo' })}
        >
          drip
        </button>
        <h1 id="explainer-title" className="explainer__title">
          {explainerMessages.headline}
        </h1>
        <ol className="widget-steps">
          <li>{explainerMessages.stepBuy(rate)}</li>
          <li>{explainerMessages.stepShip}</li>
          <li>{explainerMessages.stepPay}</li>
        </ol>
        <p className="widget-small">{explainerMessages.returnPolicy}</p>
        <p className="widget-small">
          {explainerMessages.help} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </section>
    </div>
  );
}

export default ExplainerPage;
