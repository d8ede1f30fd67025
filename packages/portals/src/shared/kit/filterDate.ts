import { isIsoDate } from '@drip/core';

/** Spec 9's message for a date that is not one (the extract's month picker says the same). */
export const INVALID_DATE_MESSAGE = 'Selecione uma data válida';

/**
 * The dates a list filter takes. A browser's date field reports a date as soon as each part has a digit: typing
 * the year 2026 after the day and month goes through 0002, 0020 and 0202, none of them a date anyone filters
 * sales by (docs/portal-kit.md).
 */
export const FILTER_DATE_MIN = '2000-01-01';
export const FILTER_DATE_MAX = '2099-12-31';

/**
 * The date `raw` (a date field's value, 'YYYY-MM-DD') as a filter takes it, or null: a real calendar date between
 * `min` and `max` (each within the filter bounds).
 */
export function filterDate(raw: string, min?: string, max?: string): string | null {
  if (!isIsoDate(raw)) return null;
  const low = min && min > FILTER_DATE_MIN ? min : FILTER_DATE_MIN;
  const high = max && max < FILTER_DATE_MAX ? max : FILTER_DATE_MAX;
  return raw >= low && raw <= high ? raw : null;
}
