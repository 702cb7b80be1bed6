import ipaddr from 'ipaddr.js';

/**
 * Whether an outbound fetch may connect to this address: only globally routable unicast.
 * IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are judged by the IPv4 inside,
 * so ::ffff:127.0.0.1 or 64:ff9b::10.0.0.1 are refused like 127.0.0.1 and 10.0.0.1.
 */
export function isPublicAddress(ip: string): boolean {
  const address = parse(ip);
  if (!address) return false;
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded !== undefined) return embedded !== null && embedded.range() === 'unicast';
  // Global unicast lives in 2000::/3; everything else is special, unassigned or local.
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** Plainly written loopback (127.0.0.0/8 or ::1, no mapped forms): what the test-only switch lets through. */
export function isPlainLoopback(ip: string): boolean {
  const address = parse(ip);
  if (!address) return false;
  if (address.kind() === 'ipv4') return address.range() === 'loopback';
  return !ip.includes('.') && address.range() === 'loopback';
}

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = ip.trim().replace(/^\[(.*)\]$/, '$1');
  // Zone ids (fe80::1%eth0) name a local interface: never public.
  if (text.includes('%')) return null;
  // Only the four-part dotted IPv4 form; ipaddr.js would also read "0x7f.1" or "2130706433".
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

/**
 * The IPv4 address an IPv6 form carries: undefined when it carries none, null when it carries
 * one we refuse to reason about (the address space is local or obfuscated).
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const range = v6.range();
  const bytes = v6.toByteArray();
  const low32 = () => new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === 'ipv4Mapped' || range === 'rfc6145') return low32();
  if (v6.match(NAT64_WELL_KNOWN)) return low32();
  if (range === 'rfc6052') return null; // 64:ff9b:1::/48 is for local NAT64 use
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  if (range === 'teredo') return null;
  if (range === 'unspecified' || range === 'loopback') return undefined;
  if (v6.match(IPV4_COMPATIBLE)) return null; // deprecated ::a.b.c.d
  return undefined;
}
