import { createHash } from 'node:crypto';

/** A strong ETag from the bytes themselves: equal bytes, equal tag, on every instance. */
export function strongEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 If-None-Match: "*" or a list of tags, compared weakly (a W/ prefix does not matter). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
