import dns, { type LookupAddress } from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { mock } from 'node:test';

/**
 * Records every TCP connection attempt this process makes: each socket's `connectionAttempt`
 * event, which Node emits when it actually calls connect() on an address, after the socket's DNS
 * lookup (safe-fetch's address check lives inside that lookup). A socket that was refused during
 * lookup never emits it. TLS sockets are net.Sockets, so undici's TLS connections are seen too.
 */
export interface ConnectionSpy {
  /** `address:port` of every attempt since the spy was installed (or last cleared). */
  attempts: string[];
  restore(): void;
}

export function spyOnConnections(): ConnectionSpy {
  const attempts: string[] = [];
  const watched = new WeakSet<net.Socket>();
  const original = net.Socket.prototype.connect;
  const spied = mock.method(net.Socket.prototype, 'connect', function (this: net.Socket, ...args: unknown[]) {
    if (!watched.has(this)) {
      watched.add(this);
      this.on('connectionAttempt', (address: string, port: number) => attempts.push(`${address}:${port}`));
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  });
  return { attempts, restore: () => spied.mock.restore() };
}

/**
 * Answers DNS lookups of the given host names with the given addresses; every other name goes to
 * the real resolver. safe-fetch calls `lookup` of node:dns (as an ES module import), so the
 * module's live bindings are synchronised after patching and after restoring.
 */
export function stubDns(hosts: Record<string, string[]>): { restore(): void } {
  const real = dns.lookup;
  const stubbed = mock.method(dns, 'lookup', (hostname: string, options: unknown, callback: unknown) => {
    const addresses = hosts[hostname.toLowerCase()];
    if (!addresses) return (real as (...a: unknown[]) => void)(hostname, options, callback);
    const all: LookupAddress[] = addresses.map((address) => ({ address, family: net.isIP(address) }));
    const cb = (typeof options === 'function' ? options : callback) as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    const wantsAll = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    process.nextTick(() => (wantsAll ? cb(null, all) : cb(null, all[0].address, all[0].family)));
  });
  syncBuiltinESMExports();
  return {
    restore: () => {
      stubbed.mock.restore();
      syncBuiltinESMExports();
    },
  };
}
