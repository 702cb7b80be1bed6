import { isIP, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for: an IPv4 address as it is, an IPv6 address by its /64,
 * the block one subscriber gets, so that rotating through it earns no fresh budget. Every
 * per-client limit (the v1 rate limit, the downloader's job cap, the login throttle, the write
 * budgets) keys on this one notion.
 */
export function clientNetwork(ip: string): string {
  // The common case, on every rate-limited request: a dotted quad as Node writes it (no leading
  // zeros, which isIPv4 refuses) is its own network, as ipaddr.js would print it.
  if (isIPv4(ip)) return ip;
  let network = recent.get(ip);
  if (network === undefined) {
    network = parseNetwork(ip);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
    recent.set(ip, network);
  }
  return network;
}

/** IPv6 (and odd IPv4 spellings) parsed lately: a client sends many requests from one address. */
const recent = new Map<string, string>();
const RECENT_MAX = 1000;

function parseNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * The client network of a request. A forwarded "address" that is no address (a client's own
 * X-Forwarded-For behind a trusting proxy setting) would be a fresh budget per made-up string:
 * such requests count against the socket peer's network instead.
 */
export function requestClientNetwork(request: FastifyRequest): string {
  const { ip } = request;
  // The common case first, as in clientNetwork: one check of the address instead of two.
  if (isIPv4(ip)) return ip;
  const address = isIP(ip) ? ip : (request.socket.remoteAddress ?? ip);
  return clientNetwork(address);
}
