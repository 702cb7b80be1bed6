import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, isIP, type Socket } from 'node:net';
import { isPlainLoopback, isPublicAddress } from './safe-fetch/public-address.js';

/** Resolves a host name to every address it has (dns.lookup with all: true), injectable for tests. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface EgressProxyOptions {
  /** Tests only: plainly written loopback passes too (as safe-fetch's test switch). */
  allowLoopbackForTests?: boolean;
  resolve?: Resolver;
  /** Told of each refusal (host and why), for the log. */
  onRefused?: (host: string, reason: string) => void;
}

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

class Refused extends Error {}

/**
 * A forward proxy on a loopback port that the downloader's engines (yt-dlp, and ffmpeg under it)
 * are told to use with --proxy, so their traffic meets the policy of the safe fetcher
 * (lib/safe-fetch.ts): a host is resolved here, every address it has must be public, and the
 * connection goes to the address that was checked. CONNECT tunnels (https) and absolute-form
 * plain http requests both pass through it; a redirect is a new request, so it is checked
 * again. Written here because the npm proxies (proxy, http-proxy) leave the address policy to the
 * caller and would have to be bent around a check done after DNS, which is all this does.
 */
export class EgressProxy {
  readonly #server: Server;
  readonly #resolve: Resolver;
  readonly #sockets = new Set<Socket>();

  constructor(private readonly options: EgressProxyOptions = {}) {
    this.#resolve = options.resolve ?? systemResolver;
    this.#server = createServer((request, response) => void this.#forward(request, response));
    this.#server.on(
      'connect',
      (request: IncomingMessage, socket: Socket, head: Buffer) => void this.#tunnel(request, socket, head),
    );
    this.#server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  /** Listens on a free loopback port; resolves to the URL to give as --proxy. */
  async start(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    return this.url;
  }

  get url(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The one address to connect to for host, or a Refused error. */
  async checkedAddress(host: string): Promise<string> {
    const name = host.replace(/^\[(.*)\]$/, '$1');
    const allowed = (ip: string) =>
      isPublicAddress(ip) || (this.options.allowLoopbackForTests === true && isPlainLoopback(ip));
    if (isIP(name)) {
      if (!allowed(name)) throw new Refused(`${name} is not a public address`);
      return name;
    }
    let addresses: LookupAddress[];
    try {
      addresses = await this.#resolve(name);
    } catch {
      throw new Refused(`${name} does not resolve`);
    }
    if (addresses.length === 0) throw new Refused(`${name} has no address`);
    const refused = addresses.find((a) => !allowed(a.address));
    if (refused) throw new Refused(`${name} resolves to the non-public address ${refused.address}`);
    return addresses[0].address;
  }

  #refuse(host: string, error: unknown): string {
    const reason = error instanceof Refused ? error.message : 'refused';
    this.options.onRefused?.(host, reason);
    return reason;
  }

  async #tunnel(request: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    const target = parseAuthority(request.url ?? '');
    client.on('error', () => client.destroy());
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
      return;
    }
    let address: string;
    try {
      address = await this.checkedAddress(target.host);
    } catch (error) {
      const reason = this.#refuse(target.host, error);
      client.end(
        `HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-type: text/plain\r\n\r\n${reason}\n`,
      );
      return;
    }
    const upstream = connect({ host: address, port: target.port });
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (!client.destroyed) client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
    });
    client.on('close', () => upstream.destroy());
  }

  async #forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
      if (url.protocol !== 'http:') throw new Error();
    } catch {
      response.writeHead(400, { connection: 'close' }).end();
      return;
    }
    let address: string;
    try {
      address = await this.checkedAddress(url.hostname);
    } catch (error) {
      const reason = this.#refuse(url.hostname, error);
      response.writeHead(403, { 'content-type': 'text/plain', connection: 'close' }).end(`${reason}\n`);
      return;
    }
    const headers: Record<string, string | string[] | undefined> = { ...request.headers, host: url.host };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      {
        host: address,
        port: url.port || 80,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { connection: 'close' });
      response.end();
    });
    request.pipe(upstream);
  }
}

/** host:port of a CONNECT request (IPv6 in brackets), or null. */
function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/]+):(\d{1,5})$/.exec(authority);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1], port };
}
