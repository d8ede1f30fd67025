import { describe, expect, it } from 'vitest';
import { clockTravel, manualClock, offsetClock, systemClock } from '../src/clock.ts';

describe('clockTravel', () => {
  it('moves a manual clock to the past and back to where it was', () => {
    const clock = manualClock(new Date('2026-03-10T12:00:00Z'));
    const travel = clockTravel(clock);
    travel?.to(new Date('2025-12-01T02:30:00Z'));
    expect(clock.now().toISOString()).toBe('2025-12-01T02:30:00.000Z');
    travel?.back();
    expect(clock.now().toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it("moves the sandbox's offset clock and gives it back its offset (a day ahead stays a day ahead)", () => {
    let wall = Date.parse('2026-03-10T12:00:00Z');
    const clock = offsetClock({ now: () => new Date(wall) });
    clock.advance(86_400_000);
    const travel = clockTravel(clock);
    travel?.to(new Date('2025-12-01T02:30:00Z'));
    expect(clock.now().toISOString()).toBe('2025-12-01T02:30:00.000Z');
    wall += 1_000;
    travel?.back();
    expect(clock.offsetMs()).toBe(86_400_000);
    expect(clock.now().toISOString()).toBe('2026-03-11T12:00:01.000Z');
  });

  it('cannot move the system clock', () => {
    expect(clockTravel(systemClock)).toBeNull();
  });
});
