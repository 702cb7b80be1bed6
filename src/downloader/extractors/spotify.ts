import { decodeEntities, findObjects, isRecord, jsonScripts, metaContent, str } from './embedded-json.js';

export interface SpotifyTrack {
  title: string;
  artists: string[];
  /** Milliseconds, when the page gives it. */
  durationMs: number | null;
  coverUrl: string | null;
}

export const spotifyEmbedUrl = (trackId: string) => `https://open.spotify.com/embed/track/${trackId}`;

/** The cover must come from Spotify's image CDN. */
export function isSpotifyImageUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      (parsed.hostname === 'i.scdn.co' || parsed.hostname.endsWith('.scdn.co'))
    );
  } catch {
    return false;
  }
}

/**
 * Title, artists, duration and the largest cover of a track, from the public embed page's
 * `__NEXT_DATA__` (the entity the player renders); the og: tags are the fallback.
 */
export function extractSpotifyTrack(html: string): SpotifyTrack | null {
  let track = null as SpotifyTrack | null;
  for (const data of jsonScripts(html, '__NEXT_DATA__')) {
    findObjects(data, (node) => {
      if (node.type !== 'track' || !str(node.name) || !Array.isArray(node.artists)) return false;
      const artists = node.artists
        .map((a) => (isRecord(a) ? str(a.name) : null))
        .filter((a): a is string => Boolean(a));
      const duration =
        typeof node.duration === 'number'
          ? node.duration
          : typeof node.duration_ms === 'number'
            ? node.duration_ms
            : null;
      track = { title: str(node.name)!, artists, durationMs: duration, coverUrl: largestCover(node) };
      return true;
    });
    if (track) break;
  }
  if (track) return track;
  const title = metaContent(html, 'og:title');
  if (!title) return null;
  const description = metaContent(html, 'og:description') ?? '';
  // "Song · Artist · 2021" style descriptions carry the artist second.
  const artist = description.split('·').map((p) => p.trim())[1];
  const cover = metaContent(html, 'og:image');
  return {
    title: decodeEntities(title),
    artists: artist ? [artist] : [],
    durationMs: null,
    coverUrl: cover && isSpotifyImageUrl(cover) ? cover : null,
  };
}

function largestCover(node: Record<string, unknown>): string | null {
  const lists: unknown[] = [];
  if (isRecord(node.visualIdentity) && Array.isArray(node.visualIdentity.image))
    lists.push(...node.visualIdentity.image);
  if (isRecord(node.coverArt) && Array.isArray(node.coverArt.sources)) lists.push(...node.coverArt.sources);
  if (Array.isArray(node.images)) lists.push(...node.images);
  const images = lists
    .filter(isRecord)
    .map((i) => ({ url: str(i.url), size: Number(i.maxWidth ?? i.width ?? 0) }));
  const best = images.filter((i) => i.url && isSpotifyImageUrl(i.url)).sort((a, b) => b.size - a.size)[0];
  return best?.url ?? null;
}
