/**
 * The pools the public API serves. Anime categories follow nekos.best v2 (4 image categories and
 * its reaction GIFs); media pools are the CDN pools docs/media.md lists. Both share one namespace, so the
 * pool "kiss" is at once the GIF category /api/v1/kiss and the media pool /api/v1/media/kiss.
 */
export const IMAGE_CATEGORIES = ['husbando', 'kitsune', 'neko', 'waifu'] as const;

export const GIF_CATEGORIES = [
  'angry',
  'baka',
  'bite',
  'bleh',
  'blowkiss',
  'blush',
  'bonk',
  'bored',
  'carry',
  'clap',
  'confused',
  'cry',
  'cuddle',
  'dance',
  'facepalm',
  'feed',
  'handhold',
  'handshake',
  'happy',
  'highfive',
  'hug',
  'kabedon',
  'kick',
  'kiss',
  'lappillow',
  'laugh',
  'lurk',
  'nod',
  'nom',
  'nope',
  'nya',
  'pat',
  'peck',
  'poke',
  'pout',
  'punch',
  'run',
  'salute',
  'shake',
  'shoot',
  'shocked',
  'shrug',
  'sip',
  'slap',
  'sleep',
  'smile',
  'smug',
  'spin',
  'stare',
  'tableflip',
  'teehee',
  'think',
  'thumbsup',
  'tickle',
  'wag',
  'wave',
  'wink',
  'yawn',
  'yeet',
] as const;

/** The public media pools (docs/media.md, "Media pools"). */
export const MEDIA_POOLS = ['menu', 'sleep', 'kiss', 'canvas', 'menuvid'] as const;

/**
 * The Genshin character pictures, stored on their first request (docs/anime.md): served by their
 * own file URLs to everyone, but no route picks from the pool.
 */
export const GENSHIN_POOL = 'genshin';
const FILE_ONLY_POOLS: readonly string[] = [GENSHIN_POOL];

export type CategoryFormat = 'image' | 'gif';

const IMAGE_SET = new Set<string>(IMAGE_CATEGORIES);
const GIF_SET = new Set<string>(GIF_CATEGORIES);

/** The nekos.best-style format of an anime category, or undefined when it is not one. */
export function categoryFormat(name: string): CategoryFormat | undefined {
  if (IMAGE_SET.has(name)) return 'image';
  if (GIF_SET.has(name)) return 'gif';
  return undefined;
}

/**
 * What a pool promises its clients, and so the only files it takes:
 * - `still`: the nekos.best image categories hand out pictures (PNG, JPEG, WebP; not animated);
 * - `animated-gif`: the reaction categories (sleep and kiss among them) hand out animated GIFs;
 * - `video`: menuvid is the menu card's video;
 * - `image`: menu and canvas are backdrops, any picture will do.
 * Other pools (private ones) take any media the store accepts.
 */
export type PoolKind = 'still' | 'animated-gif' | 'video' | 'image';

const KIND_BY_POOL: Record<string, PoolKind> = {
  menuvid: 'video',
  menu: 'image',
  canvas: 'image',
  [GENSHIN_POOL]: 'image',
};

export function poolKind(pool: string): PoolKind | undefined {
  const format = categoryFormat(pool);
  if (format === 'image') return 'still';
  if (format === 'gif') return 'animated-gif';
  return KIND_BY_POOL[pool];
}

const KIND_WORDS: Record<PoolKind, string> = {
  still: 'still images (PNG, JPEG or WebP, not animated)',
  'animated-gif': 'animated GIFs',
  video: 'videos (MP4 or WebM)',
  image: 'images (PNG, JPEG, GIF or WebP)',
};

const STILL_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * Why a file does not fit the pool, or undefined when it does. Animated means more than one
 * frame, which the probe records as a duration.
 */
export function kindMismatch(
  pool: string,
  file: { mime: string; durationMs: number | null },
): string | undefined {
  const kind = poolKind(pool);
  if (!kind) return undefined;
  const animated = file.durationMs !== null;
  const fits =
    kind === 'still'
      ? STILL_TYPES.has(file.mime) && !animated
      : kind === 'animated-gif'
        ? file.mime === 'image/gif' && animated
        : kind === 'video'
          ? file.mime.startsWith('video/')
          : file.mime.startsWith('image/');
  if (fits) return undefined;
  const what = file.mime.startsWith('video/') ? 'a video' : animated ? 'an animated image' : 'a still image';
  return `the pool "${pool}" takes ${KIND_WORDS[kind]}, not ${what} (${file.mime})`;
}

export const ALL_CATEGORIES: readonly string[] = [...IMAGE_CATEGORIES, ...GIF_CATEGORIES];

/** Pool names the CLI accepts: lower-case letters, digits, '-' and '_', as they appear in URLs. */
export const POOL_NAME_PATTERN = '^[a-z0-9][a-z0-9_-]{0,39}$';
const POOL_NAME = new RegExp(POOL_NAME_PATTERN);

export function isValidPoolName(name: string): boolean {
  return POOL_NAME.test(name);
}

/**
 * Where a pool may be served. A pool named in PRIVATE_POOLS is private even when it also is a
 * public name: the operator's word wins, and it disappears from every public listing.
 */
export class PoolAccess {
  /** Read live, not copied: the list is short, and it is the configuration's own. */
  constructor(private readonly privateList: readonly string[]) {}

  isPrivate(pool: string): boolean {
    return this.privateList.includes(pool);
  }

  /** An anime category that the public /:category routes serve. */
  isPublicCategory(name: string): boolean {
    return categoryFormat(name) !== undefined && !this.isPrivate(name);
  }

  /** A media pool that GET /media/:category serves to everyone. */
  isPublicMediaPool(name: string): boolean {
    return (MEDIA_POOLS as readonly string[]).includes(name) && !this.isPrivate(name);
  }

  /** A pool whose files /files/:name serves to everyone: a public category or media pool, or the Genshin pictures. */
  isPublicFilePool(name: string): boolean {
    return (
      this.isPublicCategory(name) ||
      this.isPublicMediaPool(name) ||
      (FILE_ONLY_POOLS.includes(name) && !this.isPrivate(name))
    );
  }

  publicCategories(format?: CategoryFormat): string[] {
    return ALL_CATEGORIES.filter((c) => !this.isPrivate(c) && (!format || categoryFormat(c) === format));
  }

  publicMediaPools(): string[] {
    return MEDIA_POOLS.filter((p) => !this.isPrivate(p));
  }

  privatePools(): string[] {
    return [...this.privateList];
  }
}
