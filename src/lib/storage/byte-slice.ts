import { Readable } from 'node:stream';

/**
 * Bytes `skip` to `skip + length` of a stream, as a stream; the source is destroyed once they
 * have passed (or when the reader stops early), so nothing more of it is read.
 */
export function sliceStream(source: Readable, skip: number, length: number): Readable {
  async function* slice() {
    let toSkip = skip;
    let left = length;
    try {
      for await (const data of source) {
        let chunk = data as Buffer;
        if (toSkip >= chunk.length) {
          toSkip -= chunk.length;
          continue;
        }
        chunk = chunk.subarray(toSkip);
        toSkip = 0;
        if (chunk.length >= left) {
          yield chunk.subarray(0, left);
          return;
        }
        left -= chunk.length;
        yield chunk;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
