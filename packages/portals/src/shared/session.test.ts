import { SESSION_KEYS } from '@drip/core';
import { describe, expect, it } from 'vitest';
import { createAreaSession } from './session.ts';

const pair = { token: 't1', refreshToken: 'r1' };

describe('area session', () => {
  it('keeps a remembered session in localStorage and refreshes it there', () => {
    const session = createAreaSession(SESSION_KEYS.customer, window.localStorage, window.sessionStorage);
    session.save(pair, true);
    expect(window.localStorage.getItem('customerUser')).toBe('t1');
    session.tokens.set({ token: 't2', refreshToken: 'r2' });
    expect(window.localStorage.getItem('customerUser')).toBe('t2');
    expect(window.sessionStorage.getItem('customerUser')).toBeNull();
  });

  it('keeps a non-remembered session in sessionStorage; the guard sees either; clear removes both', () => {
    const session = createAreaSession(SESSION_KEYS.admin, window.localStorage, window.sessionStorage);
    expect(session.hasSession()).toBe(false);
    session.save(pair, false);
    expect(window.sessionStorage.getItem('adminUser')).toBe('t1');
    expect(window.localStorage.getItem('adminUser')).toBeNull();
    expect(session.hasSession()).toBe(true);
    session.clear();
    expect(session.hasSession()).toBe(false);
  });
});
