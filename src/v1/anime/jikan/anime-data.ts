import { seedText } from '../../../lib/deterministic.js';
import type { AnimeCache, CacheEntry } from './anime-cache.js';
import type { Anime } from './anime-json.js';
import { type SeasonName, seasonOf } from './current-season.js';
import type { JikanClient } from './jikan-client.js';
import { normaliseList, pickBestMatch } from './normalise-anime.js';
import { UpstreamError } from './upstream-error.js';

export type CacheStatus = 'hit' | 'miss' | 'stale';

export interface Answer<T> {
  value: T;
  cache: CacheStatus;
  /** Epoch milliseconds of the upstream answer behind it. */
  fetchedAt: number;
}

export interface SeasonAnswer {
  season: SeasonName;
  year: number;
  results: Anime[];
}

/** Top and season lists are fetched once at the largest size and cut to what each caller asks. */
export const LIST_SIZE = 25;

/**
 * The questions Kizuna asks the anime database. Every answer goes through the cache: fresh
 * answers never go upstream, concurrent identical questions share one upstream request, and when
 * upstream fails an older answer is served in its place (marked stale).
 */
export class AnimeData {
  private readonly inFlight = new Map<string, Promise<CacheEntry<unknown>>>();

  constructor(
    private readonly client: JikanClient,
    private readonly cache: AnimeCache,
    private readonly onCacheError: (error: unknown) => void = () => {},
  ) {}

  /** The best match for a title, or null when the database knows none. */
  lookup(title: string): Promise<Answer<Anime | null>> {
    const question = seedText(title);
    return this.answer(`lookup:${question}`, async () => {
      const result = await this.client.get('/anime', { q: question, limit: 10, sfw: 'true' });
      if (!result.found) return null;
      return pickBestMatch(this.list(result.body), question);
    });
  }

  async top(limit: number): Promise<Answer<Anime[]>> {
    const answer = await this.answer('top', () => this.askTop());
    return { ...answer, value: answer.value.slice(0, limit) };
  }

  /** The season running on the given Berlin date. */
  season(date: string): Promise<Answer<SeasonAnswer>> {
    const { season, year } = seasonOf(date);
    return this.answer(`season:${year}:${season}`, () => this.askSeason(season, year));
  }

  /**
   * Asks upstream for top and the season running on `date` unless an answer younger than
   * `maxAgeMs` is held (by this or any other instance, through the shared cache), so that an
   * outage later finds a recent answer to serve. Rejects when either list could not be renewed.
   */
  async refreshLists(date: string, maxAgeMs: number): Promise<void> {
    const { season, year } = seasonOf(date);
    const outcomes = await Promise.allSettled([
      this.renew('top', maxAgeMs, () => this.askTop()),
      this.renew(`season:${year}:${season}`, maxAgeMs, () => this.askSeason(season, year)),
    ]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async renew<T>(key: string, maxAgeMs: number, ask: () => Promise<T>): Promise<void> {
    const held = await this.cache.get<T>(key).catch(() => null);
    if (held && this.cache.ageOf(held) < maxAgeMs) return;
    await this.shared(key, ask);
  }

  private async askTop(): Promise<Anime[]> {
    const result = await this.client.get('/top/anime', { limit: LIST_SIZE, sfw: 'true' });
    return result.found ? this.list(result.body) : [];
  }

  private async askSeason(season: SeasonName, year: number): Promise<SeasonAnswer> {
    const result = await this.client.get(`/seasons/${year}/${season}`, { limit: LIST_SIZE, sfw: 'true' });
    return { season, year, results: result.found ? this.list(result.body) : [] };
  }

  private list(body: unknown): Anime[] {
    try {
      return normaliseList(body);
    } catch {
      throw new UpstreamError('failed', 'The anime database answered in a shape Kizuna does not know.');
    }
  }

  private async answer<T>(key: string, ask: () => Promise<T>): Promise<Answer<T>> {
    const cached = await this.cache.get<T>(key).catch((error) => {
      this.onCacheError(error);
      return null;
    });
    if (cached && this.cache.isFresh(cached)) return { ...cached, cache: 'hit' };
    try {
      const fresh = (await this.shared(key, ask)) as CacheEntry<T>;
      return { ...fresh, cache: 'miss' };
    } catch (error) {
      if (cached && error instanceof UpstreamError) return { ...cached, cache: 'stale' };
      throw error;
    }
  }

  /** One upstream request per key at a time; everyone asking meanwhile gets its answer. */
  private shared<T>(key: string, ask: () => Promise<T>): Promise<CacheEntry<unknown>> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = (async () => {
      const value = await ask();
      return this.cache.set(key, value).catch((error) => {
        this.onCacheError(error);
        return { value, fetchedAt: Date.now() };
      });
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}
