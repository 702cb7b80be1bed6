import { hash } from 'node:crypto';

export const HASH_ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512'] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

/**
 * The hex digest of the UTF-8 bytes of `text`. Node's one-shot hash() rather than a Hash object:
 * the same digest for about half the time (as for the CSRF tokens, lib/csrf-token.ts).
 */
export function hashText(text: string, algo: HashAlgorithm): string {
  return hash(algo, text, 'hex');
}
