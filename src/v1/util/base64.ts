import { badRequest } from '../../lib/problem.js';

export function encodeBase64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes standard or URL-safe Base64, padding optional. Node's decoder silently skips whatever
 * it does not understand, so the input is checked by encoding the result again: anything that
 * does not round-trip (stray characters, a dangling sixth bit, bad padding) is refused.
 * Line breaks are ignored, and a space counts as '+', which is what an unencoded '+' in a query
 * string turns into.
 */
export function decodeBase64(input: string): string {
  const compact = input.replace(/[\r\n\t]/g, '').replaceAll(' ', '+');
  const unpadded = compact.replace(/={1,2}$/, '');
  const padded = compact.length !== unpadded.length;
  if (padded && compact.length % 4 !== 0) throw badRequest('text', 'has wrong Base64 padding');
  const standard = unpadded.replaceAll('-', '+').replaceAll('_', '/');
  const bytes = Buffer.from(standard, 'base64');
  if (bytes.toString('base64').replace(/=+$/, '') !== standard) {
    throw badRequest('text', 'is not valid Base64');
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw badRequest('text', 'decodes to bytes that are not UTF-8 text');
  }
}
