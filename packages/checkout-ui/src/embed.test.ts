import { type CheckoutEmbedMessage, parseEmbedMessage } from '@drip/core';
import { describe, expect, it } from 'vitest';
import { createEmbed } from './embed.ts';

describe('embed events', () => {
  it('posts typed open, finished and close messages to the parent with "*"', () => {
    const sent: [CheckoutEmbedMessage, string][] = [];
    const embed = createEmbed('c-1', { postMessage: (m, origin) => sent.push([m, origin]) });
    embed.open();
    embed.finished('KO', null);
    embed.close();
    expect(sent.map(([m]) => m.type)).toEqual(['open', 'finished', 'close']);
    expect(sent.every(([m, origin]) => origin === '*' && parseEmbedMessage(m) !== null)).toBe(true);
    expect(sent[1]?.[0]).toMatchObject({ checkoutId: 'c-1', status: 'KO', url: null });
  });

  it('posts nothing when the page is not framed', () => {
    // jsdom: window.parent === window, so there is no parent to talk to.
    expect(() => createEmbed('c-1').close()).not.toThrow();
  });
});
