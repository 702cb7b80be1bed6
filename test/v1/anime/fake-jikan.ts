import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers one request with. */
export type Behaviour =
  | { status: number; body?: unknown; raw?: string; headers?: Record<string, string>; delayMs?: number }
  | { drop: true };

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  at: number;
}

/**
 * A stand-in for Jikan v4 on 127.0.0.1 (port 0). Each path has a script of behaviours, used in
 * order; the last one repeats. Unscripted paths answer 404 like Jikan does. Close it in an `after`.
 */
export class FakeJikan {
  readonly requests: SeenRequest[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly server = createServer((req, res) => this.handle(req, res));
  private readonly timers = new Set<NodeJS.Timeout>();
  url = '';

  static async start(): Promise<FakeJikan> {
    const fake = new FakeJikan();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v4`;
    return fake;
  }

  script(path: string, ...behaviours: Behaviour[]): this {
    this.scripts.set(path, behaviours);
    return this;
  }

  /** How many requests reached a path (`/anime`, `/top/anime`, …). */
  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v4/, '');
    this.requests.push({ path, query: url.searchParams, at: performance.now() });
    const script = this.scripts.get(path);
    const behaviour: Behaviour =
      script && script.length > 1
        ? (script.shift() as Behaviour)
        : (script?.[0] ?? { status: 404, body: { status: 404, message: 'Resource does not exist' } });
    if ('drop' in behaviour) {
      req.socket.destroy();
      return;
    }
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
      res.end(behaviour.raw ?? JSON.stringify(behaviour.body ?? {}));
    };
    if (behaviour.delayMs) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        send();
      }, behaviour.delayMs);
      this.timers.add(timer);
    } else send();
  }

  async close() {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A Jikan v4 anime object as the real API sends it (trimmed to what matters). */
export function jikanAnime(malId: number, title: string, extra: Record<string, unknown> = {}) {
  return {
    mal_id: malId,
    url: `https://myanimelist.net/anime/${malId}`,
    images: {
      jpg: {
        image_url: `https://cdn.myanimelist.net/images/anime/${malId}.jpg`,
        large_image_url: `https://cdn.myanimelist.net/images/anime/${malId}l.jpg`,
      },
    },
    title,
    title_english: `${title} (English)`,
    episodes: 12,
    score: 8.5,
    synopsis: `The story of ${title}.`,
    season: 'fall',
    year: 2024,
    genres: [
      { mal_id: 1, type: 'anime', name: 'Action', url: 'https://myanimelist.net/anime/genre/1' },
      { mal_id: 8, type: 'anime', name: 'Drama', url: 'https://myanimelist.net/anime/genre/8' },
    ],
    ...extra,
  };
}

export const page = (...items: unknown[]) => ({ pagination: { has_next_page: false }, data: items });
