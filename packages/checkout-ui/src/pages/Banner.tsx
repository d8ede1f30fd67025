import {
  type Cents,
  formatPercent,
  instalmentsPhrase,
  isReaisAmount,
  planAmounts,
  reaisToCents,
} from '@drip/core';
import { useState } from 'react';
import {
  defaultWidgetTarget,
  parseCashbackRate,
  postWidgetEvent,
  useReportHeight,
  type WidgetTarget,
} from './widget-events.ts';
import './widgets.css';

/** The banner's instalments: always 3 (spec 2.5). */
export const BANNER_INSTALMENTS = 3;

/** The banner's instalment amounts: core's plan of the total in 3x (remainder centavos on the first). */
export function bannerAmounts(total: Cents): Cents[] {
  return planAmounts({ total, totalInstalments: BANNER_INSTALMENTS, cashbackRate: 0 }).map((p) => p.amount);
}

/**
 * Spec 2.5 "Banner", word for word when the 3 instalments are equal ('em 3x de R$ 100,00'); otherwise the amount
 * part says what the plan charges, 'em 3x (1x R$ 99,98 + 2x R$ 99,96)' (core's `instalmentsPhrase`): '3x de' one
 * amount would promise a first instalment that is not the one charged (docs/instalment-payments.md "Amounts
 * shown").
 */
export function bannerText(total: Cents, cashbackRate: number): string {
  const base = `Pague no Pix Parcelado em ${instalmentsPhrase(bannerAmounts(total))}, com ou sem entrada, zero juros`;
  return cashbackRate > 0 ? `${base} e ${formatPercent(cashbackRate)} de cashback` : base;
}

/** The product amount from `?amount=` (reais, '.' or ',' decimals, at most 2), or null when absent or invalid. */
export function parseBannerAmount(raw: string | null): Cents | null {
  if (raw === null || !isReaisAmount(raw)) return null;
  const total = reaisToCents(raw);
  return total > 0 ? total : null;
}

export interface BannerPageProps {
  search: string;
  /** Where events go; defaults to `window.parent` when framed. */
  target?: WidgetTarget | null;
}

/**
 * `/drip_banner?amount=&cashback_rate=` (spec 2.1, 2.5): `amount` in reais, `cashback_rate` a fraction (0.05 =
 * 5,00 %). Without a valid amount there is nothing to promise, so the banner renders nothing (and reports height 0).
 */
export function BannerPage({ search, target }: BannerPageProps) {
  const [to] = useState(() => (target === undefined ? defaultWidgetTarget() : target));
  const params = new URLSearchParams(search);
  const amount = parseBannerAmount(params.get('amount'));
  const rate = parseCashbackRate(params.get('cashback_rate'));
  const ref = useReportHeight<HTMLDivElement>(to);
  return (
    <div ref={ref} className="widget widget--framed">
      {amount === null ? null : (
        <aside className="banner" aria-label="Drip: Pix Parcelado">
          <button
            type="button"
            className="widget-logo"
            aria-label="Drip"
            onClick={() => postWidgetEvent(to, { type: 'clickOnLogo' })}
          >
            drip
          </button>
          <p className="banner__text">
            {bannerText(amount, rate)}{' '}
            <button
              type="button"
              className="widget-link"
              onClick={() => postWidgetEvent(to, { type: 'clickOnLink' })}
            >
              Entenda a Drip
            </button>
          </p>
        </aside>
      )}
    </div>
  );
}

export default BannerPage;
