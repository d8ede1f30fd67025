/**
 * The two date needs of the checkout screens, with `Intl` only: core's `formatDate`/`todayInSaoPaulo` pull
 * date-fns into whatever chunk imports core's dates module, and the whole checkout shares that module with the
 * first load (issue 4 size budget). Same results as core's helpers for calendar dates (checked in dates.test.ts).
 */
import { type Clock, type IsoDate, SAO_PAULO_TZ, systemClock } from '@drip/core';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (calendar dates, no time zone involved). */
export function formatIsoDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

let isoFormat: Intl.DateTimeFormat | undefined;

/** Today's date in São Paulo, 'YYYY-MM-DD' (the 'en-CA' locale formats dates as YYYY-MM-DD). */
export function todayInSaoPauloIntl(clock: Clock = systemClock): IsoDate {
  isoFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SAO_PAULO_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return isoFormat.format(clock.now());
}
