/**
 * Dates as Brazil shows them (DD/MM/YYYY, DD/MM/YYYY HH:mm) in America/Sao_Paulo, whatever the machine's zone.
 * Calendar dates travel as 'YYYY-MM-DD' strings (`IsoDate`) and are never shifted by a time zone.
 * The clock is injected (`Clock`) so that tests and the sandbox can move time.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

export const SAO_PAULO_TZ = 'America/Sao_Paulo';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A calendar date 'YYYY-MM-DD' (no time, no zone). */
export type IsoDate = string;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' into its parts; null unless it is a real calendar date (no 2023-02-29, no 2024-13-01). */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

export function isIsoDate(value: string): value is IsoDate {
  return parseIsoDate(value) !== null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toIso({ year, month, day }: CalendarDate): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function requireIsoDate(value: string): CalendarDate {
  const parsed = parseIsoDate(value);
  if (!parsed) throw new RangeError(`Expected a calendar date 'YYYY-MM-DD', got ${JSON.stringify(value)}`);
  return parsed;
}

function toInstant(value: Date | string): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Expected a valid date or ISO timestamp, got ${JSON.stringify(String(value))}`);
  }
  return date;
}

/**
 * 'DD/MM/YYYY'. A 'YYYY-MM-DD' string is a calendar date and is reformatted as is; a Date or an ISO timestamp
 * is shown as the day in São Paulo. Throws a RangeError for an invalid date.
 */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const { year, month, day } = requireIsoDate(value);
    return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
  }
  return format(toInstant(value), 'dd/MM/yyyy', { in: tz(SAO_PAULO_TZ) });
}

/** 'DD/MM/YYYY HH:mm' in São Paulo time. Throws a RangeError for an invalid date. */
export function formatDateTime(value: Date | string): string {
  return format(toInstant(value), 'dd/MM/yyyy HH:mm', { in: tz(SAO_PAULO_TZ) });
}

/** The calendar date of an instant in São Paulo. */
export function isoDateInSaoPaulo(instant: Date): IsoDate {
  return format(toInstant(instant), 'yyyy-MM-dd', { in: tz(SAO_PAULO_TZ) });
}

/** Today's date in São Paulo, 'YYYY-MM-DD'. */
export function todayInSaoPaulo(clock: Clock = systemClock): IsoDate {
  return isoDateInSaoPaulo(clock.now());
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no time zone involved): addDaysIso('2024-02-28', 2) → '2024-03-01'. */
export function addDaysIso(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days))
    throw new RangeError(`addDaysIso needs an integer number of days, got ${days}`);
  const { year, month, day } = requireIsoDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return toIso({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetweenIso(from: IsoDate, to: IsoDate): number {
  const a = requireIsoDate(from);
  const b = requireIsoDate(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** 'DD/MM/YYYY' typed by a user → 'YYYY-MM-DD', or null when it is not a real date. */
export function parseBrDate(value: string): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isIsoDate(iso) ? iso : null;
}
