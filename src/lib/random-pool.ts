import { randomFillSync } from 'node:crypto';

/**
 * Cryptographically random bytes handed out from a pool filled 4 KiB at a time, the way Node's own
 * randomUUID() keeps its entropy: one crypto.randomBytes() call costs several µs of setup
 * whatever its size, more than the rest of an anonymous GET /api/auth/me (docs/benchmarks.md).
 * Each byte is handed out once; a slice is only valid until the next call, so callers encode it
 * at once. Ours because neither Node nor a well-kept package offers a pooled source.
 */
export class RandomPool {
  readonly #pool: Buffer;
  #offset: number;

  constructor(size = 4096) {
    this.#pool = Buffer.alloc(size);
    this.#offset = size;
  }

  /** `length` fresh random bytes as base64url text (what session and CSRF secrets are made of). */
  base64url(length: number): string {
    if (length > this.#pool.length) throw new RangeError(`at most ${this.#pool.length} bytes at a time`);
    if (this.#offset + length > this.#pool.length) {
      randomFillSync(this.#pool);
      this.#offset = 0;
    }
    const text = this.#pool.toString('base64url', this.#offset, this.#offset + length);
    this.#offset += length;
    return text;
  }
}
