import { createHash } from 'node:crypto';

export const HASH_ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512'] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

/** The hex digest of the UTF-8 bytes of `text`. */
export function hashText(text: string, algo: HashAlgorithm): string {
  return createHash(algo).update(text, 'utf8').digest('hex');
}
