import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after } from 'node:test';
import type { PageFetcher } from '../../src/downloader/extractors/page-fetcher.js';
import { SafeFetchError } from '../../src/lib/safe-fetch.js';

export const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'downloader', name));

/**
 * What the server answers for one URL. `stall` sends the headers and the first bytes of the body,
 * then nothing more until the client gives up: a slow CDN.
 */
export type Route =
  | { body: Buffer | string; type?: string }
  | { redirect: string }
  | { status: number }
  | { stall: Buffer; type: string };

export interface FixtureServer {
  fetcher: PageFetcher;
  /** Every URL asked for, in order. */
  requested: string[];
  /** URLs whose answer the client dropped before it was complete (an aborted fetch). */
  abandoned: string[];
  /** Resolves once `url` has been asked for. */
  whenRequested(url: string): Promise<void>;
  origin: string;
}

/**
 * A loopback server that plays the platforms: each route is keyed by the public URL it stands
 * for (`https://host/path`), and `fetcher` maps those URLs onto it, following redirects itself
 * and giving up when its signal aborts, as the production fetcher does.
 */
export async function fixtureServer(routes: Record<string, Route>): Promise<FixtureServer> {
  const requested: string[] = [];
  const abandoned: string[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const original = `https://${(req.url ?? '/').slice(1)}`;
    requested.push(original);
    for (const wake of waiters.splice(0)) wake();
    res.on('close', () => {
      if (!res.writableFinished) abandoned.push(original);
    });
    const route = routes[original];
    if (!route) return res.writeHead(404).end('not found');
    if ('redirect' in route) return res.writeHead(302, { location: route.redirect }).end();
    if ('status' in route) return res.writeHead(route.status).end();
    if ('stall' in route) {
      res.writeHead(200, { 'content-type': route.type });
      res.write(route.stall);
      return;
    }
    res.writeHead(200, { 'content-type': route.type ?? 'text/html; charset=utf-8' }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(
    () =>
      new Promise<void>((resolve) => {
        // A stalled answer would keep close() waiting for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fetcher: PageFetcher = async (url, options) => {
    let current = url;
    for (let hop = 0; hop < 5; hop++) {
      const parsed = new URL(current);
      const response = await fetch(`${origin}/${parsed.host}${parsed.pathname}${parsed.search}`, {
        redirect: 'manual',
        signal: options.signal,
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).href;
        continue;
      }
      // The same errors safeFetch throws, so the engines' handling of them is what gets tested.
      if (!response.ok) {
        throw new SafeFetchError('HTTP_STATUS', `the server answered ${response.status}`, {
          status: response.status,
        });
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > options.maxBytes) throw new SafeFetchError('TOO_LARGE', 'too large');
      return { url: current, body, contentType: response.headers.get('content-type') ?? '' };
    }
    throw new SafeFetchError('TOO_MANY_REDIRECTS', 'too many redirects');
  };

  const whenRequested = async (url: string) => {
    while (!requested.includes(url)) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { fetcher, requested, abandoned, whenRequested, origin };
}
