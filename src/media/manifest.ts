import { extname } from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { isValidPoolName } from './categories.js';

/**
 * A manifest: rows naming a file (a local `path` or a remote `url`), the pool it goes to
 * (`category` or `pool`, the same thing) and its credits. JSON (an array), NDJSON (one object a
 * line) or CSV (a header line naming the columns). docs/media.md, "Filling a real instance".
 */
export type ManifestFormat = 'json' | 'ndjson' | 'csv';

export const MANIFEST_FIELDS = [
  'url',
  'path',
  'category',
  'pool',
  'artist_name',
  'artist_href',
  'source_url',
  'anime_name',
] as const;

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const WebUrl = Type.String({ maxLength: 2000, pattern: '^https?://[^\\s]+$' });

const RowSchema = Type.Object(
  {
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    path: Type.Optional(Text(4000)),
    category: Type.Optional(Text(40)),
    pool: Type.Optional(Text(40)),
    artist_name: Type.Optional(Text(200)),
    artist_href: Type.Optional(WebUrl),
    source_url: Type.Optional(WebUrl),
    anime_name: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
type RawRow = Type.Static<typeof RowSchema>;

export interface ManifestRow {
  /** Where the row stands in the file: its line (NDJSON, CSV) or its place in the array (JSON). */
  line: number;
  source: { url: string } | { path: string };
  pool: string;
  credits: { artist_name?: string; artist_href?: string; source_url?: string; anime_name?: string };
  /** The row as written, for the file of failed rows. */
  raw: Record<string, string>;
}

export interface RowProblem {
  line: number;
  reason: string;
  /** The row as written, when it was an object at all. */
  raw?: Record<string, unknown>;
}

export class ManifestError extends Error {}

/** The format a file name announces; undefined for any other name. */
export function formatOfName(name: string): ManifestFormat | undefined {
  const ext = extname(name).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.csv') return 'csv';
  return undefined;
}

/** Reads every row; rows that break a rule come back as problems, the others as rows. */
export function parseManifest(
  text: string,
  format: ManifestFormat,
  isKnownPool: (pool: string) => boolean,
): { rows: ManifestRow[]; problems: RowProblem[] } {
  const rows: ManifestRow[] = [];
  const problems: RowProblem[] = [];
  for (const { line, value, error } of records(text.replace(/^\uFEFF/, ''), format)) {
    if (error) {
      problems.push({ line, reason: error });
      continue;
    }
    const checked = checkRow(value, isKnownPool);
    if (typeof checked === 'string') problems.push({ line, reason: checked, raw: asRecord(value) });
    else rows.push({ ...checked, line });
  }
  return { rows, problems };
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function checkRow(
  value: unknown,
  isKnownPool: (pool: string) => boolean,
): Omit<ManifestRow, 'line'> | string {
  const record = asRecord(value);
  if (!record) return 'a row must be an object';
  // An empty cell (CSV) or an empty string says nothing: the field is left out.
  const row = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== '' && v !== null));
  if (!Value.Check(RowSchema, row)) {
    const first = [...Value.Errors(RowSchema, row)][0];
    const field =
      first?.instancePath.replace(/^\//, '') ||
      Object.keys(row).find((k) => !MANIFEST_FIELDS.includes(k as never));
    return field ? `${field}: ${first?.message ?? 'is not allowed'}` : (first?.message ?? 'invalid row');
  }
  const r = row as RawRow;
  if ((r.url === undefined) === (r.path === undefined)) return 'give exactly one of url and path';
  if (r.category !== undefined && r.pool !== undefined && r.category !== r.pool) {
    return 'category and pool name the same thing; give one';
  }
  const pool = r.category ?? r.pool;
  if (pool === undefined) return 'give a category (or pool)';
  if (!isValidPoolName(pool) || !isKnownPool(pool))
    return `unknown category "${pool}" (see /api/v1/endpoints)`;
  if (r.url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(r.url);
    } catch {
      return `url: "${r.url}" is not a URL`;
    }
    if (parsed.protocol !== 'https:') return 'url: only https URLs are fetched';
  }
  const credits: ManifestRow['credits'] = {};
  for (const field of ['artist_name', 'artist_href', 'source_url', 'anime_name'] as const) {
    if (r[field] !== undefined) credits[field] = r[field];
  }
  return {
    source: r.url !== undefined ? { url: r.url } : { path: r.path as string },
    pool,
    credits,
    raw: row as Record<string, string>,
  };
}

interface Record_ {
  line: number;
  value?: unknown;
  error?: string;
}

function* records(text: string, format: ManifestFormat): Generator<Record_> {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ManifestError(`the manifest is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(data)) throw new ManifestError('a JSON manifest is an array of rows');
    for (const [index, value] of data.entries()) yield { line: index + 1, value };
    return;
  }
  if (format === 'ndjson') {
    for (const [index, line] of text.split('\n').entries()) {
      if (!line.trim()) continue;
      try {
        yield { line: index + 1, value: JSON.parse(line) };
      } catch {
        yield { line: index + 1, error: 'not a JSON object' };
      }
    }
    return;
  }
  const table = parseCsv(text);
  const header = table[0];
  if (!header) throw new ManifestError('the CSV manifest is empty; its first line names the columns');
  const names = header.cells.map((name) => name.trim());
  const unknown = names.filter((name) => !MANIFEST_FIELDS.includes(name as never));
  if (unknown.length) {
    throw new ManifestError(
      `unknown CSV columns: ${unknown.join(', ')} (known: ${MANIFEST_FIELDS.join(', ')})`,
    );
  }
  for (const { line, cells } of table.slice(1)) {
    if (cells.length === 1 && cells[0] === '') continue;
    if (cells.length !== names.length) {
      yield { line, error: `${cells.length} cells where the header names ${names.length} columns` };
      continue;
    }
    yield { line, value: Object.fromEntries(names.map((name, i) => [name, cells[i]])) };
  }
}

/**
 * RFC 4180 CSV: commas, quoted cells with "" for a quote and line breaks inside quotes. Written
 * here because a flat table of eight text columns needs nothing more than these 30 lines.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const out: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      out.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    out.push({ line: rowLine, cells });
  }
  return out;
}

function csvCell(value: string | undefined): string {
  if (value === undefined) return '';
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows written in a manifest format; what `parseManifest` reads back. */
export function formatManifest(
  rows: Array<Record<string, string | undefined>>,
  format: ManifestFormat,
): string {
  const clean = rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (format === 'json') return `${JSON.stringify(clean, null, 2)}\n`;
  if (format === 'ndjson') return clean.map((row) => `${JSON.stringify(row)}\n`).join('');
  const columns = MANIFEST_FIELDS.filter((field) => clean.some((row) => row[field] !== undefined));
  const lines = [columns.join(','), ...clean.map((row) => columns.map((c) => csvCell(row[c])).join(','))];
  return `${lines.join('\n')}\n`;
}
