import { BlockList, isIP } from 'node:net';

/**
 * The reverse proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`: addresses or CIDR ranges, IPv4 or
 * IPv6). Anybody can send the header: believing it from any other peer would let a stranger pose as the owner's
 * address and spend, or escape, the per-address limits (docs/sessions.md, "The client address").
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const parsed = parseProxyEntry(entry);
      if (!parsed) throw new Error(`not an address or CIDR range: ${entry}`);
      this.list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
    this.size = entries.length;
  }

  has(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    return this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`: the address, its prefix length and family; null when malformed. */
export function parseProxyEntry(
  entry: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [rawAddress, rawPrefix, ...rest] = entry.trim().split('/');
  if (rest.length > 0 || !rawAddress) return null;
  const address = normalizeAddress(rawAddress);
  const family = isIP(address);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (!/^\d{1,3}$/.test(rawPrefix ?? String(max)) || prefix > max) return null;
  return { address, prefix, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, as a dual-stack socket reports it) is the IPv4 address. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed.toLowerCase();
}

/**
 * The client's address: the TCP peer, unless the peer is a trusted proxy; then `X-Forwarded-For` is read from the
 * right (the hop the proxy itself appended) and the first address that is not a trusted proxy is the client. What a
 * client wrote further left is never believed, and an entry that is not an address stops the walk at the proxy that
 * passed it on.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  let client = normalizeAddress(peer);
  if (trusted.size === 0 || !forwardedFor || !trusted.has(client)) return client;
  const hops = forwardedFor.split(',').map((h) => h.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i] ?? '');
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}
