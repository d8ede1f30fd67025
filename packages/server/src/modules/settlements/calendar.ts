/**
 * Transfer days (docs/settlements.md): EVERY_DAY, WEEKDAYS_ONLY (Monday to Friday) or BUSINESS_DAYS_ONLY (weekdays
 * that are not Brazilian national holidays nor bank holidays — Carnaval Monday and Tuesday, Corpus Christi — as
 * `date-holidays` lists them for BR without a state: the days the banks do not settle).
 */
import { addDaysIso, type IsoDate } from '@drip/core';
import Holidays from 'date-holidays';

export type SettlementPaymentType = 'EVERY_DAY' | 'WEEKDAYS_ONLY' | 'BUSINESS_DAYS_ONLY';

const calendar = new Holidays('BR');
const byYear = new Map<number, Set<IsoDate>>();

function holidaysOf(year: number): Set<IsoDate> {
  let set = byYear.get(year);
  if (!set) {
    set = new Set(
      calendar
        .getHolidays(year)
        .filter((h) => h.type === 'public' || h.type === 'bank')
        .map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, set);
  }
  return set;
}

export function isNationalHoliday(day: IsoDate): boolean {
  return holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** 0 Sunday … 6 Saturday, of a calendar date (no time zone involved). */
export function weekday(day: IsoDate): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

export function isTransferDay(type: SettlementPaymentType, day: IsoDate): boolean {
  if (type === 'EVERY_DAY') return true;
  const wd = weekday(day);
  if (wd === 0 || wd === 6) return false;
  return type === 'WEEKDAYS_ONLY' || !isNationalHoliday(day);
}

/** The first transfer day on or after `day`. */
export function nextTransferDay(type: SettlementPaymentType, day: IsoDate): IsoDate {
  let d = day;
  // At most a weekend plus Carnaval's Monday and Tuesday in a row; 15 is a generous bound.
  for (let i = 0; i < 15 && !isTransferDay(type, d); i++) d = addDaysIso(d, 1);
  return d;
}
