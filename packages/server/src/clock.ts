/** Injectable clock: the server never reads `Date.now()` directly in rules that tests need to control. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests, sandbox time travel). */
export interface ManualClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
