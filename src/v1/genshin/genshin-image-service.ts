import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { SafeFetchError } from '../../lib/safe-fetch.js';
import { GENSHIN_POOL } from '../../media/categories.js';
import type { MediaStore } from '../../media/media-store.js';
import { NotMediaError } from '../../media/probe.js';
import type { GenshinCharacter, ImageKind } from './character.js';
import { findStoredImage, listStoredImages, saveStoredImage } from './genshin-images-repository.js';
import { standInCard } from './stand-in-card.js';

export interface StoredImage {
  sha256: string;
  ext: string;
}

/** Why a stand-in was drawn, as the X-Image-Status header says it. */
export type StandInReason =
  | 'upstream-unreachable'
  | 'upstream-status'
  | 'refused-address'
  | 'too-large'
  | 'not-an-image'
  | 'storage-unavailable';

export type ImageAnswer =
  | { status: 'stored'; file: StoredImage }
  | { status: 'stand-in'; reason: StandInReason; png: Buffer };

export interface GenshinImageSettings {
  /** Fetches the picture's bytes: the safe fetcher (https, public addresses, size and time bounded). */
  fetchBytes: (url: string) => Promise<Buffer>;
  /** How long after a failed fetch the stand-in is served without asking upstream again. */
  retryAfterMs: number;
  /** How long the list of stored pictures is reused (other instances store pictures too). */
  cacheMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The clock of the retry times (tests move it). */
  now?: () => number;
}

const keyOf = (id: number, kind: ImageKind) => `${id}:${kind}`;
const STAND_IN_CACHE_SIZE = 64;

/**
 * The Genshin pictures on our own storage. The first request for a character's picture fetches it
 * (the safe fetcher), checks it by its magic bytes and stores it in the media store (pool
 * `genshin`, content-addressed); every later one is answered with the stored file. Requests that
 * arrive while it is being fetched wait for that one fetch (per instance); instances that fetch at
 * the same moment store the same bytes under the same hash and write the same row.
 *
 * When the picture cannot be had (upstream down or refusing, not an image, our storage down) a
 * card drawn here stands in, and the fetch is tried again after `retryAfterMs`: a failure is
 * never kept for good.
 */
export class GenshinImageService {
  private readonly inFlight = new Map<string, Promise<ImageAnswer>>();
  private readonly failures = new Map<string, { until: number; reason: StandInReason }>();
  private readonly standIns = new Map<string, Promise<Buffer>>();
  private stored: { at: number; map: Promise<Map<string, StoredImage>> } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: MediaStore,
    private readonly settings: GenshinImageSettings,
  ) {}

  private now(): number {
    return (this.settings.now ?? Date.now)();
  }

  /** Every stored picture by character id and kind, from a short-lived cache. */
  storedImages(): Promise<Map<string, StoredImage>> {
    const now = Date.now();
    if (this.stored && now - this.stored.at < this.settings.cacheMs) return this.stored.map;
    const map = listStoredImages(this.db).then(
      (rows) => new Map(rows.map((r) => [`${r.character_id}:${r.kind}`, { sha256: r.sha256, ext: r.ext }])),
    );
    this.stored = { at: now, map };
    // A database that does not answer leaves the pictures at their own routes, which still work.
    map.catch(() => {
      if (this.stored?.map === map) this.stored = undefined;
    });
    return map;
  }

  /** The stored file of one picture, when there is one (from the cache). */
  async storedImage(id: number, kind: ImageKind): Promise<StoredImage | undefined> {
    return (await this.storedImages().catch(() => new Map<string, StoredImage>())).get(keyOf(id, kind));
  }

  /** The picture of a kind: stored (now or before), or a stand-in. Null when the data has none of that kind. */
  async image(character: GenshinCharacter, kind: ImageKind): Promise<ImageAnswer | null> {
    const source = character.images[kind];
    if (!source) return null;
    const key = keyOf(character.id, kind);
    const cached = await this.storedImage(character.id, kind);
    if (cached) return { status: 'stored', file: cached };
    const failed = this.failures.get(key);
    if (failed && failed.until > this.now()) return this.standIn(character, kind, failed.reason);
    let running = this.inFlight.get(key);
    if (!running) {
      running = this.lookUpOrFetch(character, kind, source).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return running;
  }

  /**
   * The database first, inside the single flight: a request that missed the fetch before it
   * finished finds its row here rather than fetching again; so does one on another instance.
   */
  private async lookUpOrFetch(
    character: GenshinCharacter,
    kind: ImageKind,
    source: string,
  ): Promise<ImageAnswer> {
    let known: StoredImage | undefined;
    try {
      known = await findStoredImage(this.db, character.id, kind);
    } catch (error) {
      this.settings.log.warn(
        { err: error, character: character.name, kind },
        'genshin picture lookup failed',
      );
      return this.standIn(character, kind, 'storage-unavailable');
    }
    if (known) return { status: 'stored', file: { sha256: known.sha256, ext: known.ext } };
    return this.fetchAndStore(character, kind, source);
  }

  private async fetchAndStore(
    character: GenshinCharacter,
    kind: ImageKind,
    source: string,
  ): Promise<ImageAnswer> {
    const key = keyOf(character.id, kind);
    try {
      const bytes = await this.settings.fetchBytes(source);
      // The store reads the magic bytes: anything but an image is refused before it is kept.
      const added = await this.store.addBuffer(GENSHIN_POOL, bytes, {
        artistName: 'HoYoverse',
        sourceUrl: source,
        animeName: 'Genshin Impact',
      });
      await saveStoredImage(this.db, {
        character_id: character.id,
        kind,
        sha256: added.sha256,
        ext: added.ext,
        source_url: source,
      });
      this.failures.delete(key);
      this.stored = undefined;
      return { status: 'stored', file: { sha256: added.sha256, ext: added.ext } };
    } catch (error) {
      const reason = reasonOf(error);
      this.settings.log.warn(
        { err: error, character: character.name, kind, source, reason },
        'genshin picture could not be stored; a stand-in is served until it is tried again',
      );
      this.failures.set(key, { until: this.now() + this.settings.retryAfterMs, reason });
      return this.standIn(character, kind, reason);
    }
  }

  private async standIn(
    character: GenshinCharacter,
    kind: ImageKind,
    reason: StandInReason,
  ): Promise<ImageAnswer> {
    const key = keyOf(character.id, kind);
    let png = this.standIns.get(key);
    if (!png) {
      png = standInCard(character, kind);
      png.catch(() => this.standIns.delete(key));
      if (this.standIns.size >= STAND_IN_CACHE_SIZE) {
        const oldest = this.standIns.keys().next().value;
        if (oldest !== undefined) this.standIns.delete(oldest);
      }
      this.standIns.set(key, png);
    }
    return { status: 'stand-in', reason, png: await png };
  }
}

function reasonOf(error: unknown): StandInReason {
  if (error instanceof SafeFetchError) {
    switch (error.code) {
      case 'FORBIDDEN_ADDRESS':
      case 'BAD_URL':
        return 'refused-address';
      case 'TOO_LARGE':
        return 'too-large';
      case 'BAD_CONTENT_TYPE':
        return 'not-an-image';
      case 'HTTP_STATUS':
        return 'upstream-status';
      default:
        return 'upstream-unreachable';
    }
  }
  if (error instanceof NotMediaError) return 'not-an-image';
  return 'storage-unavailable';
}
