/**
 * Calls to URLs users typed reach public addresses only: the address is checked where the connection is made, after
 * DNS, whatever the URL's text looked like; redirects are answered, not followed.
 */
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInternalHost } from '../src/modules/webhooks/service.ts';
import {
  addressProblem,
  errorChain,
  OutboundAddressError,
  outboundFetch,
  type Resolver,
} from '../src/outbound.ts';

const resolveTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('addressProblem', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe90::1', 'linkLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    // IPv4-compatible (::a.b.c.d): not IPv4-mapped, outside 2000::/3.
    ['::127.0.0.1', 'outside global unicast (2000::/3)'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::7f00:1', 'loopback'],
    // RFC 8215's local-use NAT64 prefix: where the IPv4 address sits depends on the network, so it is refused.
    ['64:ff9b:1::a9fe:a9fe', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2002:0808:0808::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['fe80::1%eth0', 'linkLocal'],
    ['vm', 'not an IP address'],
  ])('%s is refused (%s)', (address, range) => {
    expect(addressProblem(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '200.147.67.142',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2804:14c::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(addressProblem(address)).toBeNull();
  });
});

describe('isInternalHost (the registration check of the URL text)', () => {
  it.each([
    'localhost',
    'localhost.',
    'a.localhost.',
    'metadata.google.internal',
    'metadata.google.internal.',
    'printer.local',
    'vm',
    'vm.',
    '[fe90::1]',
    '[fec0::1]',
    '[::7f00:1]',
    '[::ffff:7f00:1]',
    '[64:ff9b::a9fe:a9fe]',
    '[2002:7f00:1::]',
    '127.0.0.1',
    '169.254.169.254',
  ])('%s is internal', (host) => {
    expect(isInternalHost(host)).toBe(true);
  });

  it.each(['loja.example', 'hooks.loja.com.br', 'hooks.loja.com.br.', '8.8.8.8', '[2606:4700:4700::1111]'])(
    '%s is not',
    (host) => {
      expect(isInternalHost(host)).toBe(false);
    },
  );
});

describe('outboundFetch', () => {
  /** A TCP server on loopback counting the connections it gets (plain or TLS, nothing is answered). */
  let tcp: Server;
  let tcpPort: number;
  let connections = 0;
  /** An HTTP receiver on loopback. */
  let http: ReturnType<typeof createHttpServer>;
  let httpPort: number;
  const requests: string[] = [];

  beforeAll(async () => {
    tcp = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    tcpPort = (tcp.address() as AddressInfo).port;
    http = createHttpServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${httpPort}/followed` });
        res.end();
        return;
      }
      res.end('ok');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    httpPort = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => tcp.close(r));
    await new Promise((r) => http.close(r));
  });

  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{}' };

  it('refuses, at connect time, a name that resolves to 127.0.0.1: no connection is opened', async () => {
    const send = outboundFetch({ allowInternal: false, resolve: resolveTo('127.0.0.1') });
    const before = connections;
    const err = await send(`https://vm.example:${tcpPort}/hooks`, post).catch((e: unknown) => e);
    expect(errorChain(err)).toContain('vm.example resolve para 127.0.0.1 (loopback)');
    expect((err as Error).cause).toBeInstanceOf(OutboundAddressError);
    expect(connections).toBe(before);
  });

  it('refuses a name with one public and one internal address (the attacker picks which one is used)', async () => {
    const send = outboundFetch({ allowInternal: false, resolve: resolveTo('8.8.8.8', '::1') });
    const err = await send(`https://twofaced.example:${tcpPort}/`, post).catch((e: unknown) => e);
    expect(errorChain(err)).toContain('twofaced.example resolve para ::1 (loopback)');
  });

  it('refuses an internal address literal without asking DNS', async () => {
    let asked = 0;
    const send = outboundFetch({
      allowInternal: false,
      resolve: async () => {
        asked += 1;
        return [];
      },
    });
    const before = connections;
    for (const url of [`https://127.0.0.1:${tcpPort}/`, `https://[::ffff:127.0.0.1]:${tcpPort}/`]) {
      const err = await send(url, post).catch((e: unknown) => e);
      expect(errorChain(err), url).toMatch(/endereço .* recusado \(loopback\)/);
    }
    expect(connections).toBe(before);
    expect(asked).toBe(0);
  });

  it('in the sandbox reaches the name on loopback through the same resolver', async () => {
    const send = outboundFetch({ allowInternal: true, resolve: resolveTo('127.0.0.1') });
    expect(await send(`http://receiver.test:${httpPort}/ok`, post)).toEqual({ status: 200 });
    expect(requests).toContain('/ok');
  });

  it('answers a redirect with its status and does not follow it', async () => {
    const send = outboundFetch({ allowInternal: true, resolve: resolveTo('127.0.0.1') });
    expect(await send(`http://receiver.test:${httpPort}/redirect`, post)).toEqual({ status: 302 });
    expect(requests).not.toContain('/followed');
  });
});
