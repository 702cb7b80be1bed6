import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBlob } from '../lib/storage/blob-store.js';
import { DEMO_CREDIT, DEMO_TARGETS, type DemoTask, demoTasks, LEGACY_DEMO_CREDIT } from './demo-plan.js';
import { renderLegacyDemoVideo } from './demo-video.js';
import type { WorkerMessage, WorkerOrders } from './demo-worker.js';
import { itemsCreditedAs, listPoolItems } from './media-repository.js';
import type { MediaStore } from './media-store.js';

/**
 * Demo content: generated starter files, so that a fresh install answers from every category and
 * pool (demo-plan.ts says how many). The drawing happens in child processes (demo-worker.ts) that
 * exit when done, so the server keeps none of the canvas' memory; the server stores what they
 * make. Files are content-addressed and the drawing is deterministic, so running it again adds
 * nothing; pools holding fewer demo files than their target (an upgrade from the 2–3 placeholders
 * of earlier versions) are topped up, and the old placeholders replaced. Pools holding anything
 * imported are left alone. `removeDemoContent` takes all of it out again and remembers that, so a
 * restart does not bring it back.
 */

/** Where the removal is remembered, beside the media files (the same storage on every instance). */
export const DEMO_STATE_KEY = 'media/demo-removed.json';

export interface DemoOptions {
  ffmpegPath: string;
  /** Aborting kills the generators and stops storing: nothing writes after it has returned. */
  signal?: AbortSignal;
  /** Tiny stand-in files instead of the art (the tests of the plumbing). */
  quick?: boolean;
  /** Generator processes; by default one per core, at most 2. */
  workers?: number;
  /** Only these pools (tests); all demo pools by default. */
  pools?: readonly string[];
  /** Heard once per pool, when its first demo file is stored (the pool answers from then on). */
  onPoolReady?: (pool: string) => void;
  /** Heard once per pool that is done: full, or as full as it will get (`reason` says why not). */
  onPoolDone?: (pool: string, reason?: string) => void;
}

export interface DemoPlan {
  /** Pools to fill or top up, with how many demo files each holds now. */
  pools: Array<{ pool: string; have: number; target: number }>;
  /** Pools left alone, and why. */
  skipped: Array<{ pool: string; reason: string }>;
  /** Placeholders of earlier versions, replaced once their pool is full. */
  legacy: Array<{ pool: string; sha256: string }>;
}

export interface DemoReport {
  /** Demo files added to pools. */
  added: number;
  /** Bytes of the files stored for them (files shared with another pool count once). */
  bytes: number;
  /** Pools that hold their full number of demo files now. */
  filled: string[];
  skipped: DemoPlan['skipped'];
  /** Pools left short, and why (ffmpeg missing for menuvid, a drawing that failed). */
  short: Array<{ pool: string; reason: string }>;
  /** Placeholders of earlier versions taken out. */
  legacyRemoved: number;
  ms: number;
  /** Set when demo content was removed by the operator and so not generated. */
  removed?: string;
}

interface DemoItem {
  pool: string;
  sha256: string;
  ext: string;
  size: number;
  legacy: boolean;
}

/** Demo rows: new ones carry DEMO_CREDIT in both names; earlier versions' placeholders LEGACY_DEMO_CREDIT in one. */
async function findDemoItems(
  store: MediaStore,
  ffmpegPath: string,
  signal?: AbortSignal,
): Promise<DemoItem[]> {
  const rows = await itemsCreditedAs(store.db, [DEMO_CREDIT, LEGACY_DEMO_CREDIT]);
  const items: DemoItem[] = [];
  for (const row of rows) {
    const legacy = row.artist_name === LEGACY_DEMO_CREDIT || row.anime_name === LEGACY_DEMO_CREDIT;
    const current = row.artist_name === DEMO_CREDIT && row.anime_name === DEMO_CREDIT;
    if (legacy || current)
      items.push({ pool: row.pool, sha256: row.sha256, ext: row.ext, size: Number(row.size), legacy });
  }
  // Earlier versions stored their menuvid clip without credits: it is recognised by its bytes,
  // which ffmpeg makes again bit for bit, and only where those versions' placeholders are found.
  if (items.some((item) => item.legacy)) {
    const uncredited = (await listPoolItems(store.db, 'menuvid')).filter(
      (item) => !item.artist_name && !item.anime_name && !item.source_url && !item.artist_href,
    );
    if (uncredited.length > 0) {
      const video = await renderLegacyDemoVideo(ffmpegPath, signal);
      if ('bytes' in video) {
        const sha256 = createHash('sha256').update(video.bytes).digest('hex');
        const match = uncredited.find((item) => item.sha256 === sha256);
        if (match)
          items.push({ pool: 'menuvid', sha256, ext: match.ext, size: Number(match.size), legacy: true });
      }
    }
  }
  return items;
}

function planFrom(counts: Map<string, number>, items: DemoItem[], only?: readonly string[]): DemoPlan {
  const plan: DemoPlan = { pools: [], skipped: [], legacy: [] };
  for (const [pool, { count: target }] of DEMO_TARGETS) {
    if (only && !only.includes(pool)) continue;
    const mine = items.filter((item) => item.pool === pool);
    const have = mine.filter((item) => !item.legacy).length;
    const others = (counts.get(pool) ?? 0) - mine.length;
    if (others > 0)
      plan.skipped.push({ pool, reason: `holds ${others} imported file${others === 1 ? '' : 's'}` });
    else if (have >= target) plan.skipped.push({ pool, reason: 'complete' });
    else plan.pools.push({ pool, have, target });
    if (others === 0)
      for (const item of mine) if (item.legacy) plan.legacy.push({ pool, sha256: item.sha256 });
  }
  return plan;
}

/**
 * What generating would do now: the pools to fill or top up (those holding nothing but demo
 * files, fewer than their target), the pools left alone, and earlier versions' placeholders.
 */
export async function planDemoContent(
  store: MediaStore,
  ffmpegPath: string,
  signal?: AbortSignal,
  only?: readonly string[],
): Promise<DemoPlan> {
  const [counts, items] = await Promise.all([store.counts(), findDemoItems(store, ffmpegPath, signal)]);
  return planFrom(counts, items, only);
}

/** Whether the operator removed demo content (`npm run media -- demo remove`), and when. */
export async function demoRemovedAt(store: MediaStore): Promise<string | undefined> {
  if (!(await store.blobs.exists(DEMO_STATE_KEY))) return undefined;
  try {
    const state = JSON.parse((await readBlob(store.blobs, DEMO_STATE_KEY)).toString('utf8')) as {
      removedAt?: unknown;
    };
    return typeof state.removedAt === 'string' ? state.removedAt : 'an unknown time';
  } catch {
    return 'an unknown time';
  }
}

/** Scratch folders of a run that was killed (an hour old: not one of another instance running now). */
async function sweepOldScratch(scratchDir: string): Promise<void> {
  for (const name of await readdir(scratchDir).catch(() => [] as string[])) {
    if (!name.startsWith('demo-')) continue;
    const path = join(scratchDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory() && Date.now() - info.mtimeMs > 3_600_000)
      await rm(path, { recursive: true, force: true });
  }
}

/** The generator's module: compiled beside this one, or the TypeScript source under tsx. */
function workerEntry(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const typescript = here.endsWith('.ts');
  return {
    path: join(dirname(here), `demo-worker.${typescript ? 'ts' : 'js'}`),
    execArgv: typescript ? ['--import', 'tsx'] : [],
  };
}

/** One generator process and the end of it: its exit code, or the signal that ended it. */
function startWorker(orders: WorkerOrders, onMessage: (message: WorkerMessage) => void) {
  const entry = workerEntry();
  const child: ChildProcess = fork(entry.path, [], {
    execArgv: entry.execArgv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  // The server answers requests first: the drawing takes what is left of the cores.
  if (child.pid) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // Not allowed here: it runs at normal priority.
    }
  }
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.on('message', (message) => onMessage(message as WorkerMessage));
  const ended = new Promise<string | undefined>((resolve) => {
    child.once('error', (error) => resolve(`the demo generator could not start: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(undefined);
      else {
        const said = stderr.trim().split('\n').filter(Boolean).pop();
        resolve(
          `the demo generator stopped (${signal ?? `exit code ${code}`})${said ? `: ${said.slice(0, 200)}` : ''}`,
        );
      }
    });
  });
  child.send(orders);
  return { child, ended };
}

/**
 * Makes and stores the demo files the plan asks for, then replaces earlier versions'
 * placeholders in the pools that are full. The generators store what they draw themselves, over
 * their own connection (the store's `connection`), so this process only keeps count.
 */
export async function generateDemoContent(
  store: MediaStore,
  plan: DemoPlan,
  options: DemoOptions,
): Promise<DemoReport> {
  const started = Date.now();
  const report: DemoReport = {
    added: 0,
    bytes: 0,
    filled: [],
    skipped: plan.skipped,
    short: [],
    legacyRemoved: 0,
    ms: 0,
  };
  const state = new Map(
    plan.pools.map((p) => [
      p.pool,
      { ...p, ready: p.have > 0, outstanding: 0, problem: undefined as string | undefined },
    ]),
  );
  const signal = options.signal;

  if (plan.pools.length > 0) {
    const connection = store.connection;
    if (!connection) throw new Error("demo content needs the store's connection (StoreOptions.connection)");
    // A pool's tasks all go to one generator, which so knows how much room the pool has left;
    // the pools are dealt out in turn, the clips to the first.
    const count = Math.max(
      1,
      Math.min(options.workers ?? Math.min(2, availableParallelism()), plan.pools.length),
    );
    const dealt: string[][] = Array.from({ length: count }, () => []);
    for (const [i, { pool }] of plan.pools.entries()) dealt[pool === 'menuvid' ? 0 : i % count].push(pool);
    await mkdir(store.scratchDir, { recursive: true });
    await sweepOldScratch(store.scratchDir);
    const outDir = await mkdtemp(join(store.scratchDir, 'demo-'));

    const finishTask = (task: DemoTask) => {
      const pool = state.get(task.pool);
      if (!pool) return;
      pool.outstanding -= 1;
      if (pool.outstanding === 0) options.onPoolDone?.(task.pool, pool.ready ? undefined : pool.problem);
    };
    const onMessage = (message: WorkerMessage) => {
      const pool = state.get(message.task.pool);
      if (!pool || signal?.aborted) return;
      if (message.type === 'stored') {
        if (message.outcome !== 'full' && !pool.ready) {
          // In the pool now (a duplicate too: another instance made it at the same moment).
          pool.ready = true;
          options.onPoolReady?.(message.task.pool);
        }
        if (message.outcome === 'added' || message.outcome === 'linked') report.added += 1;
        report.bytes += message.size;
      } else pool.problem ??= message.reason;
      finishTask(message.task);
    };

    const workers = dealt.map((pools) => {
      const tasks = demoTasks(pools);
      for (const task of tasks) {
        const pool = state.get(task.pool);
        if (pool) pool.outstanding += 1;
      }
      const room = Object.fromEntries(
        pools.map((pool) => [pool, (state.get(pool)?.target ?? 0) - (state.get(pool)?.have ?? 0)]),
      );
      return startWorker(
        { tasks, outDir, ffmpegPath: options.ffmpegPath, quick: options.quick ?? false, connection, room },
        onMessage,
      );
    });
    // A generator told to stop kills its ffmpeg and exits at once; one that does not is killed.
    const kill = () => {
      for (const { child, ended } of workers) {
        child.kill('SIGTERM');
        const hard = setTimeout(() => child.kill('SIGKILL'), 3000);
        void ended.then(() => clearTimeout(hard));
      }
    };
    signal?.addEventListener('abort', kill, { once: true });
    try {
      const ends = await Promise.all(workers.map((w) => w.ended));
      const crash = ends.find((end) => end !== undefined);
      // Tasks a crashed generator never reported leave their pools short, with its words.
      for (const pool of state.values()) {
        if (pool.outstanding > 0 && !signal?.aborted)
          pool.problem ??= crash ?? 'the demo generator ended early';
        while (pool.outstanding > 0) finishTask({ pool: pool.pool, kind: 'still', variant: -1 });
      }
    } finally {
      signal?.removeEventListener('abort', kill);
      await rm(outDir, { recursive: true, force: true });
    }
    signal?.throwIfAborted();
  }
  store.invalidate();

  // What the pools hold now, whoever stored it (instances that start together make the same files).
  const held = new Map<string, number>();
  if (state.size > 0) {
    for (const row of await itemsCreditedAs(store.db, [DEMO_CREDIT])) {
      if (row.artist_name === DEMO_CREDIT && row.anime_name === DEMO_CREDIT) {
        held.set(row.pool, (held.get(row.pool) ?? 0) + 1);
      }
    }
  }
  for (const pool of state.values()) {
    const count = held.get(pool.pool) ?? 0;
    if (count >= pool.target) report.filled.push(pool.pool);
    else {
      const reason = pool.problem ?? `only ${count} of ${pool.target} demo files could be made`;
      report.short.push({ pool: pool.pool, reason });
    }
  }

  // Earlier versions' placeholders give way once their pool is full.
  for (const { pool, sha256 } of plan.legacy) {
    const target = DEMO_TARGETS.get(pool)?.count ?? 0;
    const full = state.has(pool) ? (held.get(pool) ?? 0) >= target : true;
    if (!full) continue;
    signal?.throwIfAborted();
    if ((await store.remove(pool, sha256)).removed) report.legacyRemoved += 1;
  }
  report.ms = Date.now() - started;
  return report;
}

/** Fills and tops up every demo pool, unless the operator removed demo content. */
export async function ensureDemoContent(store: MediaStore, options: DemoOptions): Promise<DemoReport> {
  const removed = await demoRemovedAt(store);
  if (removed) {
    return { added: 0, bytes: 0, filled: [], skipped: [], short: [], legacyRemoved: 0, ms: 0, removed };
  }
  const plan = await planDemoContent(store, options.ffmpegPath, options.signal, options.pools);
  return generateDemoContent(store, plan, options);
}

export interface DemoRemoval {
  /** Removed pool memberships, by pool. */
  byPool: Map<string, number>;
  items: number;
  /** Stored files deleted (no pool used them any more) and their bytes. */
  filesDeleted: number;
  bytesFreed: number;
}

/**
 * Takes every demo file out of its pool (this version's and earlier versions' placeholders),
 * deletes the bytes no pool uses any more, and remembers the removal so that the server does not
 * generate them again. Imported files are never touched: they carry no demo credit.
 */
export async function removeDemoContent(
  store: MediaStore,
  options: { ffmpegPath: string },
): Promise<DemoRemoval> {
  const items = await findDemoItems(store, options.ffmpegPath);
  const removal: DemoRemoval = { byPool: new Map(), items: 0, filesDeleted: 0, bytesFreed: 0 };
  for (const item of items) {
    const result = await store.remove(item.pool, item.sha256);
    if (!result.removed) continue;
    removal.items += 1;
    removal.byPool.set(item.pool, (removal.byPool.get(item.pool) ?? 0) + 1);
    if (result.fileDeleted) {
      removal.filesDeleted += 1;
      removal.bytesFreed += item.size;
    }
  }
  await store.blobs.put(
    DEMO_STATE_KEY,
    Buffer.from(`${JSON.stringify({ removedAt: new Date().toISOString() })}\n`),
    {
      contentType: 'application/json',
    },
  );
  return removal;
}

/** Forgets a removal: demo content is generated again (now by the caller, or at the next start). */
export async function allowDemoContent(store: MediaStore): Promise<boolean> {
  const was = await store.blobs.exists(DEMO_STATE_KEY);
  if (was) await store.blobs.delete(DEMO_STATE_KEY);
  return was;
}

/** Demo files per pool against their targets, for `npm run media -- demo status`. */
export async function demoStatus(store: MediaStore, ffmpegPath: string) {
  const [counts, items, removedAt] = await Promise.all([
    store.counts(),
    findDemoItems(store, ffmpegPath),
    demoRemovedAt(store),
  ]);
  const byPool = new Map<string, number>();
  for (const item of items) if (!item.legacy) byPool.set(item.pool, (byPool.get(item.pool) ?? 0) + 1);
  return {
    plan: planFrom(counts, items),
    byPool,
    items: items.length,
    legacy: items.filter((item) => item.legacy).length,
    bytes: items.reduce((sum, item) => sum + item.size, 0),
    removedAt,
  };
}
