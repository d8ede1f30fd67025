/** The sandbox's server controls (clock, query count); refusals are DomainErrors (docs/errors.md). */
import { type Clock, isOffsetClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';

export type ClockChange =
  | { advanceDays?: number | undefined; advanceMinutes?: number | undefined }
  | { reset: true };

/** The clock the sandbox shows: now, and how far it was moved from the real time. */
export function clockState(clock: Clock): { now: string; offsetMs: number } {
  return { now: clock.now().toISOString(), offsetMs: isOffsetClock(clock) ? clock.offsetMs() : 0 };
}

/** Moves the server's clock forward, or back to the real time; a server with a fixed clock refuses (409). */
export function changeClock(clock: Clock, change: ClockChange): { now: string; offsetMs: number } {
  if (!isOffsetClock(clock))
    throw new DomainError('conflict', 'CLOCK_FIXED', 'O relógio deste servidor não pode ser alterado');
  if ('reset' in change) clock.reset();
  else clock.advance(((change.advanceDays ?? 0) * 1440 + (change.advanceMinutes ?? 0)) * 60_000);
  return clockState(clock);
}

/** How many queries the server ran; only when it counts them (DRIP_COUNT_QUERIES=1), else a 409. */
export function queryCount(database: DatabaseHandle): { queries: number } {
  if (!database.countingQueries)
    throw new DomainError(
      'conflict',
      'QUERY_COUNT_OFF',
      'A contagem de consultas está desligada: inicie o servidor com DRIP_COUNT_QUERIES=1',
    );
  return { queries: database.queryCount() };
}
