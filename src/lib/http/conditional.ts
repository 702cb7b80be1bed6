import { hash } from 'node:crypto';

/** Entity tags and the conditional request headers that compare them (RFC 9110 §8.8.3, §13). */

/** A strong ETag from the bytes themselves: equal bytes, equal tag, on every instance. */
export function strongEtag(bytes: Buffer): string {
  return `"${hash('sha256', bytes, 'base64url').slice(0, 32)}"`;
}

/** An entity tag as a strong tag: its opaque part, or undefined for a weak or malformed one. */
function strongTag(tag: string): string | undefined {
  const trimmed = tag.trim();
  return /^"[^"]*"$/.test(trimmed) ? trimmed : undefined;
}

/**
 * Whether an If-Match header lets the request through (RFC 9110 §13.1.1): absent, `*` (the file
 * exists, or we would not be here) or a list holding our tag. Strong comparison: a weak tag never
 * matches, as the RFC asks for If-Match.
 */
export function ifMatchPasses(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => strongTag(tag) === etag);
}

/** RFC 9110 If-None-Match: "*" or a list of tags, compared weakly (a W/ prefix does not matter). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
