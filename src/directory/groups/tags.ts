import { cleanName } from './platforms.js';

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

export type TagsResult = { ok: true; tags: string[] } | { ok: false; message: string };

/**
 * Tags arrive as a comma-separated string ("a, b"), a JSON array string ('["a","b"]') or as
 * repeated form fields (an array of either). Stored trimmed, lower-case, without a leading '#',
 * unique and in first-seen order; more than MAX_TAGS or a tag longer than MAX_TAG_LENGTH is
 * refused rather than cut, so nothing the submitter wrote disappears silently.
 */
export function normaliseTags(input: string | string[] | undefined): TagsResult {
  if (input === undefined) return { ok: true, tags: [] };
  const raw: string[] = [];
  for (const value of Array.isArray(input) ? input : [input]) {
    const parsed = tagList(value.trim());
    if (!parsed.ok) return parsed;
    raw.push(...parsed.tags);
  }
  const tags: string[] = [];
  for (const item of raw) {
    // Cleaned as names are, so an invisible character makes no second "anime".
    const tag = cleanName(item).replace(/^#+/, '').trim().toLowerCase();
    if (tag === '' || tags.includes(tag)) continue;
    if ([...tag].length > MAX_TAG_LENGTH) {
      return { ok: false, message: `each tag may have at most ${MAX_TAG_LENGTH} characters` };
    }
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) return { ok: false, message: `at most ${MAX_TAGS} tags are allowed` };
  return { ok: true, tags };
}

/**
 * One field's tags. JSON when it parses as JSON, or when it is plainly meant as a JSON array of
 * strings (it opens with `["`, so a broken one is refused rather than stored as odd tags); anything
 * else is a comma list, even when it starts with "[": `[nsfw], fun` is the tags "[nsfw]" and "fun".
 */
function tagList(text: string): TagsResult {
  if (!text.startsWith('[')) return { ok: true, tags: text.split(',') };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (/^\[\s*"/.test(text)) return { ok: false, message: 'is not a valid JSON array' };
    return { ok: true, tags: text.split(',') };
  }
  if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'string')) {
    return { ok: false, message: 'must be a JSON array of strings' };
  }
  return { ok: true, tags: parsed as string[] };
}

/** One tag as a filter names it (`?tag=`), in the form tags are stored: "" when it is no tag. */
export function normaliseTag(text: string): string {
  return cleanName(text).replace(/^#+/, '').trim().toLowerCase();
}
