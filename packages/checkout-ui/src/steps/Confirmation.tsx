import {
  addDaysIso,
  type Cents,
  type CheckoutInstalment,
  type Clock,
  cashbackCaption,
  formatBRL,
  formatPercent,
  type IsoDate,
  instalmentsPhrase,
  parseIsoDate,
  sumCents,
  checkoutStepMessages as t,
  type UpfrontPaymentStatus,
} from '@drip/core';
import { useState } from 'react';
import { formatIsoDate as formatDate, todayInSaoPauloIntl as todayInSaoPaulo } from '../dates.ts';
import { StepHeading, StepNumber } from '../ui/layout.tsx';

/** Spec 2.5 / 9: the first instalment is chosen 1 to 31 days after today (the default, today + 15, is the server's). */
export const FIRST_DATE_MIN_DAYS = 1;
export const FIRST_DATE_MAX_DAYS = 31;

export interface ConfirmationProps {
  merchantName: string | null;
  totalAmount: Cents | null;
  instalments: CheckoutInstalment[];
  upfrontStatus: UpfrontPaymentStatus;
  cashbackRate: number;
  /** Today in São Paulo ('YYYY-MM-DD'). */
  today: IsoDate;
  changingDate: boolean;
  confirming: boolean;
  onChangeDate: (date: IsoDate) => void;
  onConfirm: () => void;
}

/** The server's first due date when nothing was chosen (spec 2.5): where "sem entrada" goes back to. */
export const FIRST_DATE_DEFAULT_DAYS = 15;

/** The selectable first due dates: today + 1 … today + 31. */
export function firstDateWindow(today: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let d = FIRST_DATE_MIN_DAYS; d <= FIRST_DATE_MAX_DAYS; d++) dates.push(addDaysIso(today, d));
  return dates;
}

/**
 * The day the calendar shows as chosen: the first due date of the server's schedule, when it is one of the
 * calendar's days. The calendar never guesses (the server's default is today + 15, spec 2.5): a schedule whose
 * first instalment is due today (paid upfront) has no day chosen, and any day, today + 15 included, is a change.
 */
export function initialFirstDate(today: IsoDate, current: IsoDate | undefined): IsoDate | null {
  return current && firstDateWindow(today).includes(current) ? current : null;
}

const ordinal = (n: number) => `${n}ª parcela`;

/** Spec 2.5 "confirmation of instalments": schedule, first-date calendar, credit disclosure. */
export function Confirmation({
  merchantName,
  totalAmount,
  instalments,
  upfrontStatus,
  cashbackRate,
  today,
  changingDate,
  confirming,
  onChangeDate,
  onConfirm,
}: ConfirmationProps) {
  const upfrontToday = upfrontStatus === 'MANDATORY';
  const first = instalments[0];
  const total = totalAmount ?? sumCents(instalments.map((i) => i.amount));
  // 'Hoje' for an instalment paid upfront: always with MANDATORY, and when the server's plan has it due today.
  const dueLabel = (i: CheckoutInstalment) =>
    i.number === 1 && (upfrontToday || i.dueDate === today) ? t.today : formatDate(i.dueDate);
  const cashbackTotal = sumCents(instalments.map((i) => i.cashbackAmount));
  const cashback = cashbackCaption(cashbackRate);

  return (
    <section className="step">
      <StepNumber n={2} />
      <StepHeading>Revise e confirme sua compra</StepHeading>
      {merchantName ? <p className="lead">{t.purchaseAt(merchantName)}</p> : null}

      {/* First, before the schedule it changes: on a phone a 6x schedule would push it below the fold. */}
      {upfrontStatus === 'OPTIONAL' && first ? (
        <UpfrontChoice today={today} first={first} busy={changingDate} onChoose={onChangeDate} />
      ) : null}

      {instalments.length > 2 ? (
        <ol className="schedule" aria-label="Parcelas">
          {instalments.map((i) => (
            <li key={i.number} className="schedule__item">
              <span>
                <strong>{ordinal(i.number)}</strong>
                <br />
                <span className="muted">{dueLabel(i)}</span>
              </span>
              <span className="schedule__amount">
                {formatBRL(i.amount)}
                {i.cashbackAmount > 0 ? (
                  <span className="muted"> (−{formatBRL(i.cashbackAmount)} de cashback)</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {cashback ? <p className="badge">{cashback}</p> : null}

      {!upfrontToday && first && !(upfrontStatus === 'OPTIONAL' && first.dueDate === today) ? (
        <FirstDateCalendar
          key={first.dueDate}
          today={today}
          current={first.dueDate}
          busy={changingDate}
          onSubmit={onChangeDate}
        />
      ) : null}

      <Disclosure
        total={total}
        instalments={instalments}
        firstDueLabel={first ? dueLabel(first) : '—'}
        cashbackTotal={cashbackTotal}
      />

      <button
        type="button"
        className="button button--primary"
        disabled={confirming || changingDate}
        onClick={onConfirm}
      >
        {confirming ? 'Confirmando…' : t.confirm}
      </button>
    </section>
  );
}

/**
 * OPTIONAL upfront: "com entrada" (the 1st instalment due today, paid by Pix right after the confirmation) or
 * "sem entrada" (a date 1..31 days ahead, chosen in the calendar). The server decides by the first due date alone,
 * so each choice sends one: today, or back to the default today + 15. What is shown as chosen is always the
 * server's schedule, never the click, so a failed change cannot leave the two apart.
 */
function UpfrontChoice({
  today,
  first,
  busy,
  onChoose,
}: {
  today: IsoDate;
  first: CheckoutInstalment;
  busy: boolean;
  onChoose: (date: IsoDate) => void;
}) {
  const withEntry = first.dueDate === today;
  const options = [
    {
      id: 'com',
      entry: true,
      label: 'Pagar a 1ª parcela hoje (entrada)',
      detail: `${formatBRL(first.amount)} no Pix, logo após confirmar`,
      date: today,
    },
    {
      id: 'sem',
      entry: false,
      label: 'Pagar a 1ª parcela depois (sem entrada)',
      detail: `Escolha a data, até ${formatDate(addDaysIso(today, FIRST_DATE_MAX_DAYS))}`,
      date: addDaysIso(today, FIRST_DATE_DEFAULT_DAYS),
    },
  ] as const;
  return (
    <fieldset className="upfront" aria-busy={busy}>
      <legend className="field__label">Quando pagar a 1ª parcela?</legend>
      {options.map((o) => {
        const chosen = o.entry === withEntry;
        return (
          <button
            key={o.id}
            type="button"
            className="upfront__option"
            aria-label={o.label}
            aria-pressed={chosen}
            aria-disabled={busy}
            onClick={() => {
              // Choosing the plan already in force sends nothing; nor does a click while a change is on its way.
              if (!chosen && !busy) onChoose(o.date);
            }}
          >
            <span className="upfront__mark" aria-hidden="true" />
            <span>
              <strong>{o.label}</strong>
              <br />
              <span className="muted">{o.detail}</span>
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

/** What a Brazilian credit offer must state (CET and interest, Res. CMN 4.881/BCB): here all zero. */
function Disclosure({
  total,
  instalments,
  firstDueLabel,
  cashbackTotal,
}: {
  total: Cents;
  instalments: CheckoutInstalment[];
  firstDueLabel: string;
  cashbackTotal: Cents;
}) {
  const n = instalments.length;
  // The same words as the options and the banner: '3x de R$ 100,00', or '3x (1x R$ 99,98 + 2x R$ 99,96)'.
  const value = instalmentsPhrase(instalments.map((i) => i.amount));
  const zero = formatPercent(0);
  // The cashback sits on the last instalment unless it does not fit there (core's spreadCashback): then the label
  // names every instalment that carries some, so that the figure is the discount those instalments get.
  const withCashback = instalments.filter((i) => i.cashbackAmount > 0).length;
  const cashbackLabel =
    withCashback > 1 ? `Cashback nas últimas ${withCashback} parcelas` : 'Cashback na última parcela';
  return (
    <dl className="disclosure" aria-label="Resumo do crédito">
      <div>
        <dt>Valor total financiado</dt>
        <dd>{formatBRL(total)}</dd>
      </div>
      <div>
        <dt>Número e valor das parcelas</dt>
        <dd>
          {n} {n === 1 ? 'parcela' : 'parcelas'}: {value}
        </dd>
      </div>
      <div>
        <dt>Data do primeiro vencimento</dt>
        <dd>{firstDueLabel}</dd>
      </div>
      <div>
        <dt>Taxa de juros</dt>
        <dd>{zero} a.m.</dd>
      </div>
      <div>
        <dt>Custo Efetivo Total (CET)</dt>
        <dd>
          {zero} a.m. ({zero} a.a.)
        </dd>
      </div>
      {cashbackTotal > 0 ? (
        <div>
          <dt>{cashbackLabel}</dt>
          <dd>{formatBRL(cashbackTotal)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

const WEEKDAYS = [
  ['dom', 'D'],
  ['seg', 'S'],
  ['ter', 'T'],
  ['qua', 'Q'],
  ['qui', 'Q'],
  ['sex', 'S'],
  ['sab', 'S'],
] as const;
let monthFormat: Intl.DateTimeFormat | undefined;

function monthLabel(date: IsoDate): string {
  const c = parseIsoDate(date);
  if (!c) return date;
  monthFormat ??= new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const label = monthFormat.format(new Date(Date.UTC(c.year, c.month - 1, 1)));
  // 'novembro de 2026' → 'Novembro de 2026' (pt-BR capitalises only the first word).
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function weekday(date: IsoDate): number {
  const c = parseIsoDate(date);
  return c ? new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay() : 0;
}

/** Spec 2.5 "Calendar for first instalment": 1–31 days after today; submit enabled only after a change. */
export function FirstDateCalendar({
  today,
  current,
  busy,
  onSubmit,
}: {
  today: IsoDate;
  current: IsoDate;
  busy: boolean;
  onSubmit: (date: IsoDate) => void;
}) {
  const initial = initialFirstDate(today, current);
  const [selected, setSelected] = useState<IsoDate | null>(initial);
  const months = new Map<string, IsoDate[]>();
  for (const date of firstDateWindow(today)) {
    const key = date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), date]);
  }
  return (
    <fieldset className="calendar">
      <legend className="field__label">Data da 1ª parcela</legend>
      {[...months.entries()].map(([key, dates]) => {
        const first = dates[0] ?? today;
        const blanks = weekday(first);
        return (
          <div key={key} className="calendar__month">
            <p className="calendar__title">{monthLabel(first)}</p>
            <div className="calendar__grid">
              {WEEKDAYS.map(([id, w]) => (
                <span key={`${key}-${id}`} className="calendar__weekday" aria-hidden="true">
                  {w}
                </span>
              ))}
              {WEEKDAYS.slice(0, blanks).map(([id]) => (
                <span key={`${key}-blank-${id}`} aria-hidden="true" />
              ))}
              {dates.map((date) => (
                <button
                  key={date}
                  type="button"
                  className="calendar__day"
                  aria-pressed={date === selected}
                  aria-label={formatDate(date)}
                  onClick={() => setSelected(date)}
                >
                  {Number(date.slice(8))}
                </button>
              ))}
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="button button--secondary"
        disabled={selected === null || selected === initial || busy}
        onClick={() => {
          if (selected !== null) onSubmit(selected);
        }}
      >
        {busy ? 'Alterando…' : selected === null ? 'Alterar data' : `Alterar para ${formatDate(selected)}`}
      </button>
    </fieldset>
  );
}

/** The lazy entry: computes today in São Paulo here, so that the date library stays out of the first load. */
export default function ConfirmationStep({
  clock,
  ...props
}: Omit<ConfirmationProps, 'today'> & { clock?: Clock }) {
  return <Confirmation {...props} today={todayInSaoPaulo(clock)} />;
}
