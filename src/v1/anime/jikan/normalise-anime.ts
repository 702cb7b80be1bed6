import type { Anime } from './anime-json.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const httpUrl = (value: unknown): string | null => {
  const s = text(value);
  return s && /^https?:\/\//i.test(s) ? s : null;
};
const integer = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Jikan v4's anime object → ours. Null when it lacks what identifies an anime (id and title). */
export function normaliseAnime(raw: unknown): Anime | null {
  if (!isObject(raw)) return null;
  const malId = integer(raw.mal_id);
  const title = text(raw.title);
  if (malId === null || title === null) return null;
  const images = isObject(raw.images) ? raw.images : {};
  const jpg = isObject(images.jpg) ? images.jpg : {};
  const webp = isObject(images.webp) ? images.webp : {};
  const genres = Array.isArray(raw.genres)
    ? raw.genres.map((g) => (isObject(g) ? text(g.name) : null)).filter((g): g is string => g !== null)
    : [];
  return {
    malId,
    title,
    titleEnglish: text(raw.title_english),
    score: number(raw.score),
    episodes: integer(raw.episodes),
    genres,
    synopsis: text(raw.synopsis),
    poster:
      httpUrl(jpg.large_image_url) ??
      httpUrl(jpg.image_url) ??
      httpUrl(webp.large_image_url) ??
      httpUrl(webp.image_url),
    url: httpUrl(raw.url),
    season: text(raw.season),
    year: integer(raw.year),
  };
}

/** The `data` list of a Jikan answer; entries without id or title are dropped. Throws when there is no list. */
export function normaliseList(body: unknown): Anime[] {
  if (!isObject(body) || !Array.isArray(body.data))
    throw new TypeError('a Jikan list answer has a data array');
  const seen = new Set<number>();
  const out: Anime[] = [];
  for (const item of body.data) {
    const anime = normaliseAnime(item);
    // Jikan pages can repeat an entry at their seams.
    if (anime && !seen.has(anime.malId)) {
      seen.add(anime.malId);
      out.push(anime);
    }
  }
  return out;
}

const fold = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Search answers come in Jikan's own order; an exact title match (any language) wins over it. */
export function pickBestMatch(candidates: Anime[], question: string): Anime | null {
  if (candidates.length === 0) return null;
  const wanted = fold(question);
  return (
    candidates.find(
      (a) => fold(a.title) === wanted || (a.titleEnglish !== null && fold(a.titleEnglish) === wanted),
    ) ?? candidates[0]
  );
}
