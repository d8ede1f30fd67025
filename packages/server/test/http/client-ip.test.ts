import { describe, expect, it } from 'vitest';
import { clientAddress, TrustedProxies } from '../../src/http/client-ip.ts';

describe('the client address', () => {
  const none = new TrustedProxies([]);
  const proxies = new TrustedProxies(['10.0.0.0/24', 'fd00::/8']);

  it('is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.10', none)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, none)).toBe('203.0.113.9');
  });

  it('is the TCP peer when the peer is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.10', proxies)).toBe('203.0.113.9');
  });

  it('behind trusted proxies: the rightmost address that is not a proxy; what the client wrote further left is ignored', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.10', proxies)).toBe('198.51.100.10');
    expect(clientAddress('10.0.0.2', '198.51.100.10, 203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '198.51.100.10, 203.0.113.9, 10.0.0.5', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('fd00::1', '2001:db8::7', proxies)).toBe('2001:db8::7');
  });

  it('stops at the proxy that passed on an entry that is not an address', () => {
    expect(clientAddress('10.0.0.2', 'evil, 10.0.0.5', proxies)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.2', 'unknown', proxies)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '', proxies)).toBe('10.0.0.2');
  });
});
