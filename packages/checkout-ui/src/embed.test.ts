import type { CheckoutLifecycleEvent } from '@drip/core';
import { describe, expect, it, vi } from 'vitest';
import { createEmbed, type EmbedTarget, queuedParent } from './embed.ts';

function recorder() {
  const sent: CheckoutLifecycleEvent[] = [];
  const target: EmbedTarget = { emit: (event) => sent.push(event) };
  return { sent, target };
}

describe('embed events (child side of the Penpal protocol)', () => {
  it('emits every lifecycle event with the shapes of the core protocol', () => {
    const { sent, target } = recorder();
    const embed = createEmbed(target);
    embed.open();
    embed.ready();
    embed.step('token', 2);
    embed.resize(640);
    embed.finished('KO', null);
    embed.expired();
    embed.error('CHECKOUT_LOAD_FAILED', 'boom');
    embed.close();
    expect(sent).toEqual([
      { type: 'open' },
      { type: 'ready' },
      { type: 'step', step: 'token', stepNumber: 2 },
      { type: 'resize', height: 640 },
      { type: 'finished', status: 'KO', url: null },
      { type: 'expired' },
      { type: 'error', code: 'CHECKOUT_LOAD_FAILED', message: 'boom' },
      { type: 'close' },
    ]);
  });

  it('queues events until the parent connects, keeping only the last resize', async () => {
    const { sent, target } = recorder();
    let connect: (t: EmbedTarget) => void = () => {};
    const embed = createEmbed(new Promise<EmbedTarget>((resolve) => (connect = resolve)));
    const connected = vi.fn();
    embed.onConnected(connected);
    embed.open();
    embed.resize(100);
    embed.step('phoneForm', 1);
    embed.resize(300);
    expect(sent).toEqual([]);
    connect(target);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { type: 'open' },
      { type: 'step', step: 'phoneForm', stepNumber: 1 },
      { type: 'resize', height: 300 },
    ]);
    expect(connected).toHaveBeenCalledOnce();
    embed.close();
    expect(sent.at(-1)).toEqual({ type: 'close' });
  });

  it('a parent that never speaks Penpal (connection refused) drops the queue without throwing', async () => {
    const parent = queuedParent<CheckoutLifecycleEvent>(Promise.reject(new Error('no SDK')));
    parent.emit({ type: 'open' });
    await new Promise((r) => setTimeout(r, 0));
    expect(() => parent.emit({ type: 'close' })).not.toThrow();
  });

  it('a parent whose emit fails (it went away) does not break the checkout', async () => {
    const embed = createEmbed({ emit: () => Promise.reject(new Error('destroyed')) });
    expect(() => embed.close()).not.toThrow();
    const throwing = createEmbed({
      emit: () => {
        throw new Error('sync');
      },
    });
    expect(() => throwing.open()).not.toThrow();
  });

  it('sends nothing and loads nothing when the page is not framed', () => {
    // jsdom: window.parent === window, so there is no parent to talk to.
    const embed = createEmbed();
    expect(() => embed.close()).not.toThrow();
    const listener = vi.fn();
    embed.onConnected(listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
