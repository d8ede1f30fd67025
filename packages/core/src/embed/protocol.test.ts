import { describe, expect, it } from 'vitest';
import { EMBED_MESSAGE_SOURCE, embedMessage, PROTOCOL_VERSION, parseEmbedMessage } from './protocol.ts';

describe('checkout embed protocol', () => {
  it('builds messages with their envelope', () => {
    expect(embedMessage('finished', 'c1', { status: 'OK', url: 'https://loja.example/ok' })).toEqual({
      source: EMBED_MESSAGE_SOURCE,
      version: PROTOCOL_VERSION,
      type: 'finished',
      checkoutId: 'c1',
      status: 'OK',
      url: 'https://loja.example/ok',
    });
    expect(embedMessage('close', 'c1', {})).toMatchObject({ type: 'close', checkoutId: 'c1' });
  });

  it('parses only our messages', () => {
    expect(parseEmbedMessage(embedMessage('open', 'c9', {}))).toMatchObject({
      type: 'open',
      checkoutId: 'c9',
    });
    expect(parseEmbedMessage('close')).toBeNull();
    expect(parseEmbedMessage({ source: 'other', version: 1, type: 'close', checkoutId: 'c' })).toBeNull();
    expect(
      parseEmbedMessage({ source: EMBED_MESSAGE_SOURCE, version: 1, type: 'finished', checkoutId: 'c' }),
    ).toBeNull();
  });
});
