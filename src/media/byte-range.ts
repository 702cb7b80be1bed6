/**
 * What a Range header asks of a file of `size` bytes (RFC 9110 §14). Only whole-byte ranges of
 * one part are served; several parts get the whole file (the RFC lets a server ignore Range),
 * which is simpler for clients than multipart/byteranges and what resuming downloads need.
 */
export type RangeVerdict =
  | { kind: 'none' }
  | { kind: 'single'; start: number; end: number }
  | { kind: 'multiple' }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

export function classifyRange(header: string | undefined, size: number): RangeVerdict {
  if (header === undefined) return { kind: 'none' };
  const match = /^\s*bytes\s*=(.*)$/i.exec(header);
  // Another unit or a malformed header is ignored, as the RFC asks.
  if (!match) return { kind: 'none' };
  const specs = match[1]
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length === 0) return { kind: 'none' };
  const satisfiable: Array<{ start: number; end: number }> = [];
  for (const spec of specs) {
    const parts = SPEC.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'none' };
    if (parts[1] === '') {
      const suffix = Number(parts[2]);
      if (suffix > 0 && size > 0) satisfiable.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(parts[1]);
    // "a-b" with b < a is malformed, and a malformed header is ignored.
    if (parts[2] !== '' && Number(parts[2]) < start) return { kind: 'none' };
    const end = parts[2] === '' ? size - 1 : Number(parts[2]);
    if (start < size) satisfiable.push({ start, end: Math.min(end, size - 1) });
  }
  if (satisfiable.length === 0) return { kind: 'unsatisfiable' };
  if (specs.length > 1) return { kind: 'multiple' };
  return { kind: 'single', ...satisfiable[0] };
}

/** Whether an If-None-Match header matches the entity tag (weak comparison, as RFC 9110 asks for it). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
