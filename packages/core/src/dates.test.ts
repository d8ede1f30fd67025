import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  type Clock,
  daysBetweenIso,
  formatDate,
  formatDateTime,
  isIsoDate,
  parseBrDate,
  parseIsoDate,
  systemClock,
  todayInSaoPaulo,
} from './dates.ts';

const at = (iso: string): Clock => ({ now: () => new Date(iso) });

describe('formatting in America/Sao_Paulo', () => {
  it('formats instants as the São Paulo day and time', () => {
    // 02:30 UTC is still the previous evening in São Paulo (UTC-3)
    expect(formatDate(new Date('2024-03-10T02:30:00Z'))).toBe('09/03/2024');
    expect(formatDateTime('2024-03-10T02:30:00Z')).toBe('09/03/2024 23:30');
    expect(formatDateTime('2024-12-31T15:05:00.000Z')).toBe('31/12/2024 12:05');
  });

  it('formats a calendar date without shifting it', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
  });

  it('throws a RangeError for invalid input', () => {
    expect(() => formatDate('2024-02-30')).toThrow(RangeError);
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
  });
});

describe('today and calendar arithmetic', () => {
  it('todayInSaoPaulo uses the injected clock', () => {
    expect(todayInSaoPaulo(at('2024-03-10T02:30:00Z'))).toBe('2024-03-09');
    expect(todayInSaoPaulo(at('2024-03-10T03:00:00Z'))).toBe('2024-03-10');
    expect(todayInSaoPaulo(systemClock)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('adds days across months, leap years and years', () => {
    expect(addDaysIso('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysIso('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDaysIso('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysIso('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysIso('2024-01-15', 15)).toBe('2024-01-30');
    expect(() => addDaysIso('2024-01-15', 1.5)).toThrow(RangeError);
  });

  it('addDaysIso and daysBetweenIso agree (property)', () => {
    const isoDate = fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -2000, max: 2000 }), (date, days) => {
        const moved = addDaysIso(date, days);
        expect(isIsoDate(moved)).toBe(true);
        expect(daysBetweenIso(date, moved)).toBe(days);
      }),
    );
  });
});

describe('parsing', () => {
  it('accepts only real calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-13-01')).toBeNull();
    expect(parseIsoDate('2024-1-01')).toBeNull();
    expect(parseIsoDate('2024-01-01T00:00:00Z')).toBeNull();
    expect(parseBrDate('29/02/2024')).toBe('2024-02-29');
    expect(parseBrDate('31/04/2024')).toBeNull();
    expect(parseBrDate('2024-02-29')).toBeNull();
  });
});
