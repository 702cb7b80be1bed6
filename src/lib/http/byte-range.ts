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

/**
 * The Range header @fastify/send should see for a verdict: one normalised `bytes=a-b`, or none.
 * send parses Range again by its own rules (a suffix longer than the file is unsatisfiable to it,
 * while RFC 9110 §14.1.3 makes it the whole file), so it only ever gets what we have settled.
 */
export function normalisedRange(verdict: RangeVerdict): string | undefined {
  return verdict.kind === 'single' ? `bytes=${verdict.start}-${verdict.end}` : undefined;
}

/**
 * Whether a Range asks for bytes after the start of the file, i.e. the client holds the earlier
 * ones already (`curl -C -` sends `bytes=N-`; a suffix reads the end of a known file). A range from
 * byte 0, as video players send first, starts a new download. Malformed headers resume nothing.
 */
export function rangeContinuesDownload(header: string | undefined): boolean {
  if (header === undefined) return false;
  const match = /^\s*bytes\s*=\s*([^,]*)/i.exec(header);
  if (!match) return false;
  const first = SPEC.exec(match[1].trim());
  if (!first || (first[1] === '' && first[2] === '')) return false;
  return first[1] === '' || Number(first[1]) > 0;
}
