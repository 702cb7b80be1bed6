import { parseArgs } from 'node:util';
import { ALL_CATEGORIES, isValidPoolName, MEDIA_POOLS } from './categories.js';
import { allowDemoContent, demoStatus, ensureDemoContent, removeDemoContent } from './demo-content.js';
import { importIntoPool, readSidecar, SidecarError } from './importer.js';
import { formatOfName } from './manifest.js';
import {
  exportManifestCommand,
  importManifestCommand,
  type ManifestIo,
  ManifestUsageError,
} from './manifest-commands.js';
import { listItems } from './media-repository.js';
import type { MediaStore } from './media-store.js';

export const USAGE = `usage:
  npm run media -- import <pool> <dir|files…> [--credits credits.json]
  npm run media -- import-manifest <file.json|.ndjson|.csv> [--parallel N] [--max-mb N]
  npm run media -- export-manifest <dir> [--pool P] [--format ndjson|json|csv]
  npm run media -- list [pool] [--limit N]
  npm run media -- remove <pool> <sha256>
  npm run media -- stats
  npm run media -- demo status|remove|add`;

export class UsageError extends Error {}

export type Output = ManifestIo;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

function checkPool(pool: string | undefined, privatePools: readonly string[], io: Output): string {
  if (!pool || !isValidPoolName(pool)) {
    throw new UsageError(
      `the pool must be lower-case letters, digits, "-" or "_" (got "${pool ?? ''}")\n${USAGE}`,
    );
  }
  const served =
    ALL_CATEGORIES.includes(pool) ||
    (MEDIA_POOLS as readonly string[]).includes(pool) ||
    privatePools.includes(pool);
  if (!served) io.err(`note: no route serves the pool "${pool}" unless PRIVATE_POOLS names it`);
  return pool;
}

/**
 * The operator commands of `npm run media`, separate from process concerns so that tests run
 * them against a test database. Returns the exit code.
 */
export async function runMediaCommand(
  argv: string[],
  store: MediaStore,
  options: {
    privatePools: readonly string[];
    /** For the demo video (FFMPEG_PATH); `ffmpeg` when not given. */
    ffmpegPath?: string;
    /** Demo content as tiny stand-in files (tests). */
    demoQuick?: boolean;
  },
  io: Output,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      credits: { type: 'string' },
      limit: { type: 'string', default: '50' },
      parallel: { type: 'string', default: '4' },
      'max-mb': { type: 'string', default: '50' },
      pool: { type: 'string' },
      format: { type: 'string', default: 'ndjson' },
    },
  });
  const wholeNumber = (name: string, text: string, max: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new UsageError(`--${name} takes a whole number from 1 to ${max}`);
    return n;
  };
  const [command, ...args] = positionals;
  switch (command) {
    case 'import': {
      const [poolArg, ...paths] = args;
      const pool = checkPool(poolArg, options.privatePools, io);
      if (paths.length === 0) throw new UsageError(`name at least one file or directory\n${USAGE}`);
      let sidecar: Awaited<ReturnType<typeof readSidecar>> | undefined;
      if (values.credits) {
        try {
          sidecar = await readSidecar(values.credits);
        } catch (error) {
          if (error instanceof SidecarError) throw new UsageError(error.message);
          throw new UsageError(`cannot read the credits file ${values.credits}: ${(error as Error).message}`);
        }
      }
      const report = await importIntoPool(store, pool, paths, {
        sidecar,
        onEntry: (entry) => {
          if (entry.outcome === 'refused') io.err(`refused    ${entry.path}: ${entry.reason}`);
          else if (entry.outcome === 'duplicate')
            io.out(`duplicate  ${entry.path} (already in ${pool}, skipped)`);
          else if (entry.outcome === 'updated')
            io.out(`updated    ${entry.path} (already in ${pool}; credits corrected) → ${entry.sha256}`);
          else io.out(`${entry.outcome.padEnd(10)} ${entry.path} → ${entry.sha256}`);
        },
      }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new UsageError(`no such file or directory: ${error.path ?? ''}`);
        throw error;
      });
      io.out(
        `${pool}: ${report.added} added, ${report.linked} linked to stored bytes, ${report.updated} credits updated, ${report.duplicates} duplicates skipped, ${report.refused} refused`,
      );
      return report.refused > 0 ? 1 : 0;
    }
    case 'import-manifest': {
      const [file] = args;
      if (!file || args.length > 1) throw new UsageError(`name one manifest file\n${USAGE}`);
      const known = (pool: string) =>
        ALL_CATEGORIES.includes(pool) ||
        (MEDIA_POOLS as readonly string[]).includes(pool) ||
        options.privatePools.includes(pool);
      return importManifestCommand(
        store,
        {
          file,
          knownPools: known,
          parallel: wholeNumber('parallel', values.parallel, 16),
          maxBytes: wholeNumber('max-mb', values['max-mb'], 1024) * 1024 * 1024,
        },
        io,
      ).catch(rethrowAsUsage);
    }
    case 'export-manifest': {
      const [dir] = args;
      if (!dir || args.length > 1) throw new UsageError(`name the directory to export into\n${USAGE}`);
      const format = formatOfName(`x.${values.format}`);
      if (!format) throw new UsageError('--format is one of ndjson, json, csv');
      return exportManifestCommand(store, { dir, pool: values.pool, format }, io).catch(rethrowAsUsage);
    }
    case 'list': {
      const pool = args[0] === undefined ? undefined : checkPool(args[0], options.privatePools, io);
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
        throw new UsageError('--limit takes a whole number from 1 to 100000');
      const items = await listItems(store.db, pool, limit);
      for (const item of items) {
        const size = item.width && item.height ? `${item.width}x${item.height}` : '-';
        const credit = item.artist_name ?? item.anime_name ?? '';
        io.out(
          `${item.pool}\t${item.sha256}.${item.ext}\t${formatBytes(Number(item.size))}\t${size}\t${credit}`,
        );
      }
      if (items.length === 0) io.err(pool ? `the pool "${pool}" is empty` : 'the store is empty');
      return 0;
    }
    case 'remove': {
      const [poolArg, hash] = args;
      const pool = checkPool(poolArg, options.privatePools, io);
      const sha256 = hash?.toLowerCase().replace(/\.[a-z0-9]+$/, '');
      if (!sha256 || !/^[0-9a-f]{64}$/.test(sha256))
        throw new UsageError(`name the file by its sha256\n${USAGE}`);
      const result = await store.remove(pool, sha256);
      if (!result.removed) {
        io.err(`${sha256} is not in the pool "${pool}"`);
        return 1;
      }
      io.out(
        `removed ${sha256} from ${pool}${result.fileDeleted ? '; no pool uses it any more, the file is deleted' : ''}`,
      );
      return 0;
    }
    case 'stats': {
      const stats = await store.stats();
      io.out(`${stats.files} files, ${formatBytes(stats.bytes)}`);
      for (const [pool, count] of Object.entries(stats.pools)) io.out(`${pool}\t${count}`);
      return 0;
    }
    case 'demo':
      return demoCommand(
        args,
        store,
        { ffmpegPath: options.ffmpegPath ?? 'ffmpeg', quick: options.demoQuick },
        io,
      );
    default:
      throw new UsageError(USAGE);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `npm run media -- demo status|remove|add`: the generated starter content (docs/media.md, "Demo content"). */
async function demoCommand(
  args: string[],
  store: MediaStore,
  options: { ffmpegPath: string; quick?: boolean },
  io: Output,
): Promise<number> {
  const [action, ...rest] = args;
  if (rest.length > 0) throw new UsageError(`demo takes one of status, remove, add\n${USAGE}`);
  switch (action) {
    case 'status': {
      const status = await demoStatus(store, options.ffmpegPath);
      io.out(
        `demo content: ${plural(status.items, 'file')} (${formatBytes(status.bytes)})` +
          (status.legacy > 0 ? `, ${status.legacy} of them placeholders of an earlier version` : ''),
      );
      io.out(
        status.removedAt
          ? `removed by the operator at ${status.removedAt}: not generated at start ("npm run media -- demo add" brings it back)`
          : 'generated at start while DEMO_CONTENT is on (the default)',
      );
      for (const { pool, have, target } of status.plan.pools) io.out(`to fill\t${pool}\t${have}/${target}`);
      for (const { pool, reason } of status.plan.skipped) {
        if (reason !== 'complete') io.out(`left alone\t${pool}\t${reason}`);
      }
      return 0;
    }
    case 'remove': {
      const removal = await removeDemoContent(store, { ffmpegPath: options.ffmpegPath });
      for (const [pool, count] of [...removal.byPool].sort(([a], [b]) => a.localeCompare(b)))
        io.out(`removed\t${pool}\t${count}`);
      io.out(
        `removed ${plural(removal.items, 'demo file')} from ${plural(removal.byPool.size, 'pool')}; ` +
          `${plural(removal.filesDeleted, 'stored file')} deleted (${formatBytes(removal.bytesFreed)}); imported files were not touched`,
      );
      io.out('demo content is not generated again at start; "npm run media -- demo add" brings it back');
      return 0;
    }
    case 'add': {
      const allowed = await allowDemoContent(store);
      if (allowed) io.out('the earlier removal is forgotten: demo content is generated again');
      io.out('generating demo content (about half a minute on two cores)…');
      const report = await ensureDemoContent(store, { ffmpegPath: options.ffmpegPath, quick: options.quick });
      io.out(
        `added ${plural(report.added, 'demo file')} (${formatBytes(report.bytes)}) in ${(report.ms / 1000).toFixed(1)} s; ` +
          `${plural(report.filled.length, 'pool')} filled` +
          (report.legacyRemoved > 0
            ? `, ${plural(report.legacyRemoved, 'placeholder')} of an earlier version replaced`
            : ''),
      );
      for (const { pool, reason } of report.skipped)
        if (reason !== 'complete') io.out(`left alone\t${pool}\t${reason}`);
      for (const { pool, reason } of report.short) io.err(`short\t${pool}\t${reason}`);
      return report.short.length > 0 ? 1 : 0;
    }
    default:
      throw new UsageError(`demo takes one of status, remove, add\n${USAGE}`);
  }
}

function rethrowAsUsage(error: unknown): never {
  if (error instanceof ManifestUsageError) throw new UsageError(error.message);
  throw error;
}
