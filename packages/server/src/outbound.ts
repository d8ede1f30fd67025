/**
 * Outbound HTTP to a URL a user typed (merchant webhooks; docs/outbound-calls.md). The registration's check of the
 * URL's text cannot know where a name leads, so the address is checked where the connection is made: after DNS, on
 * every address the name resolved to, and on an address literal, before the socket is opened. Outside the sandbox
 * only public unicast addresses are reached; redirects are never followed.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher, fetch as undiciFetch } from 'undici';
import { withRequestIdHeader } from './correlation.ts';
import type { Logger } from './log.ts';

/** Resolves a host name to every address it has (the system's `dns.lookup` by default; tests inject one). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });

/** A connection refused because of where it would go. Its message names the host, the address and its range. */
export class OutboundAddressError extends Error {
  readonly code = 'OUTBOUND_ADDRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      host === address
        ? `endereço ${address} recusado (${range}): só endereços públicos são chamados`
        : `${host} resolve para ${address} (${range}): só endereços públicos são chamados`,
    );
    this.name = 'OutboundAddressError';
  }
}

/** IPv6 global unicast (2000::/3): every other IPv6 block is special, deprecated or unassigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix: the IPv4 address in the last 32 bits is where the gateway connects. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Why `address` must not be reached (its range's name), or null for a public unicast address. IPv4-mapped and
 * NAT64 (64:ff9b::/96) addresses are judged by the IPv4 address they carry; 6to4 and Teredo tunnels, IPv4-compatible
 * (::a.b.c.d), site-local and anything outside 2000::/3 are refused outright.
 */
export function addressProblem(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 0) return 'not an IP address';
  if (kind === 4) {
    const range = ipaddr.IPv4.parse(bare).range();
    return range === 'unicast' ? null : range;
  }
  // The URL parser writes IPv6 canonically ('::127.0.0.1' → '::7f00:1'): ipaddr.js would read the dotted form
  // after '::' as IPv4-mapped. A zone id ('%eth0') does not parse: a scoped address is link-local anyway.
  let canonical: string;
  try {
    canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return 'linkLocal';
  }
  const v6 = ipaddr.IPv6.parse(canonical);
  if (v6.isIPv4MappedAddress()) return addressProblem(v6.toIPv4Address().toString());
  if (v6.match(NAT64)) {
    const [, , , , , , hi = 0, lo = 0] = v6.parts;
    return addressProblem(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const range = v6.range();
  if (range !== 'unicast') return range;
  return v6.match(GLOBAL_UNICAST) ? null : 'outside global unicast (2000::/3)';
}

/**
 * A `net.connect` lookup that resolves with `resolve` and, when `check`, fails if ANY address of the name is not
 * public: a name that answers with a public and a private address (or changes its answer between two lookups)
 * reaches neither.
 */
export function guardedLookup(resolve: Resolver, check = true): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname).then(
      (all) => {
        for (const a of check ? all : []) {
          const problem = addressProblem(a.address);
          if (problem) return callback(new OutboundAddressError(hostname, a.address, problem), '', 0);
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? all.filter((a) => a.family === wanted) : all;
        const first = usable[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '', 0);
        }
        if (options.all) return callback(null, usable);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

export interface OutboundOptions {
  /** Reach loopback and private addresses too (the sandbox: a receiver on the developer's machine). */
  allowInternal: boolean;
  /** DNS; the system's by default. */
  resolve?: Resolver;
  /** Where each call is logged (debug: method, origin and path, status, ms). */
  log?: Logger;
}

/**
 * The dispatcher of outbound calls: every connection's address is checked (the literal one before connecting, a
 * name's after DNS) unless `allowInternal`; names are resolved with `resolve` in both cases.
 */
export function outboundDispatcher(options: OutboundOptions): Dispatcher {
  // The sandbox resolves with the same resolver (tests inject one) and reaches any address.
  const lookup = guardedLookup(options.resolve ?? systemResolver, !options.allowInternal);
  const connector = buildConnector({ lookup });
  return new Agent({
    connect(opts, callback) {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      // net.connect skips the lookup for an address literal: it is checked here.
      if (!options.allowInternal && isIP(host) !== 0) {
        const problem = addressProblem(host);
        if (problem) return callback(new OutboundAddressError(host, host, problem), null);
      }
      return connector(opts, callback);
    },
  });
}

/** What an outbound call answers: its status; the body is discarded. */
export interface OutboundResponse {
  status: number;
}

export interface OutboundRequest {
  method: 'POST' | 'GET' | 'PUT';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** Sends one request to a URL a user typed. */
export type OutboundFetch = (url: string, request: OutboundRequest) => Promise<OutboundResponse>;

/**
 * An OutboundFetch over `outboundDispatcher`: redirects are answered as they are (a 3xx is the receiver's answer,
 * never followed: the address check and the https rule are for the registered URL), the body is discarded.
 */
export function outboundFetch(options: OutboundOptions): OutboundFetch {
  const dispatcher = outboundDispatcher(options);
  return async (url, request) => {
    const started = performance.now();
    // The receiver can tie the call to the request or job run that made it (and quote it to Drip's support).
    const headers = withRequestIdHeader(request.headers);
    const response = await undiciFetch(url, { ...request, headers, redirect: 'manual', dispatcher });
    await response.body?.cancel().catch(() => {});
    // Origin and path only: a query string the user typed may carry the receiver's own secret.
    const { origin, pathname } = new URL(url);
    options.log?.debug('outbound call', {
      method: request.method,
      url: `${origin}${pathname}`,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return { status: response.status };
  };
}

/** An error's message with its causes ('fetch failed: vm.example resolve para 127.0.0.1 (loopback)…'). */
export function errorChain(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}
