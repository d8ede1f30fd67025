import { formatDate, todayInSaoPaulo } from '@drip/core';
import { describe, expect, it } from 'vitest';
import { formatIsoDate, todayInSaoPauloIntl } from './dates.ts';

describe('Intl date helpers agree with core', () => {
  it('formats calendar dates and finds today in São Paulo', () => {
    expect(formatIsoDate('2026-03-09')).toBe(formatDate('2026-03-09'));
    for (const instant of ['2026-01-01T02:59:00Z', '2026-01-01T03:00:00Z', '2026-07-15T12:00:00Z']) {
      const clock = { now: () => new Date(instant) };
      expect(todayInSaoPauloIntl(clock)).toBe(todayInSaoPaulo(clock));
    }
  });
});
