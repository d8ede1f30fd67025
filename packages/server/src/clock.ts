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

/** The system clock plus an offset that can be moved forward and reset: the sandbox's time travel. */
export interface OffsetClock extends Clock {
  /** The clock without the offset: real time, which sessions, codes and rate limits run on. */
  readonly wall: Clock;
  advance(ms: number): void;
  reset(): void;
  offsetMs(): number;
}

export function offsetClock(base: Clock = systemClock): OffsetClock {
  let offset = 0;
  return {
    wall: base,
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}

export function isOffsetClock(clock: Clock): clock is OffsetClock {
  return 'advance' in clock && 'reset' in clock && 'offsetMs' in clock;
}

/**
 * Moving a clock to an instant of the past and back again: the demo history replays its settlements day by day at
 * start-up, before the server listens, so that each transfer is made (and recorded by the sandbox bank) on its day.
 */
export interface ClockTravel {
  to(at: Date): void;
  back(): void;
}

/** A travel for the clocks that can move (the tests' manual clock, the sandbox's offset clock); null otherwise. */
export function clockTravel(clock: Clock): ClockTravel | null {
  if ('set' in clock && typeof clock.set === 'function') {
    const manual = clock as ManualClock;
    const start = manual.now();
    return { to: (at) => manual.set(at), back: () => manual.set(start) };
  }
  if (isOffsetClock(clock)) {
    const offset = clock.offsetMs();
    return {
      to: (at) => clock.advance(at.getTime() - clock.now().getTime()),
      back: () => clock.advance(offset - clock.offsetMs()),
    };
  }
  return null;
}

/**
 * The wall clock behind a business clock: sessions, tokens, login codes and rate limits run on it, so that moving the
 * sandbox's business time never logs anybody out nor lifts a limit. A clock that is not an offset clock (the system
 * clock, a test's manual clock) is its own wall clock.
 */
export function wallClockOf(clock: Clock): Clock {
  return isOffsetClock(clock) ? clock.wall : clock;
}
