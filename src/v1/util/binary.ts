import { badRequest } from '../../lib/problem.js';

/** The UTF-8 bytes of `text` as 8-bit groups separated by spaces. */
export function encodeBinary(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => byte.toString(2).padStart(8, '0')).join(' ');
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * 8-bit groups → UTF-8 text. Groups may be separated by whitespace or written as one run of bits
 * whose length is a multiple of 8.
 */
export function decodeBinary(bits: string): string {
  const compact = bits.trim();
  if (compact === '') throw badRequest('text', 'has nothing to decode');
  if (/[^01\s]/.test(compact)) throw badRequest('text', 'may contain only 0, 1 and spaces');
  const groups = compact.split(/\s+/).flatMap((run) => {
    if (run.length % 8 !== 0)
      throw badRequest('text', `has a group that is not made of 8-bit bytes: "${run}"`);
    return run.match(/.{8}/g) ?? [];
  });
  try {
    return UTF8.decode(Uint8Array.from(groups, (group) => Number.parseInt(group, 2)));
  } catch {
    throw badRequest('text', 'is not the UTF-8 encoding of any text');
  }
}
