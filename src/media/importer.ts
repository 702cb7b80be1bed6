import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Credits } from './media-repository.js';
import type { AddOutcome, MediaStore } from './media-store.js';
import { NotMediaError } from './probe.js';

/** An http(s) URL, or "" to clear one that was given before. */
const HttpUrl = Type.Union([
  Type.String({ maxLength: 2000, pattern: '^https?://[^\\s]+$' }),
  Type.Literal(''),
]);
const SidecarEntry = Type.Object(
  {
    artist_name: Type.Optional(Type.String({ maxLength: 200 })),
    artist_href: Type.Optional(HttpUrl),
    source_url: Type.Optional(HttpUrl),
    anime_name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
/** Credits by file name (or path relative to the imported directory); "*" applies to all others. */
export const SidecarSchema = Type.Record(Type.String(), SidecarEntry);
export type Sidecar = Type.Static<typeof SidecarSchema>;

export class SidecarError extends Error {}

export function parseSidecar(text: string): Sidecar {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SidecarError('the credits file is not valid JSON');
  }
  if (!Value.Check(SidecarSchema, data)) {
    const first = [...Value.Errors(SidecarSchema, data)][0];
    throw new SidecarError(
      `the credits file is invalid at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}`,
    );
  }
  return data;
}

/** An empty string in the sidecar clears that credit; a missing one leaves it as it is. */
const given = (value: string | undefined) => (value === '' ? null : value);

function creditsFor(sidecar: Sidecar | undefined, name: string, rel: string): Credits {
  const entry = sidecar?.[rel] ?? sidecar?.[name] ?? sidecar?.['*'];
  if (!entry) return {};
  return {
    artistName: given(entry.artist_name),
    artistHref: given(entry.artist_href),
    sourceUrl: given(entry.source_url),
    animeName: given(entry.anime_name),
  };
}

/** Every regular file below the given paths, dot files skipped, in a stable order. */
export async function expandPaths(paths: string[]): Promise<Array<{ path: string; rel: string }>> {
  const out: Array<{ path: string; rel: string }> = [];
  const walk = async (dir: string, base: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, base);
      else if (entry.isFile()) out.push({ path: full, rel: relative(base, full) });
    }
  };
  for (const path of paths) {
    const info = await stat(path);
    if (info.isDirectory()) await walk(path, path);
    else out.push({ path, rel: basename(path) });
  }
  return out;
}

export interface ImportEntry {
  path: string;
  outcome: AddOutcome | 'refused';
  sha256?: string;
  reason?: string;
}

export interface ImportReport {
  entries: ImportEntry[];
  added: number;
  linked: number;
  /** Already in the pool; the sidecar corrected their credits. */
  updated: number;
  duplicates: number;
  refused: number;
}

/**
 * Imports files and directories into a pool. Non-media files and media the pool does not take
 * (a video for a still category, say) are refused; files the pool holds already are skipped, or
 * get the credits the sidecar gives for them now ("updated").
 */
export async function importIntoPool(
  store: MediaStore,
  pool: string,
  paths: string[],
  options: { sidecar?: Sidecar; onEntry?: (entry: ImportEntry) => void } = {},
): Promise<ImportReport> {
  const report: ImportReport = { entries: [], added: 0, linked: 0, updated: 0, duplicates: 0, refused: 0 };
  for (const { path, rel } of await expandPaths(paths)) {
    let entry: ImportEntry;
    try {
      const result = await store.addFile(pool, path, creditsFor(options.sidecar, basename(path), rel));
      entry = { path, outcome: result.outcome, sha256: result.sha256 };
      if (result.outcome === 'added') report.added += 1;
      else if (result.outcome === 'linked') report.linked += 1;
      else if (result.outcome === 'updated') report.updated += 1;
      else report.duplicates += 1;
    } catch (error) {
      if (!(error instanceof NotMediaError)) throw error;
      entry = { path, outcome: 'refused', reason: error.message };
      report.refused += 1;
    }
    report.entries.push(entry);
    options.onEntry?.(entry);
  }
  return report;
}

export async function readSidecar(path: string): Promise<Sidecar> {
  return parseSidecar(await readFile(path, 'utf8'));
}
